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
