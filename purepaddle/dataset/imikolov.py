"""paddle.dataset.imikolov: the Penn Treebank text of Mikolov's simple-examples.tgz (in
~/.cache/paddle/dataset/imikolov/) as n-grams or (source, target) sequences of word ids.

The words are the bytes the archive holds; '<s>' and '<e>' (and '<unk>') are str keys of the same dict, as in
Paddle. paddle.text.Imikolov reads through the same functions.
"""
import collections
import tarfile

from . import common
from ._deprecation import superseded_by

__all__ = []

URL = "https://dataset.bj.bcebos.com/imikolov%2Fsimple-examples.tgz"
MD5 = "30177ea32e27c525793142b6bf2c8e2d"
TRAIN_FILE = "./simple-examples/data/ptb.train.txt"
VALID_FILE = "./simple-examples/data/ptb.valid.txt"


class DataType:
    """The sample kinds: NGRAM (tuples of n consecutive ids) and SEQ ((<s> + ids, ids + <e>) pairs)."""

    NGRAM = 1
    SEQ = 2


def word_count(f, word_freq=None):
    """Add the words of each line of `f` (and one '<s>' and '<e>' per line) to word_freq; return it.

    Args:
        f (iterable): lines (bytes or str).
        word_freq (dict|None, optional): counts to add to (a new defaultdict(int) when None).

    Returns:
        dict: word -> count.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> freq = paddle.dataset.imikolov.word_count([b'a b a'])
            >>> freq[b'a'], freq['<s>']
            (2, 1)
    """
    if word_freq is None:
        word_freq = collections.defaultdict(int)
    for line in f:
        for w in line.strip().split():
            word_freq[w] += 1
        word_freq["<s>"] += 1
        word_freq["<e>"] += 1
    return word_freq


def dict_from_archive(path, min_word_freq):
    """word -> id for the words of the train and valid files seen more than min_word_freq times, most frequent
    first (ties by the word), '<unk>' last."""
    with tarfile.open(path) as tf:
        word_freq = word_count(tf.extractfile(VALID_FILE), word_count(tf.extractfile(TRAIN_FILE)))
    word_freq.pop("<unk>", None)
    kept = sorted((x for x in word_freq.items() if x[1] > min_word_freq), key=lambda x: (-x[1], x[0]))
    word_idx = {w: i for i, (w, _) in enumerate(kept)}
    word_idx["<unk>"] = len(kept)
    return word_idx


def samples(path, filename, word_idx, n, data_type):
    """The samples of one text file of the archive: n-gram tuples (NGRAM) or (src, trg) id lists (SEQ; n > 0
    drops sequences longer than n)."""
    unk = word_idx["<unk>"]
    with tarfile.open(path) as tf:
        for line in tf.extractfile(filename):
            if data_type == DataType.NGRAM:
                assert n > -1, "Invalid gram length"
                words = ["<s>", *line.strip().split(), "<e>"]
                if len(words) >= n:
                    ids = [word_idx.get(w, unk) for w in words]
                    for i in range(n, len(ids) + 1):
                        yield tuple(ids[i - n:i])
            elif data_type == DataType.SEQ:
                ids = [word_idx.get(w, unk) for w in line.strip().split()]
                src, trg = [word_idx["<s>"], *ids], [*ids, word_idx["<e>"]]
                if n > 0 and len(src) > n:
                    continue
                yield src, trg
            else:
                raise AssertionError("Unknown data type")


def _archive():
    return common.download(URL, "imikolov", MD5)


def build_dict(min_word_freq=50):
    """The word dict of the cached archive (words seen more than min_word_freq times, then '<unk>').

    Args:
        min_word_freq (int, optional): the count a word must exceed. Default 50.

    Returns:
        dict: word (bytes; '<s>', '<e>', '<unk>' as str) -> id.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/imikolov/imikolov%2Fsimple-examples.tgz")
            >>> word_idx = paddle.dataset.imikolov.build_dict()
    """
    return dict_from_archive(_archive(), min_word_freq)


def reader_creator(filename, word_idx, n, data_type):
    """A reader creator over one text file of the cached archive (see `samples`)."""
    def reader():
        yield from samples(_archive(), filename, word_idx, n, data_type)
    return reader


@superseded_by("paddle.text.datasets.Imikolov")
def train(word_idx, n, data_type=DataType.NGRAM):
    """The ptb.train.txt reader creator.

    Args:
        word_idx (dict): from build_dict.
        n (int): the n-gram length (NGRAM) or the longest source kept (SEQ, when > 0).
        data_type (int, optional): DataType.NGRAM (default) or DataType.SEQ.

    Returns:
        callable: the reader creator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs the imikolov archive")
            >>> reader = paddle.dataset.imikolov.train(paddle.dataset.imikolov.build_dict(), 5)
    """
    return reader_creator(TRAIN_FILE, word_idx, n, data_type)


@superseded_by("paddle.text.datasets.Imikolov")
def test(word_idx, n, data_type=DataType.NGRAM):
    """The ptb.valid.txt reader creator (the same arguments as train).

    Returns:
        callable: the reader creator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs the imikolov archive")
            >>> reader = paddle.dataset.imikolov.test(paddle.dataset.imikolov.build_dict(), 5)
    """
    return reader_creator(VALID_FILE, word_idx, n, data_type)


@superseded_by("paddle.text.datasets.Imikolov")
def fetch():
    """Check that the archive is in the cache (purepaddle never downloads; a missing file raises)."""
    return _archive()
