"""Run Paddle code unchanged: `import paddle` (and every `paddle.X`) resolves to purepaddle's own modules."""
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys

ALIAS = "paddle"
TARGET = "purepaddle"

__all__ = ["install_as_paddle", "is_installed", "real_name"]


def real_name(fullname):
    """'paddle.nn.functional' -> 'purepaddle.nn.functional'; None for names outside the alias."""
    if fullname == ALIAS:
        return TARGET
    if fullname.startswith(ALIAS + "."):
        return TARGET + fullname[len(ALIAS):]
    return None


class _AliasLoader(importlib.abc.Loader):
    """Loads `paddle.X` by importing `purepaddle.X` and handing out that very module object."""

    def __init__(self, real):
        self.real = real

    def create_module(self, spec):
        return None  # a throwaway placeholder; exec_module swaps in the real module

    def exec_module(self, module):
        real = importlib.import_module(self.real)
        # the import system returns whatever sys.modules holds under the name after exec_module,
        # so `paddle.X` becomes the purepaddle module itself (its __name__/__spec__ untouched)
        sys.modules[module.__name__] = real


class PaddleAliasFinder(importlib.abc.MetaPathFinder):
    """Meta-path finder mapping the `paddle` package tree onto `purepaddle` (the same objects)."""

    def find_spec(self, fullname, path=None, target=None):
        real = real_name(fullname)
        if real is None:
            return None
        mod = sys.modules.get(real)
        if mod is None:
            try:
                found = importlib.util.find_spec(real)
            except (ImportError, ValueError):
                found = None
            if found is None:
                return None  # `import paddle.nothing` -> ModuleNotFoundError naming paddle.nothing
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(real))

    def invalidate_caches(self):
        pass


_FINDER = PaddleAliasFinder()


def is_installed():
    """Whether `import paddle` currently resolves to purepaddle in this process."""
    return _FINDER in sys.meta_path and sys.modules.get(ALIAS) is sys.modules.get(TARGET)


def install_as_paddle():
    """Make `import paddle` (and `paddle.X` submodules) give purepaddle's modules in this process.

    Idempotent. Raises RuntimeError when a real `paddle` is already imported, because two
    frameworks would then share the name.

    Examples:
        .. code-block:: python

            >>> import purepaddle
            >>> purepaddle.install_as_paddle()
            >>> import paddle
            >>> paddle is purepaddle
            True
    """
    existing = sys.modules.get(ALIAS)
    pkg = importlib.import_module(TARGET)
    if existing is not None and existing is not pkg:
        where = getattr(existing, "__file__", None) or repr(existing)
        raise RuntimeError(
            f"install_as_paddle: a different 'paddle' module is already imported in this process ({where}), "
            "so `import paddle` cannot be redirected to purepaddle. Call purepaddle.install_as_paddle() "
            "(or run the script with `python -m purepaddle script.py`) before anything imports paddle.")
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    # alias what is already imported, so `paddle.nn is purepaddle.nn` holds without a lookup
    for name, mod in list(sys.modules.items()):
        if mod is not None and (name == TARGET or name.startswith(TARGET + ".")):
            alias = ALIAS + name[len(TARGET):]
            have = sys.modules.get(alias)
            if have is None:
                sys.modules[alias] = mod
            elif have is not mod:
                raise RuntimeError(
                    f"install_as_paddle: module '{alias}' is already imported from elsewhere "
                    f"({getattr(have, '__file__', have)!r}); it cannot be redirected to {name}.")
    return pkg


# ---- the opt-in `import paddle` for a whole environment (Jupyter, plain pytest): a shim package `paddle/` in
# site-packages whose __init__ hands over to purepaddle. Written and removed only by the functions below.
SHIM_MARK = "# purepaddle alias shim"
SHIM_SOURCE = f'''{SHIM_MARK}: written by `purepaddle-install-alias`; `purepaddle-install-alias --uninstall` removes it.
"""`import paddle` in this environment gives purepaddle (PaddlePaddle's API on NumPy)."""
import sys

del sys.modules[__name__]  # make way: install_as_paddle puts purepaddle itself under the name `paddle`
import purepaddle

purepaddle.install_as_paddle()
'''
# the legacy `paddle train` command (the v0.x binary's name) comes with the alias: real paddlepaddle installs its
# own `paddle` console command, so purepaddle's is written only where `import paddle` gives purepaddle
COMMAND_SOURCE = f'''#!{{python}}
{SHIM_MARK}: the `paddle` command (`paddle train ...`), written by `purepaddle-install-alias`.
import sys

from purepaddle.trainer.cli import main

sys.exit(main())
'''
REAL_DISTRIBUTIONS = ("paddlepaddle", "paddlepaddle-gpu", "paddlepaddle-xpu", "paddlepaddle-rocm")


def site_packages():
    """The running interpreter's (the virtual environment's) site-packages directory."""
    import sysconfig
    return sysconfig.get_paths()["purelib"]


def _is_shim(package_dir):
    import os
    return _is_shim_file(os.path.join(package_dir, "__init__.py"))


def _is_shim_file(path, line=0):
    """Whether line `line` of the file at `path` carries the shim mark."""
    import os
    if not os.path.isfile(path):
        return False
    with open(path, encoding="utf-8", errors="replace") as f:
        for _ in range(line):
            f.readline()
        return f.readline().startswith(SHIM_MARK)


def scripts_dir():
    """The running interpreter's (the virtual environment's) console-script directory."""
    import sysconfig
    return sysconfig.get_paths()["scripts"]


def _install_command(bin_dir):
    """Write the `paddle` command into bin_dir unless another program of that name is there; returns its path
    (None when left alone)."""
    import os
    path = os.path.join(bin_dir, ALIAS)
    if os.path.exists(path) and not _is_shim_file(path, line=1):
        return None
    os.makedirs(bin_dir, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(COMMAND_SOURCE.format(python=sys.executable))
    os.chmod(path, 0o755)
    return path


def real_paddle(site_dir):
    """Where a real paddlepaddle is installed in this environment (its directory or distribution), or None."""
    import importlib.metadata
    import os
    here = os.path.join(site_dir, ALIAS)
    if os.path.isdir(here) and not _is_shim(here):
        return here
    for name in REAL_DISTRIBUTIONS:
        try:
            dist = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            continue
        return f"{name} {dist.version} ({dist.locate_file('')})"
    for entry in sys.path:
        found = os.path.join(entry, ALIAS)
        if entry and os.path.isdir(found) and os.path.isfile(os.path.join(found, "__init__.py")) and \
                not _is_shim(found):
            return found
    return None


def install_alias(site_dir=None, bin_dir=None):
    """Make `import paddle` give purepaddle in this environment: writes the shim package `paddle/` into
    site-packages, and the legacy `paddle` command (`paddle train ...`, the same as `purepaddle train`) into
    the environment's scripts directory. Refuses (RuntimeError) when a real paddlepaddle is installed in the
    environment.

    Args:
        site_dir (str|None, optional): The site-packages directory; default the running interpreter's.
        bin_dir (str|None, optional): Where the `paddle` command goes; default the running interpreter's
            scripts directory when site_dir is None, else no command.

    Returns:
        str: The shim's directory.

    Examples:
        .. code-block:: python

            >>> import tempfile
            >>> from purepaddle._alias import install_alias, uninstall_alias
            >>> site = tempfile.mkdtemp()
            >>> shim = install_alias(site)
            >>> uninstall_alias(site) == shim
            True
    """
    import os
    site_dir = site_dir or site_packages()
    real = real_paddle(site_dir)
    if real is not None:
        raise RuntimeError(
            f"purepaddle-install-alias: real paddlepaddle is installed in this environment ({real}); `import paddle` "
            "must stay PaddlePaddle there. Use a separate virtual environment for purepaddle, or run scripts with "
            "`python -m purepaddle script.py`, which redirects `import paddle` for that run only.")
    shim = os.path.join(site_dir, ALIAS)
    os.makedirs(shim, exist_ok=True)
    with open(os.path.join(shim, "__init__.py"), "w", encoding="utf-8") as f:
        f.write(SHIM_SOURCE)
    if bin_dir is None and site_dir == site_packages():
        bin_dir = scripts_dir()
    if bin_dir is not None:
        _install_command(bin_dir)
    return shim


def uninstall_alias(site_dir=None, bin_dir=None):
    """Remove the shim and the `paddle` command `install_alias` wrote (nothing else: a real paddle directory or
    command is never touched).

    Args:
        site_dir (str|None, optional): The site-packages directory; default the running interpreter's.
        bin_dir (str|None, optional): Where the `paddle` command is; default as install_alias.

    Returns:
        str|None: The removed directory, or None when there was no shim.
    """
    import os
    import shutil
    site_dir = site_dir or site_packages()
    if bin_dir is None and site_dir == site_packages():
        bin_dir = scripts_dir()
    if bin_dir is not None and _is_shim_file(os.path.join(bin_dir, ALIAS), line=1):
        os.remove(os.path.join(bin_dir, ALIAS))
    shim = os.path.join(site_dir, ALIAS)
    if not _is_shim(shim):
        return None
    shutil.rmtree(shim)
    return shim


def install_alias_main(argv=None):
    """The `purepaddle-install-alias [--uninstall]` command. Returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("-h", "--help"):
        print("usage: purepaddle-install-alias [--uninstall]\n\nMakes `import paddle` give purepaddle in this "
              "Python environment (a shim package in its site-packages); --uninstall removes it.")
        return 0
    try:
        if argv == ["--uninstall"]:
            gone = uninstall_alias()
            print(f"removed {gone}" if gone else "no purepaddle alias shim is installed here")
            return 0
        if argv:
            sys.stderr.write(f"unknown arguments {argv}; usage: purepaddle-install-alias [--uninstall]\n")
            return 2
        shim = install_alias()
    except RuntimeError as e:
        sys.stderr.write(f"{e}\n")
        return 1
    print(f"installed {shim}: `import paddle` now gives purepaddle in {sys.prefix}")
    return 0
