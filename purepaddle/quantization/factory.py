"""Quanter factories: a QuantConfig holds factories (class + arguments), and each quantized layer gets its own
quanter instance from them. `quanter("Name")` decorates a quanter layer class and defines the factory class
`Name` in the decorated class's module."""
import abc
import functools
import inspect

__all__ = ["quanter", "QuanterFactory", "ObserverFactory"]


class ClassWithArguments(metaclass=abc.ABCMeta):
    """Positional and keyword arguments to build a class with later; str shows them as Paddle does."""

    def __init__(self, *args, **kwargs):
        self._args, self._kwargs = args, kwargs

    @property
    def args(self):
        return self._args

    @property
    def kwargs(self):
        return self._kwargs

    @abc.abstractmethod
    def _get_class(self):
        """The class to build."""

    def __str__(self):
        parts = [str(a) for a in self.args] + [f"{k}={v}" for k, v in self.kwargs.items()]
        return f"{self.__class__.__name__}({','.join(parts)})"

    __repr__ = __str__


class QuanterFactory(ClassWithArguments):
    """Builds one quanter per layer: `_instance(layer)` calls the class with (layer, *args, **kwargs)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.partial_class = None

    def _instance(self, layer):
        if self.partial_class is None:
            self.partial_class = functools.partial(self._get_class(), *self.args, **self.kwargs)
        return self.partial_class(layer)


ObserverFactory = QuanterFactory


def quanter(class_name):
    """Decorate a BaseQuanter subclass: defines a factory class `class_name` in the same module (its
    arguments are the quanter's, after `layer`), so a QuantConfig can name it.

    Args:
        class_name (str): the factory's name.

    Returns:
        callable: the decorator (it returns the quanter class unchanged).

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.quantization import BaseQuanter, quanter
        >>> @quanter("MyQuanter")
        ... class MyQuanterLayer(BaseQuanter):
        ...     def __init__(self, layer, bits=8):
        ...         super().__init__()
        ...         self._bits = bits
        ...     def forward(self, input): return input
        ...     def scales(self): return None
        ...     def zero_points(self): return None
        ...     def quant_axis(self): return -1
        ...     def bit_length(self): return self._bits
        >>> factory = MyQuanter(bits=4)
        >>> factory._instance(None).bit_length()
        4
    """
    def wrapper(target_class):
        def init(self, *args, **kwargs):
            QuanterFactory.__init__(self, *args, **kwargs)

        factory = type(class_name, (QuanterFactory,), {"__init__": init, "_get_class": lambda self: target_class,
                                                        "__module__": target_class.__module__})
        scope = inspect.currentframe().f_back.f_globals  # the decorating module's namespace
        scope[class_name] = factory
        if isinstance(scope.get("__all__"), list):
            scope["__all__"].append(class_name)
        return target_class
    return wrapper
