"""paddle.dataset.common: Paddle's download cache (~/.cache/paddle/dataset/<module>/<file>) read offline, and the
helpers that split a reader into pickle files and read such files back.

purepaddle never downloads: `download` returns the cached file when it is there and otherwise raises an error
naming the URL to fetch and the exact path to put it at (the path real Paddle downloads to). The file's md5 is not
checked (Paddle re-downloads on a mismatch; offline the file at hand is all there is).
"""
import glob
import os
import pickle
import re
import tempfile

from ..utils.download import cached_file, md5file  # noqa: F401  (paddle.dataset.common.md5file)

__all__ = []

HOME = os.path.expanduser("~")
if not os.access(HOME, os.W_OK):  # Paddle falls back to the temp dir when the home dir is read-only
    HOME = tempfile.gettempdir()
DATA_HOME = os.path.join(HOME, ".cache", "paddle", "dataset")


def must_mkdirs(path):
    """Create `path` (and its parents) unless it exists; safe when several processes race to create it."""
    os.makedirs(path, exist_ok=True)


def fetch_all():
    """Call every paddle.dataset module's fetch(): each checks that its files are in the cache (purepaddle never
    downloads; the first missing file raises)."""
    import importlib
    for name in ("cifar", "conll05", "flowers", "imdb", "imikolov", "mnist", "movielens", "uci_housing", "wmt14",
                 "wmt16"):
        importlib.import_module(f"{__package__}.{name}").fetch()


class DatasetNotCachedError(RuntimeError):
    """A data file is not in Paddle's download cache and purepaddle does not download (a RuntimeError, as Paddle's
    failed download is)."""


def cached_path(url, module_name, save_name=None):
    """Where Paddle's download of `url` for `module_name` lands: DATA_HOME/<module_name>/<file name>."""
    if not re.fullmatch(r"[a-zA-Z0-9_/\-]+", module_name):
        raise ValueError(f"invalid dataset module name {module_name!r}")
    if save_name is not None and (".." in save_name or not re.fullmatch(r"[a-zA-Z0-9_/.\-]+", save_name)):
        raise ValueError(f"invalid save_name {save_name!r}")
    return os.path.join(DATA_HOME, module_name, save_name or url.split("/")[-1])


def download(url, module_name, md5sum, save_name=None):
    """The path of `url`'s file in Paddle's dataset cache, downloaded there when absent (utils.download).

    Args:
        url (str): the file's download URL (its last part names the file unless save_name is given).
        module_name (str): the cache folder under ~/.cache/paddle/dataset.
        md5sum (str): Paddle's md5 of the file (a present file is used as it is; a download is checked).
        save_name (str|None, optional): the file name in the cache folder.

    Returns:
        str: the cached file's path.

    Raises:
        RuntimeError: the file is not there and could not be downloaded; the message names the URL and the path
            to put it at.

    Examples:
        .. code-block:: python

            >>> import os
            >>> import paddle
            >>> os.environ['PUREPADDLE_OFFLINE'] = '1'
            >>> try:
            ...     paddle.dataset.common.download('https://example.com/none.tgz', 'no_such_set', None)
            ... except RuntimeError as e:
            ...     print('none.tgz' in str(e))
            True
            >>> del os.environ['PUREPADDLE_OFFLINE']
    """
    path = cached_path(url, module_name, save_name)
    if os.path.exists(path):
        return path
    try:
        return cached_file(url, path, md5sum)
    except FileNotFoundError as e:
        raise DatasetNotCachedError(str(e)) from None


def split(reader, line_count, suffix="%05d.pickle", dumper=pickle.dump):
    """Write the samples of `reader` into files of about `line_count` samples each (suffix % file index).

    As in Paddle, the first file takes line_count + 1 samples and each later one line_count; the files are opened
    in text mode, so `dumper` must write text (pickle.dump, Paddle's default, needs a binary file and fails).

    Args:
        reader (callable): a reader creator.
        line_count (int): samples per file.
        suffix (str, optional): the file name pattern with one %d. Default "%05d.pickle".
        dumper (callable, optional): dumper(samples, file) writes one file. Default pickle.dump.

    Examples:
        .. code-block:: python

            >>> import json, os, tempfile
            >>> import paddle
            >>> pattern = os.path.join(tempfile.mkdtemp(), 'part-%02d.json')
            >>> paddle.dataset.common.split(lambda: iter(range(5)), 2, pattern, json.dump)
            >>> sorted(os.path.basename(p) for p in os.listdir(os.path.dirname(pattern)))
            ['part-00.json', 'part-01.json']
    """
    if not callable(dumper):
        raise TypeError("dumper should be callable.")
    lines, index = [], 0
    for i, sample in enumerate(reader()):
        lines.append(sample)
        if i >= line_count and i % line_count == 0:
            with open(suffix % index, "w") as f:
                dumper(lines, f)
            lines, index = [], index + 1
    if lines:
        with open(suffix % index, "w") as f:
            dumper(lines, f)


def cluster_files_reader(files_pattern, trainer_count, trainer_id, loader=pickle.load):
    """A reader creator over the files matching `files_pattern` that belong to trainer `trainer_id` (every
    trainer_count-th file of the sorted list), yielding the samples each file holds.

    Args:
        files_pattern (str): a glob pattern (as written by `split`).
        trainer_count (int): how many trainers share the files.
        trainer_id (int): this trainer's rank.
        loader (callable, optional): loader(file) returns a file's samples (the file opens in text mode).

    Returns:
        callable: a reader creator.

    Examples:
        .. code-block:: python

            >>> import contextlib, io, json, os, tempfile
            >>> import paddle
            >>> pattern = os.path.join(tempfile.mkdtemp(), 'part-%02d.json')
            >>> paddle.dataset.common.split(lambda: iter(range(5)), 2, pattern, json.dump)
            >>> r = paddle.dataset.common.cluster_files_reader(pattern.replace('%02d', '*'), 1, 0, json.load)
            >>> with contextlib.redirect_stdout(io.StringIO()) as printed:
            ...     samples = list(r())
            >>> samples, printed.getvalue().count('append file: ')
            ([0, 1, 2, 3, 4], 2)
    """
    def reader():
        if not callable(loader):
            raise TypeError("loader should be callable.")
        mine = [fn for i, fn in enumerate(sorted(glob.glob(files_pattern))) if i % trainer_count == trainer_id]
        for fn in mine:
            print(f"append file: {fn}")
        for fn in mine:
            with open(fn, "r") as f:
                yield from loader(f)
    return reader


def data_file_or_cached(path, url, md5, module_name, download_ok=True):
    """`path` when it exists, else the cached download of `url` (the data set classes' lookup)."""
    if path and os.path.exists(path):
        return path
    if download_ok:
        return download(url, module_name, md5)
    raise ValueError(f"{path} not exists and auto download disabled")
