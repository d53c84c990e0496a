"""paddle.dataset.wmt14: the WMT'14 English-French subset of wmt14.tgz (in ~/.cache/paddle/dataset/wmt14/):
(source ids with <s> and <e>, <s> + target ids, target ids + <e>) per sentence pair, pairs longer than 80 ids
dropped. paddle.text.WMT14 reads through the same functions."""
import tarfile

from . import common
from ._deprecation import superseded_by

__all__ = []

URL_DEV_TEST = "http://www-lium.univ-lemans.fr/~schwenk/cslm_joint_paper/data/dev+test.tgz"
MD5_DEV_TEST = "7d7897317ddd8ba0ae5c5fa7248d3ff5"
URL_TRAIN = "http://paddlemodels.bj.bcebos.com/wmt/wmt14.tgz"
MD5_TRAIN = "0791583d57d5beb693b9414c5b36798c"
URL_MODEL = "http://paddlemodels.bj.bcebos.com/wmt%2Fwmt14.tgz"
MD5_MODEL = "0cb4a5366189b6acba876491c8724fa3"
START, END, UNK = "<s>", "<e>", "<unk>"
UNK_IDX = 2


def _first_lines(fd, size):
    out = {}
    for i, line in enumerate(fd):
        if i >= size:
            break
        out[line.strip().decode()] = i
    return out


def read_dicts(tar_file, dict_size):
    """(src_dict, trg_dict): word -> line number of the first dict_size lines of the archive's one *src.dict and
    one *trg.dict member."""
    with tarfile.open(tar_file, mode="r") as f:
        dicts = []
        for suffix in ("src.dict", "trg.dict"):
            names = [m.name for m in f if m.name.endswith(suffix)]
            assert len(names) == 1
            dicts.append(_first_lines(f.extractfile(names[0]), dict_size))
    return tuple(dicts)


def pairs(tar_file, file_name, src_dict, trg_dict):
    """(src_ids, trg_ids, trg_ids_next) of each tab-separated pair in the members ending with file_name."""
    with tarfile.open(tar_file, mode="r") as f:
        for name in [m.name for m in f if m.name.endswith(file_name)]:
            for line in f.extractfile(name):
                fields = line.decode().strip().split("\t")
                if len(fields) != 2:
                    continue
                src_ids = [src_dict.get(w, UNK_IDX) for w in [START, *fields[0].split(), END]]
                trg_ids = [trg_dict.get(w, UNK_IDX) for w in fields[1].split()]
                if len(src_ids) > 80 or len(trg_ids) > 80:
                    continue
                yield src_ids, [trg_dict[START], *trg_ids], [*trg_ids, trg_dict[END]]


def reverse_dicts(src_dict, trg_dict):
    return {v: k for k, v in src_dict.items()}, {v: k for k, v in trg_dict.items()}


def reader_creator(tar_file, file_name, dict_size):
    """A reader creator of (src_ids, trg_ids, trg_ids_next) over the members ending with file_name.

    Args:
        tar_file (str): wmt14.tgz.
        file_name (str): 'train/train', 'test/test' or 'gen/gen'.
        dict_size (int): the dictionary size.

    Returns:
        callable: the reader creator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs wmt14.tgz")
            >>> r = paddle.dataset.wmt14.reader_creator('wmt14.tgz', 'train/train', 30000)
    """
    def reader():
        yield from pairs(tar_file, file_name, *read_dicts(tar_file, dict_size))
    return reader


def _archive():
    return common.download(URL_TRAIN, "wmt14", MD5_TRAIN)


@superseded_by("paddle.text.datasets.WMT14")
def train(dict_size):
    """The training reader creator.

    Args:
        dict_size (int): the dictionary size.

    Returns:
        callable: yields (src_ids, trg_ids, trg_ids_next).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/wmt14/wmt14.tgz")
            >>> src, trg, trg_next = next(paddle.dataset.wmt14.train(30000)())
    """
    return reader_creator(_archive(), "train/train", dict_size)


@superseded_by("paddle.text.datasets.WMT14")
def test(dict_size):
    """The test reader creator (as train)."""
    return reader_creator(_archive(), "test/test", dict_size)


@superseded_by("paddle.text.datasets.WMT14")
def gen(dict_size):
    """The generation reader creator (as train)."""
    return reader_creator(_archive(), "gen/gen", dict_size)


@superseded_by("paddle.text.datasets.WMT14")
def get_dict(dict_size, reverse=True):
    """The source and target dictionaries, id -> word when reverse (default) else word -> id.

    Args:
        dict_size (int): the dictionary size.
        reverse (bool, optional): map ids to words. Default True.

    Returns:
        tuple: (src_dict, trg_dict).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/wmt14/wmt14.tgz")
            >>> src_dict, trg_dict = paddle.dataset.wmt14.get_dict(30000)
    """
    dicts = read_dicts(_archive(), dict_size)
    return reverse_dicts(*dicts) if reverse else dicts


@superseded_by("paddle.text.datasets.WMT14")
def fetch():
    """Check that the WMT'14 files are in the cache (purepaddle never downloads; a missing one raises)."""
    _archive()
    common.download(URL_MODEL, "wmt14", MD5_MODEL)
