"""paddle.utils.download: files fetched by URL into Paddle's cache (~/.cache/paddle/...), offline-aware.

A cached file is used when it is there (and its md5 matches when one is given). Otherwise it is downloaded, unless
the machine is offline (or $PUREPADDLE_OFFLINE is set, which skips the attempt): then `cached_file` raises
FileNotFoundError naming the URL to fetch and the exact path to put the file at, so a user on an air-gapped machine
can copy it in by hand. Every dataset and pretrained-weights loader of purepaddle goes through `cached_file`.
"""
import hashlib
import os
import shutil
import tarfile
import urllib.request
import zipfile

__all__ = ["get_weights_path_from_url"]

WEIGHTS_HOME = os.path.expanduser("~/.cache/paddle/hapi/weights")  # pretrained weights, as Paddle keeps them
DATA_HOME = os.path.expanduser("~/.cache/paddle/dataset")  # paddle.dataset / text / vision / audio datasets
OFFLINE_ENV = "PUREPADDLE_OFFLINE"
TIMEOUT_S = 30


def is_url(path):
    """Whether `path` is an http(s) URL."""
    return isinstance(path, str) and path.startswith(("http://", "https://"))


def md5file(path):
    """The hex md5 digest of a file's bytes (also paddle.dataset.common.md5file).

    Args:
        path (str): the file's path.

    Returns:
        str: 32 hex digits.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> path = os.path.join(tempfile.mkdtemp(), 'empty')
            >>> open(path, 'wb').close()
            >>> paddle.dataset.common.md5file(path)
            'd41d8cd98f00b204e9800998ecf8427e'
    """
    digest = hashlib.md5()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _md5_ok(path, md5sum):
    return md5sum is None or md5file(path) == md5sum


def _fetch(url, path):
    """Download url to path (through a temporary file). Returns None, or why it failed (a string)."""
    if os.environ.get(OFFLINE_ENV):
        return f"${OFFLINE_ENV} is set, so purepaddle does not download"
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    part = path + "_tmp"
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT_S) as response, open(part, "wb") as out:
            shutil.copyfileobj(response, out, 1 << 20)
    except (OSError, ValueError) as e:  # URLError, HTTPError, timeouts, DNS failure: all OSError
        if os.path.exists(part):
            os.remove(part)
        return f"the download failed: {e}"
    os.replace(part, path)
    return None


def cached_file(url, path, md5sum=None, what=None):
    """The local copy of `url` at `path`: used when present, else downloaded, else a clear offline error.

    Args:
        url (str): Where the file is published.
        path (str): Where the cache keeps it (Paddle's layout, e.g. ~/.cache/paddle/dataset/mnist/...).
        md5sum (str|None, optional): The expected hex md5; a present file that differs is fetched again.
        what (str|None, optional): What the file is, for the message (e.g. "the MNIST training images").

    Returns:
        str: `path`, holding the file.

    Raises:
        FileNotFoundError: The file is absent (or its md5 differs) and could not be downloaded; the message names
            the URL, the exact path to put the file at and its md5.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> from paddle.utils.download import cached_file
            >>> path = os.path.join(tempfile.mkdtemp(), "mnist", "t10k-labels-idx1-ubyte.gz")
            >>> os.environ["PUREPADDLE_OFFLINE"] = "1"
            >>> try:
            ...     cached_file("https://dataset.bj.bcebos.com/mnist/t10k-labels-idx1-ubyte.gz", path)
            ... except FileNotFoundError as e:
            ...     print("put it at" in str(e))
            True
            >>> del os.environ["PUREPADDLE_OFFLINE"]
    """
    if os.path.isfile(path) and _md5_ok(path, md5sum):
        return path
    stale = os.path.isfile(path)
    why = _fetch(url, path)
    if why is None and _md5_ok(path, md5sum):
        return path
    if why is None:
        why = f"the downloaded file's md5 is {md5file(path)}, not {md5sum}"
    label = what or os.path.basename(path)
    state = f"{path} exists but its md5 is not {md5sum}" if stale else f"{path} does not exist"
    check = f" (md5 {md5sum})" if md5sum else ""
    raise FileNotFoundError(
        f"{label} is not in Paddle's cache: {state}, and {why}. Fetch {url}{check} on a machine with network "
        f"access and put it at {path}")


def _single_root(names):
    """The one top-level entry all archive members sit under, or None."""
    tops = {n.replace("\\", "/").lstrip("/").split("/")[0] for n in names if n.strip("/")}
    return tops.pop() if len(tops) == 1 else None


def _extract(archive):
    """Unpack a tar or zip beside itself; the path of what it holds (Paddle's rule): its single member file or
    top directory, else a directory named after the archive holding everything."""
    where = os.path.dirname(archive)
    if tarfile.is_tarfile(archive):
        with tarfile.open(archive) as tar:
            names = tar.getnames()
            root = _single_root(names)
            target = where if root else os.path.join(where, os.path.splitext(os.path.basename(archive))[0])
            tar.extractall(target, filter="data")  # refuses absolute paths, '..' and links out of target
    else:
        with zipfile.ZipFile(archive) as zf:
            names = zf.namelist()
            root = _single_root(names)
            target = where if root else os.path.join(where, os.path.splitext(os.path.basename(archive))[0])
            zf.extractall(target)  # zipfile strips absolute paths and '..' itself
    return os.path.join(where, root) if root else target


def get_path_from_url(url, root_dir, md5sum=None, check_exist=True, decompress=True, method="get"):
    """The local path of `url` under `root_dir`: the cached file, else downloaded (offline: a clear error).

    Args:
        url (str): The file's URL; it is kept as ``root_dir/<last part of the URL>``.
        root_dir (str): The cache directory (WEIGHTS_HOME, DATA_HOME, ...).
        md5sum (str|None, optional): The expected md5 of the file. Default None (not checked).
        check_exist (bool, optional): Use a cached file when present. False fetches again. Default True.
        decompress (bool, optional): Unpack a tar or zip file and return what it holds. Default True.
        method (str, optional): Paddle's download method name; 'get' (the only one). Default 'get'.

    Returns:
        str: The path of the file (or of what the archive unpacked to).

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> from paddle.utils.download import get_path_from_url
            >>> root = tempfile.mkdtemp()
            >>> open(os.path.join(root, "vocab.txt"), "w").close()
            >>> get_path_from_url("https://example.com/data/vocab.txt", root) == os.path.join(root, "vocab.txt")
            True
    """
    if not is_url(url):
        raise AssertionError(f"downloading from {url} not a url")
    if method != "get":
        raise AssertionError(f"make sure `{method}` implemented")
    path = os.path.join(root_dir, url.rstrip("/").split("/")[-1])
    if not check_exist and os.path.isfile(path):
        os.remove(path)
    path = cached_file(url, path, md5sum)
    if decompress and (tarfile.is_tarfile(path) or zipfile.is_zipfile(path)):
        return _extract(path)
    return path


def get_weights_path_from_url(url, md5sum=None):
    """The local path of pretrained weights: ``~/.cache/paddle/hapi/weights/<file>``, downloaded when absent.

    Offline, a missing file raises FileNotFoundError naming the URL and the exact path to put the file at.

    Args:
        url (str): The weights file's URL.
        md5sum (str|None, optional): The expected md5 of the file. Default None (not checked).

    Returns:
        str: The local path of the weights.

    Examples:
        .. code-block:: python

            >>> import os
            >>> from paddle.utils.download import get_weights_path_from_url
            >>> url = 'https://paddle-hapi.bj.bcebos.com/models/resnet18.pdparams'
            >>> os.environ["PUREPADDLE_OFFLINE"] = "1"
            >>> try:
            ...     path = get_weights_path_from_url(url)
            ... except FileNotFoundError as e:
            ...     print("resnet18.pdparams" in str(e))
            ... else:
            ...     print(path.endswith("resnet18.pdparams"))
            True
            >>> del os.environ["PUREPADDLE_OFFLINE"]
    """
    return get_path_from_url(url, WEIGHTS_HOME, md5sum)
