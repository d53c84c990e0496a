"""paddle.dataset.imdb: the IMDB reviews of aclImdb_v1.tar.gz (in ~/.cache/paddle/dataset/imdb/) as word-id
lists with labels 0 (positive) and 1 (negative). paddle.text.Imdb reads through the same functions."""
import collections
import re
import string
import tarfile

from . import common
from ._deprecation import superseded_by

__all__ = []

URL = "https://dataset.bj.bcebos.com/imdb%2FaclImdb_v1.tar.gz"
MD5 = "7c2ac02c03563afcf9b574c7e56c153a"
_PUNCTUATION = string.punctuation.encode("latin-1")


def tokenize_archive(path, pattern):
    """The token lists (bytes words, lower case, punctuation removed) of the archive members matching pattern,
    in archive order."""
    with tarfile.open(path) as tarf:
        member = tarf.next()
        while member is not None:
            if pattern.match(member.name):
                text = tarf.extractfile(member).read().rstrip(b"\n\r")
                yield text.translate(None, _PUNCTUATION).lower().split()
            member = tarf.next()


def dict_of(docs, cutoff):
    """word -> id for the words seen more than cutoff times in docs, most frequent first (ties by word), then
    '<unk>'."""
    word_freq = collections.defaultdict(int)
    for doc in docs:
        for word in doc:
            word_freq[word] += 1
    kept = sorted((x for x in word_freq.items() if x[1] > cutoff), key=lambda x: (-x[1], x[0]))
    word_idx = {w: i for i, (w, _) in enumerate(kept)}
    word_idx["<unk>"] = len(kept)
    return word_idx


def labelled_docs(path, mode, word_idx):
    """(ids, label) of mode's ('train' or 'test') positive reviews (label 0), then its negative ones (label 1)."""
    unk = word_idx["<unk>"]
    out = []
    for label, kind in ((0, "pos"), (1, "neg")):
        for doc in tokenize_archive(path, re.compile(rf"aclImdb/{mode}/{kind}/.*\.txt$")):
            out.append(([word_idx.get(w, unk) for w in doc], label))
    return out


_ALL_REVIEWS = re.compile(r"aclImdb/((train)|(test))/((pos)|(neg))/.*\.txt$")


def tokenize(pattern):
    """The token lists of the cached archive's members matching `pattern` (a compiled regex).

    Args:
        pattern (re.Pattern): matched against member names.

    Returns:
        generator: lists of bytes words.

    Examples:
        .. code-block:: python

            >>> import re
            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/imdb/imdb%2FaclImdb_v1.tar.gz")
            >>> docs = paddle.dataset.imdb.tokenize(re.compile(r'aclImdb/test/pos/.*\\.txt$'))
    """
    return tokenize_archive(common.download(URL, "imdb", MD5), pattern)


def build_dict(pattern, cutoff):
    """The word dict of the reviews matching `pattern` (words seen more than cutoff times, then '<unk>').

    Args:
        pattern (re.Pattern): the members to count.
        cutoff (int): the count a word must exceed.

    Returns:
        dict: bytes word ('<unk>' as str) -> id.

    Examples:
        .. code-block:: python

            >>> import re
            >>> import paddle
            >>> # doctest: +SKIP("needs the IMDB archive")
            >>> word_idx = paddle.dataset.imdb.build_dict(re.compile(r'aclImdb/train/.*\\.txt$'), 150)
    """
    return dict_of(tokenize(pattern), cutoff)


@superseded_by("paddle.text.datasets.Imdb")
def reader_creator(pos_pattern, neg_pattern, word_idx):
    """A reader creator over the reviews matching pos_pattern (label 0) and then neg_pattern (label 1), read
    once now."""
    unk = word_idx["<unk>"]
    samples = [([word_idx.get(w, unk) for w in doc], label)
               for label, pattern in ((0, pos_pattern), (1, neg_pattern)) for doc in tokenize(pattern)]

    def reader():
        yield from samples
    return reader


@superseded_by("paddle.text.datasets.Imdb")
def train(word_idx):
    """The training reviews' reader creator: (word ids, label) samples.

    Args:
        word_idx (dict): from word_dict() or build_dict.

    Returns:
        callable: the reader creator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs the IMDB archive")
            >>> reader = paddle.dataset.imdb.train(paddle.dataset.imdb.word_dict())
    """
    return reader_creator(re.compile(r"aclImdb/train/pos/.*\.txt$"), re.compile(r"aclImdb/train/neg/.*\.txt$"),
                          word_idx)


@superseded_by("paddle.text.datasets.Imdb")
def test(word_idx):
    """The test reviews' reader creator: (word ids, label) samples.

    Args:
        word_idx (dict): from word_dict() or build_dict.

    Returns:
        callable: the reader creator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs the IMDB archive")
            >>> reader = paddle.dataset.imdb.test(paddle.dataset.imdb.word_dict())
    """
    return reader_creator(re.compile(r"aclImdb/test/pos/.*\.txt$"), re.compile(r"aclImdb/test/neg/.*\.txt$"),
                          word_idx)


@superseded_by("paddle.text.datasets.Imdb")
def word_dict():
    """The word dict of every review (train and test) with cutoff 150.

    Returns:
        dict: bytes word ('<unk>' as str) -> id.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs the IMDB archive")
            >>> word_idx = paddle.dataset.imdb.word_dict()
    """
    return build_dict(_ALL_REVIEWS, 150)


@superseded_by("paddle.text.datasets.Imdb")
def fetch():
    """Check that the archive is in the cache (purepaddle never downloads; a missing file raises)."""
    return common.download(URL, "imdb", MD5)
