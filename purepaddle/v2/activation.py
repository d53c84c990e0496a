"""v2 activations (`paddle.activation.Relu()`, ...): each applies a 2.x function to a layer's output."""
from ..nn.functional.activation import relu, softmax
from ..tensor.math.unary import exp, sigmoid, tanh

__all__ = ["Base", "Linear", "Identity", "Relu", "Sigmoid", "Tanh", "Softmax", "Exp"]


class Base:
    """A v2 activation: `name` (the legacy config's name) and `__call__(x)` applying it."""

    name = None

    def __call__(self, x):
        """Apply the activation to the Tensor `x`."""
        raise NotImplementedError

    def __repr__(self):
        return f"{type(self).__name__}()"


class Linear(Base):
    """No activation: the layer's output is its input sum.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.activation.Linear().name
            ''
    """

    name = ""

    def __call__(self, x):
        """`x` unchanged."""
        return x


Identity = Linear


def _simple(cls_name, act_name, fn):
    """An activation class applying the 2.x function `fn`."""
    def call(self, x):
        return fn(x)
    call.__doc__ = f"{act_name}(x)."
    doc = (f"v2's {act_name} activation.\n\n    Examples:\n        .. code-block:: python\n\n"
           f"            >>> import paddle.v2 as paddle\n            >>> paddle.activation.{cls_name}().name\n"
           f"            '{act_name}'\n    ")
    return type(cls_name, (Base,), {"name": act_name, "__call__": call, "__doc__": doc})


Relu = _simple("Relu", "relu", relu)
Sigmoid = _simple("Sigmoid", "sigmoid", sigmoid)
Tanh = _simple("Tanh", "tanh", tanh)
Exp = _simple("Exp", "exponential", exp)
Softmax = _simple("Softmax", "softmax", lambda x: softmax(x, axis=-1))
