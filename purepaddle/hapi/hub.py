"""paddle.hub: models published as a repository with a `hubconf.py` (its public callables are the entry points).

`source='local'` reads a directory on this machine. `source='github'`/`'gitee'` use Paddle's cache
(~/.cache/paddle/hub/<owner>_<repo>_<branch>) when the repository is there, else download its archive; offline, the
error names the archive's URL and where to unpack it.
"""
import importlib.util
import os
import shutil
import sys
import zipfile
from urllib.parse import urlparse

from ..framework.io import load as _load
from ..utils.download import cached_file

__all__ = ["list", "help", "load", "load_state_dict_from_url"]

HUB_DIR = os.path.expanduser(os.path.join("~", ".cache", "paddle", "hub"))
MODULE_HUBCONF = "hubconf.py"
VAR_DEPENDENCY = "dependencies"
_SOURCES = ("github", "gitee", "local")


def _check_source(source):
    if source not in _SOURCES:
        raise ValueError(f'Unknown source: "{source}". Allowed values: "github" | "gitee" | "local".')


def _archive_url(owner, name, branch, source):
    if source == "github":
        return f"https://github.com/{owner}/{name}/archive/{branch}.zip"
    return f"https://gitee.com/{owner}/{name}/repository/archive/{branch}.zip"


def _remote_repo(repo, source, force_reload):
    """The local directory of a github/gitee repository "owner/name[:branch]": cached, else downloaded."""
    spec, _, branch = repo.partition(":")
    branch = branch or ("main" if source == "github" else "master")
    owner, name = spec.split("/")
    repo_dir = os.path.join(HUB_DIR, "_".join([owner, name, branch.replace("/", "_")]))
    if os.path.isdir(repo_dir) and not force_reload:
        sys.stderr.write(f"Using cache found in {repo_dir}\n")
        return repo_dir
    url = _archive_url(owner, name, branch, source)
    archive = os.path.join(HUB_DIR, branch.replace("/", "_") + ".zip")
    if force_reload and os.path.isfile(archive):
        os.remove(archive)
    try:
        cached_file(url, archive, what=f"the {source} repository {repo}")
    except FileNotFoundError as e:
        raise FileNotFoundError(f"{e}; or unpack the repository so that {repo_dir}/{MODULE_HUBCONF} exists, "
                                f"or use paddle.hub.load(<a local directory>, ..., source='local')") from None
    with zipfile.ZipFile(archive) as zf:
        top = zf.infolist()[0].filename.split("/")[0]
        shutil.rmtree(os.path.join(HUB_DIR, top), ignore_errors=True)
        zf.extractall(HUB_DIR)
    os.remove(archive)
    shutil.rmtree(repo_dir, ignore_errors=True)
    shutil.move(os.path.join(HUB_DIR, top), repo_dir)
    return repo_dir


def _hubconf(repo_dir, source, force_reload):
    """The repository's hubconf module, imported fresh from its directory (the directory on sys.path meanwhile,
    so hubconf's own imports of the repository's modules work)."""
    _check_source(source)
    if source != "local":
        repo_dir = _remote_repo(repo_dir, source, force_reload)
    path = os.path.join(repo_dir, MODULE_HUBCONF)
    if not os.path.isfile(path):
        raise RuntimeError("Please make sure config exists or repo error messages above fixed when importing "
                           f"(no {MODULE_HUBCONF} in {repo_dir})")
    spec = importlib.util.spec_from_file_location("hubconf", path)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, repo_dir)
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(repo_dir)
    return module


def _entry(module, model):
    if not isinstance(model, str):
        raise ValueError("Invalid input: model should be a str of function name")
    func = getattr(module, model, None)
    if func is None or not callable(func):
        raise RuntimeError(f"Cannot find callable {model} in hubconf")
    return func


def list(repo_dir, source="github", force_reload=False):
    """The entry points of a hub repository: the public callables of its `hubconf.py`.

    Args:
        repo_dir (str): A local directory (source='local') or "owner/name[:branch]" on github/gitee.
        source (str, optional): 'github', 'gitee' or 'local'. Default 'github'.
        force_reload (bool, optional): Fetch a remote repository again instead of using the cache. Default False.

    Returns:
        list[str]: The entry point names.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> repo = tempfile.mkdtemp()
            >>> with open(os.path.join(repo, "hubconf.py"), "w") as f:
            ...     _ = f.write("import paddle\\ndef tiny(out=2):\\n    '''A Linear layer.'''\\n"
            ...                 "    return paddle.nn.Linear(3, out)\\n")
            >>> paddle.hub.list(repo, source="local")
            ['tiny']
    """
    module = _hubconf(repo_dir, source, force_reload)
    return [n for n in dir(module) if not n.startswith("_") and callable(getattr(module, n))]


def help(repo_dir, model, source="github", force_reload=False):
    """The docstring of one entry point of a hub repository.

    Args:
        repo_dir (str): A local directory (source='local') or "owner/name[:branch]" on github/gitee.
        model (str): The entry point's name.
        source (str, optional): 'github', 'gitee' or 'local'. Default 'github'.
        force_reload (bool, optional): Fetch a remote repository again. Default False.

    Returns:
        str: The entry point's docstring.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> repo = tempfile.mkdtemp()
            >>> with open(os.path.join(repo, "hubconf.py"), "w") as f:
            ...     _ = f.write("def tiny():\\n    '''A tiny model.'''\\n")
            >>> paddle.hub.help(repo, "tiny", source="local")
            'A tiny model.'
    """
    return _entry(_hubconf(repo_dir, source, force_reload), model).__doc__


def load(repo_dir, model, source="github", force_reload=False, **kwargs):
    """Build a model from a hub repository: calls the entry point `model` with `kwargs`.

    The repository's `dependencies` list (in hubconf.py) is checked first: a RuntimeError names the packages
    that do not import.

    Args:
        repo_dir (str): A local directory (source='local') or "owner/name[:branch]" on github/gitee.
        model (str): The entry point's name.
        source (str, optional): 'github', 'gitee' or 'local'. Default 'github'.
        force_reload (bool, optional): Fetch a remote repository again. Default False.
        **kwargs: Passed to the entry point.

    Returns:
        Layer: What the entry point returns (a model).

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> repo = tempfile.mkdtemp()
            >>> with open(os.path.join(repo, "hubconf.py"), "w") as f:
            ...     _ = f.write("import paddle\\ndependencies = ['numpy']\\n"
            ...                 "def tiny(out=2):\\n    return paddle.nn.Linear(3, out)\\n")
            >>> net = paddle.hub.load(repo, "tiny", source="local", out=4)
            >>> net.weight.shape
            paddle.Size([3, 4])
    """
    module = _hubconf(repo_dir, source, force_reload)
    missing = [p for p in getattr(module, VAR_DEPENDENCY, None) or () if importlib.util.find_spec(p) is None]
    if missing:
        raise RuntimeError("Missing dependencies: {}".format(", ".join(missing)))
    return _entry(module, model)(**kwargs)


def get_dir():
    """The hub's cache directory: $PADDLE_HOME/hub, else $XDG_CACHE_HOME/paddle/hub, else ~/.cache/paddle/hub."""
    home = os.getenv("PADDLE_HOME", os.path.join(os.getenv("XDG_CACHE_HOME", "~/.cache"), "paddle"))
    return os.path.join(os.path.expanduser(home), "hub")


def load_state_dict_from_url(url, model_dir=None, check_hash=False, file_name=None, map_location=None):
    """Load a state_dict (a `.pdparams` file, or a zip holding one file) from a URL through the local cache.

    Args:
        url (str): The file's URL.
        model_dir (str|None, optional): The cache directory; default `get_dir()/checkpoints`.
        check_hash (bool|str, optional): An md5 the file must have (when a string). Default False.
        file_name (str|None, optional): The cached file's name; default the URL's last part.
        map_location (str|None, optional): "numpy"/"np" loads arrays; "cpu" (or None) Tensors.

    Returns:
        dict: The loaded state_dict.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> cache = tempfile.mkdtemp()
            >>> paddle.save(paddle.nn.Linear(2, 2).state_dict(), os.path.join(cache, "linear.pdparams"))
            >>> sd = paddle.hub.load_state_dict_from_url("https://example.com/linear.pdparams", model_dir=cache)
            >>> sorted(sd)
            ['bias', 'weight']
    """
    if map_location is not None and map_location not in ("cpu", "gpu", "xpu", "npu", "numpy", "np"):
        raise AssertionError(f"map_location must be one of cpu, gpu, xpu, npu, numpy, np, got {map_location!r}")
    model_dir = model_dir if model_dir is not None else os.path.join(get_dir(), "checkpoints")
    os.makedirs(model_dir, exist_ok=True)
    path = os.path.join(model_dir, file_name or os.path.basename(urlparse(url).path))
    cached_file(url, path, md5sum=check_hash if isinstance(check_hash, str) else None)
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as zf:
            members = zf.infolist()
            if len(members) != 1 or members[0].is_dir():
                raise RuntimeError("Only one file(not dir) is allowed in the zipfile")
            zf.extractall(model_dir)
            path = os.path.join(model_dir, members[0].filename)
    return _load(path, return_numpy=True) if map_location in ("numpy", "np") else _load(path)
