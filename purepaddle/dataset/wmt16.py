"""paddle.dataset.wmt16: the WMT'16 multimodal English-German pairs of wmt16.tar.gz (in
~/.cache/paddle/dataset/wmt16/). Word dictionaries are built from wmt16/train on first use and saved as
DATA_HOME/wmt16/<lang>_<size>.dict ('<s>', '<e>', '<unk>', then the most frequent words), as Paddle saves them.
paddle.text.WMT16 reads through the same functions."""
import os
import tarfile
from collections import defaultdict

from . import common
from ._deprecation import superseded_by

__all__ = []

DATA_URL = "http://paddlemodels.bj.bcebos.com/wmt/wmt16.tar.gz"
DATA_MD5 = "0c38be43600334966403524a40dcd81e"
TOTAL_EN_WORDS = 11250
TOTAL_DE_WORDS = 19220
START_MARK, END_MARK, UNK_MARK = "<s>", "<e>", "<unk>"


def dict_path(lang, dict_size):
    """Where the <lang> dictionary of dict_size words is saved."""
    return os.path.join(common.DATA_HOME, f"wmt16/{lang}_{dict_size}.dict")


def build_dict(tar_file, dict_size, save_path, column_lang):
    """Count the words of wmt16/train's column_lang side ('en' the first column, else the second) and save the
    marks and the most frequent words (ties in first-seen order), dict_size lines in all."""
    counts = defaultdict(int)
    with tarfile.open(tar_file, mode="r") as f:
        for line in f.extractfile("wmt16/train"):
            fields = line.decode().strip().split("\t")
            if len(fields) != 2:
                continue
            for w in (fields[0] if column_lang == "en" else fields[1]).split():
                counts[w] += 1
    os.makedirs(os.path.dirname(save_path), exist_ok=True)
    with open(save_path, "wb") as out:
        out.write(f"{START_MARK}\n{END_MARK}\n{UNK_MARK}\n".encode())
        for idx, (word, _) in enumerate(sorted(counts.items(), key=lambda x: x[1], reverse=True)):
            if idx + 3 == dict_size:
                break
            out.write(word.encode() + b"\n")


def load_dict(tar_file, dict_size, lang, reverse=False, column_lang=None):
    """The <lang> dictionary (built from column_lang's column, default lang's, when its file is missing or has
    another size): word -> id, or id -> word when reverse."""
    path = dict_path(lang, dict_size)
    found = False
    if os.path.exists(path):
        with open(path, "rb") as d:
            found = len(d.readlines()) == dict_size
    if not found:
        build_dict(tar_file, dict_size, path, column_lang or lang)
    with open(path, "rb") as fdict:
        words = [line.strip().decode() for line in fdict]
    return dict(enumerate(words)) if reverse else {w: i for i, w in enumerate(words)}


def pairs(tar_file, file_name, src_dict, trg_dict, src_lang):
    """(src_ids, trg_ids, trg_ids_next) of each pair of the member file_name; the marks' ids are src_dict's."""
    start_id, end_id, unk_id = src_dict[START_MARK], src_dict[END_MARK], src_dict[UNK_MARK]
    src_col = 0 if src_lang == "en" else 1
    with tarfile.open(tar_file, mode="r") as f:
        for line in f.extractfile(file_name):
            fields = line.decode().strip().split("\t")
            if len(fields) != 2:
                continue
            src_ids = [start_id] + [src_dict.get(w, unk_id) for w in fields[src_col].split()] + [end_id]
            trg_ids = [trg_dict.get(w, unk_id) for w in fields[1 - src_col].split()]
            yield src_ids, [start_id, *trg_ids], [*trg_ids, end_id]


def _other(lang):
    return "de" if lang == "en" else "en"


def capped_sizes(src_dict_size, trg_dict_size, src_lang):
    """The dictionary sizes capped at the vocabulary sizes of the two languages."""
    return (min(src_dict_size, TOTAL_EN_WORDS if src_lang == "en" else TOTAL_DE_WORDS),
            min(trg_dict_size, TOTAL_DE_WORDS if src_lang == "en" else TOTAL_EN_WORDS))


def reader_creator(tar_file, file_name, src_dict_size, trg_dict_size, src_lang):
    """A reader creator of (src_ids, trg_ids, trg_ids_next) over the member file_name.

    Args:
        tar_file (str): wmt16.tar.gz.
        file_name (str): 'wmt16/train', 'wmt16/test' or 'wmt16/val'.
        src_dict_size (int): the source dictionary size.
        trg_dict_size (int): the target dictionary size.
        src_lang (str): 'en' or 'de'.

    Returns:
        callable: the reader creator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs wmt16.tar.gz")
            >>> r = paddle.dataset.wmt16.reader_creator('wmt16.tar.gz', 'wmt16/train', 1000, 1000, 'en')
    """
    def reader():
        src_dict = load_dict(tar_file, src_dict_size, src_lang)
        trg_dict = load_dict(tar_file, trg_dict_size, _other(src_lang))
        yield from pairs(tar_file, file_name, src_dict, trg_dict, src_lang)
    return reader


def _split(file_name, src_dict_size, trg_dict_size, src_lang, sep=" "):
    if src_lang not in ("en", "de"):
        raise ValueError(f"An error language type.{sep}Only support: en (for English); de(for Germany).")
    src_dict_size, trg_dict_size = capped_sizes(src_dict_size, trg_dict_size, src_lang)
    return reader_creator(common.download(DATA_URL, "wmt16", DATA_MD5, "wmt16.tar.gz"), file_name, src_dict_size,
                          trg_dict_size, src_lang)


@superseded_by("paddle.text.datasets.WMT16")
def train(src_dict_size, trg_dict_size, src_lang="en"):
    """The training reader creator.

    Args:
        src_dict_size (int): the source dictionary size.
        trg_dict_size (int): the target dictionary size.
        src_lang (str, optional): 'en' (default) or 'de'.

    Returns:
        callable: yields (src_ids, trg_ids, trg_ids_next).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/wmt16/wmt16.tar.gz")
            >>> src, trg, trg_next = next(paddle.dataset.wmt16.train(1000, 1000)())
    """
    return _split("wmt16/train", src_dict_size, trg_dict_size, src_lang, "  ")


@superseded_by("paddle.text.datasets.WMT16")
def test(src_dict_size, trg_dict_size, src_lang="en"):
    """The test reader creator (as train)."""
    return _split("wmt16/test", src_dict_size, trg_dict_size, src_lang)


@superseded_by("paddle.text.datasets.WMT16")
def validation(src_dict_size, trg_dict_size, src_lang="en"):
    """The validation reader creator (as train)."""
    return _split("wmt16/val", src_dict_size, trg_dict_size, src_lang)


@superseded_by("paddle.text.datasets.WMT16")
def get_dict(lang, dict_size, reverse=False):
    """A dictionary saved by an earlier train/test/validation call.

    Args:
        lang (str): 'en' or 'de'.
        dict_size (int): its size.
        reverse (bool, optional): id -> word instead of word -> id. Default False.

    Returns:
        dict: the dictionary.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs a dictionary built by paddle.dataset.wmt16.train")
            >>> en = paddle.dataset.wmt16.get_dict('en', 1000)
    """
    dict_size = min(dict_size, TOTAL_EN_WORDS if lang == "en" else TOTAL_DE_WORDS)
    assert os.path.exists(dict_path(lang, dict_size)), "Word dictionary does not exist. "
    return load_dict(os.path.join(common.DATA_HOME, "wmt16.tar.gz"), dict_size, lang, reverse)


@superseded_by("paddle.text.datasets.WMT16")
def fetch():
    """Check that wmt16.tar.gz is in the cache (purepaddle never downloads; a missing file raises)."""
    return common.download(DATA_URL, "wmt16", DATA_MD5, "wmt16.tar.gz")
