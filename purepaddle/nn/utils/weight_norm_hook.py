"""weight_norm / remove_weight_norm: reparameterise w = g * v / ||v|| (norm over all dims but `dim`)."""
from ... import tensor as T
from ..._core.mode import no_grad

__all__ = ["weight_norm", "remove_weight_norm"]


def _norm_except_dim(p, dim):
    """sqrt(sum(p**2) + 1e-12) over every axis but `dim` (over all axes for dim=-1)."""
    if dim == -1:
        return T.sqrt(T.sum(T.square(p)) + 1e-12)
    axes = [i for i in range(len(p.shape)) if i != dim]
    return T.sqrt(T.sum(T.square(p), axis=axes) + 1e-12)


def _weight_norm(v, g, dim):
    if dim == -1:
        return v / (T.sqrt(T.sum(T.square(v))) + 1e-12) * g
    axes = [i for i in range(len(v.shape)) if i != dim]
    norm = T.maximum(T.sqrt(T.sum(T.square(v), axis=axes, keepdim=True)), T.full([1], 1e-12, v.dtype))
    bshape = [1] * len(v.shape)
    bshape[dim] = v.shape[dim]
    return v / norm * T.reshape(g, bshape)


class WeightNorm:
    """The forward pre-hook that recomputes `layer.<name>` from `<name>_g` and `<name>_v`."""

    def __init__(self, name, dim):
        self.name = name
        self.dim = -1 if dim is None else dim

    def compute_weight(self, layer):
        return _weight_norm(getattr(layer, self.name + "_v"), getattr(layer, self.name + "_g"), self.dim)

    @staticmethod
    def apply(layer, name, dim):
        for hook in layer._forward_pre_hooks.values():
            if isinstance(hook, WeightNorm) and hook.name == name:
                raise RuntimeError(f"Cannot register two weight_norm hooks on the same parameter {name}")
        dim = -1 if dim is None else dim
        rank = len(layer._parameters[name].shape)
        assert -rank <= dim < rank, "dim must set between [-R, R), R means the dimension of weight."
        if dim != -1:
            dim = (dim + rank) % rank
        fn = WeightNorm(name, dim)
        w = getattr(layer, name)
        del layer._parameters[name]
        g_val = _norm_except_dim(w, dim)
        v = layer.create_parameter(w.shape, dtype=w.dtype)
        layer.add_parameter(name + "_v", v)
        g = layer.create_parameter(g_val.shape, dtype=g_val.dtype)
        layer.add_parameter(name + "_g", g)
        with no_grad():
            v._write(w)
            g._write(g_val)
        setattr(layer, name, fn.compute_weight(layer))
        layer.register_forward_pre_hook(fn)
        return fn

    def remove(self, layer):
        w_val = self.compute_weight(layer)
        delattr(layer, self.name)
        del layer._parameters[self.name + "_g"]
        del layer._parameters[self.name + "_v"]
        w = layer.create_parameter(w_val.shape, dtype=w_val.dtype)
        layer.add_parameter(self.name, w)
        with no_grad():
            w._write(w_val)

    def __call__(self, layer, inputs):
        setattr(layer, self.name, self.compute_weight(layer))


def weight_norm(layer, name="weight", dim=0):
    """Replace parameter `name` by a magnitude `<name>_g` and a direction `<name>_v` (recombined each forward).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> conv = paddle.nn.Conv2D(3, 5, 3)
            >>> wn = paddle.nn.utils.weight_norm(conv)
            >>> conv.weight_g.shape, conv.weight_v.shape
            (paddle.Size([5]), paddle.Size([5, 3, 3, 3]))
    """
    WeightNorm.apply(layer, name, dim)
    return layer


def remove_weight_norm(layer, name="weight"):
    """Undo weight_norm: `name` becomes a plain parameter again with the current combined value.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> conv = paddle.nn.Conv2D(3, 5, 3)
            >>> conv = paddle.nn.utils.remove_weight_norm(paddle.nn.utils.weight_norm(conv))
            >>> hasattr(conv, 'weight_g')
            False
    """
    for k, hook in list(layer._forward_pre_hooks.items()):
        if isinstance(hook, WeightNorm) and hook.name == name:
            hook.remove(layer)
            del layer._forward_pre_hooks[k]
            return layer
    raise ValueError(f"weight_norm of '{name}' not found in {layer}")
