"""paddle.enable_compat / disable_compat: an import hook that makes `import torch` (and torch.x submodules)
give purepaddle's modules, with the paddle.compat functions and layers in place of the same-named attributes
(torch.max is paddle.compat.max, torch.nn.Linear is paddle.compat.nn.Linear, torch.relu is
paddle.nn.functional.relu). A real torch imported before is set aside and restored by disable_compat.

scope limits the proxy to imports made by the named modules (and their submodules); blocked_modules always get
the real torch."""
import contextlib
import importlib
import importlib.abc
import importlib.util
import sys
import types
import warnings

__all__ = ["enable_torch_proxy", "disable_torch_proxy", "use_torch_proxy_guard",
           "extend_torch_proxy_blocked_modules"]

BLOCKED = {"tvm_ffi"}
_ENABLED_MARK, _DISABLED_MARK = "__enable_torch_proxy__", "__disable_torch_proxy__"
_REAL_TORCH = {}  # the real torch modules set aside while the proxy is on


def _under(name, module):
    return name == module or name.startswith(module + ".")


def _overrides():
    """{'torch.x.name': object}: every public name of the paddle.compat modules, under torch's path."""
    from .. import compat
    from ..nn import functional as F
    table = {"torch.relu": F.relu}
    for mod, torch_name in ((compat, "torch"), (compat.nn, "torch.nn"), (compat.nn.functional, "torch.nn.functional")):
        for attr in mod.__all__:
            table[f"{torch_name}.{attr}"] = getattr(mod, attr)
    return table


class ProxyModule(types.ModuleType):
    """A torch-named view of a purepaddle module: the compat overrides first, then the module's attributes."""

    def __init__(self, source, name, overrides):
        super().__init__(name)
        self._source, self._overrides = source, overrides

    def __getattr__(self, attr):
        if attr in self._overrides:
            return self._overrides[attr]
        value = getattr(self._source, attr)
        if isinstance(value, types.ModuleType) and value.__name__.startswith("purepaddle"):
            sub = f"{self.__name__}.{attr}"
            return ProxyModule(value, sub, _sub_overrides(self._overrides_all, sub))
        return value

    @property
    def _overrides_all(self):
        return _FINDER.table


def _sub_overrides(table, name):
    return {k[len(name) + 1:]: v for k, v in table.items() if k.startswith(name + ".") and "." not in
            k[len(name) + 1:]}


def _called_from(mark):
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_globals.get(mark):
            return True
        frame = frame.f_back
    return False


class _Loader(importlib.abc.Loader):
    def __init__(self, make):
        self._make = make

    def create_module(self, spec):
        return self._make(spec)

    def exec_module(self, module):
        pass


class _MarkingLoader(importlib.abc.Loader):
    """Runs a module's own loader, then marks the module (so imports inside it know their scope)."""

    def __init__(self, original, mark, enable):
        self._original, self._mark, self._enable = original, mark, enable

    def create_module(self, spec):
        return self._original.create_module(spec)

    def exec_module(self, module):
        module.__dict__[self._mark] = True
        with use_torch_proxy_guard(enable=self._enable, silent=True):
            self._original.exec_module(module)


class TorchProxyMetaFinder:
    """The sys.meta_path entry: torch[.x] -> purepaddle[.x] (globally, or for imports from `scope`)."""

    def __init__(self):
        self.scope, self.globally, self.table = set(), True, {}

    def set_scope(self, scope):
        self.scope, self.globally = set(scope or ()), scope is None

    def find_spec(self, fullname, path, target=None):
        marked = [(m, _ENABLED_MARK, True) for m in self.scope] + [(m, _DISABLED_MARK, False) for m in BLOCKED]
        for module, mark, enable in marked:
            if _under(fullname, module):
                return self._marked_spec(fullname, mark, enable)
        if not _under(fullname, "torch"):
            return None
        if _called_from(_DISABLED_MARK) or (not self.globally and not _called_from(_ENABLED_MARK)):
            real = _REAL_TORCH.get(fullname)
            return None if real is None else importlib.util.spec_from_loader(fullname, _Loader(lambda s: real))
        source = importlib.import_module("purepaddle" + fullname[len("torch"):])
        proxy = ProxyModule(source, fullname, _sub_overrides(self.table, fullname))
        proxy.__file__ = getattr(source, "__file__", None)
        if hasattr(source, "__path__"):
            proxy.__path__ = []
        return importlib.util.spec_from_loader(fullname, _Loader(lambda s: proxy),
                                               is_package=hasattr(source, "__path__"))

    def _marked_spec(self, fullname, mark, enable):
        sys.meta_path.remove(self)
        try:
            spec = importlib.util.find_spec(fullname)
        finally:
            sys.meta_path.insert(0, self)
        if spec is None or spec.loader is None:
            return None
        spec.loader = _MarkingLoader(spec.loader, mark, enable)
        return spec


_FINDER = TorchProxyMetaFinder()


def _drop_modules(keep_real):
    for name, module in list(sys.modules.items()):
        if _under(name, "torch"):
            if keep_real and not isinstance(module, ProxyModule):
                _REAL_TORCH[name] = module
            del sys.modules[name]


def extend_torch_proxy_blocked_modules(modules):
    """Add modules whose `import torch` always gets the real torch.

    Args:
        modules (Iterable[str]): module names.

    Examples:
        >>> import purepaddle as paddle
        >>> paddle.compat.proxy.extend_torch_proxy_blocked_modules(["my_real_torch_user"])
    """
    BLOCKED.update(modules)


def _as_set(scope):
    if scope is None:
        return None
    return {scope} if isinstance(scope, str) else set(scope)


def enable_torch_proxy(*, scope=None, blocked_modules=None, backend="torch", silent=False):
    """Make `import torch` give purepaddle (with the paddle.compat overrides), globally or for `scope`.

    Args:
        scope (str|Iterable[str], optional): only imports made inside these modules are proxied.
        blocked_modules (str|Iterable[str], optional): modules that keep the real torch.
        backend (str): only 'torch'.
        silent (bool): no warning when the scope changes.

    Returns:
        None.

    Examples:
        >>> import purepaddle as paddle
        >>> paddle.enable_compat()
        >>> import torch
        >>> torch.sin is paddle.sin, torch.max is paddle.compat.max
        (True, True)
        >>> paddle.disable_compat()
    """
    if backend != "torch":
        raise AssertionError(f"Unsupported backend: {backend}")
    blocked = _as_set(blocked_modules)
    if blocked:
        BLOCKED.update(blocked)
    scope = _as_set(scope)
    if not _FINDER.table:
        _FINDER.table = _overrides()
    _drop_modules(keep_real=True)
    say = (lambda msg: None) if silent else warnings.warn
    if _FINDER not in sys.meta_path:
        _FINDER.set_scope(scope)
    elif _FINDER.globally:
        if scope is not None:
            say("PyTorch already enabled globally, scope modification ignored.")
    elif scope is None:
        say("Enabling PyTorch compat globally, previous scope will be ignored.")
        _FINDER.globally = True
    else:
        if scope != _FINDER.scope:
            say(f"Extending PyTorch compat scope, previous scope: {_FINDER.scope}, new scope: {scope}.")
        _FINDER.scope |= scope
    if _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)
    sys.meta_path.insert(0, _FINDER)


def disable_torch_proxy():
    """Undo enable_compat: `import torch` gives the real torch again (or fails when there is none).

    Returns:
        None.

    Examples:
        >>> import purepaddle as paddle
        >>> paddle.enable_compat()
        >>> paddle.disable_compat()
    """
    if _FINDER not in sys.meta_path:
        warnings.warn("torch compat is not installed.")
        return
    sys.meta_path.remove(_FINDER)
    _drop_modules(keep_real=False)
    sys.modules.update(_REAL_TORCH)


@contextlib.contextmanager
def use_torch_proxy_guard(*, enable=True, scope=None, silent=False):
    """A context in which the proxy is on (enable=True, optionally for `scope`) or off, restored after.

    Args:
        enable (bool): proxy on or off inside.
        scope (str|Iterable[str], optional): as enable_compat.
        silent (bool): no scope warnings.

    Examples:
        >>> import purepaddle as paddle
        >>> with paddle.compat.use_torch_proxy_guard():
        ...     import torch
        ...     same = torch.cos is paddle.cos
        >>> same
        True
    """
    on = _FINDER in sys.meta_path
    saved = (set(_FINDER.scope), _FINDER.globally)
    scope = _as_set(scope)
    if enable == on and ((saved[1] and scope is None) or saved[0] == (scope or set())):
        yield
        return
    if enable:
        enable_torch_proxy(scope=scope, silent=silent)
        try:
            yield
        finally:
            _FINDER.scope, _FINDER.globally = saved
            disable_torch_proxy()
            if on:
                enable_torch_proxy(scope=None if saved[1] else saved[0], silent=True)
    else:
        disable_torch_proxy()
        try:
            yield
        finally:
            enable_torch_proxy(scope=None if saved[1] else saved[0], silent=True)
