"""Operand checks shared by the loss functions: tensor and float inputs, matching input/label shapes."""
from ...._core.methods import TensorMethods


def check_tensor(x, api, arg):
    """Raise Paddle's TypeError unless x is a Tensor/Variable."""
    if not isinstance(x, TensorMethods):
        raise TypeError(f"The type of '{arg}' in {api} must be paddle.Tensor, but received {type(x).__name__}.")


def check_float(x, api, arg="input"):
    """Raise Paddle's TypeError unless x is a float32/float64 (or float16) Tensor."""
    check_tensor(x, api, arg)
    if not x.dtype.is_floating:
        raise TypeError(f"The data type of '{arg}' in {api} must be float16, float32 or float64, but received "
                        f"{x.dtype.name}.")


def _same_dims(a, b):
    return len(a) == len(b) and all(x == y or x < 0 or y < 0 for x, y in zip(a, b))


def _shape_error(ishape, lshape):
    return ValueError(
        "(InvalidArgument) Input(Logits) and Input(Label) should in same shape in dimensions except axis.\n  "
        f"[Hint: Expected logits_dims == labels_dims, but received logits_dims:{ishape} != labels_dims:{lshape}.]")


def shape_of(t):
    """A Tensor's or Variable's shape as a tuple (-1 for unknown static dims), cheaply for Tensors."""
    d = getattr(t, "_data", None)
    return d.shape if d is not None else tuple(t.shape)


def _same_shape(x, label, what="."):
    xs, ls = list(x.shape), list(label.shape)
    if not _same_dims(xs, ls):
        raise ValueError(f"(InvalidArgument) Input(X) and Input(Label) shall have the same shape{what} But received: "
                         f"the shape of Input(X) is {xs}, the shape of Input(Label) is {ls}.")
