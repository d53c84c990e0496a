"""spectral_norm: divide a weight by its largest singular value, estimated by power iteration."""
from ... import tensor as T
from ..._core.mode import no_grad
from ..functional.norm import normalize

__all__ = ["spectral_norm"]

# layers whose weight keeps output features in dim 1: their spectral norm defaults to dim=1
_DIM1_LAYERS = {"Linear", "Conv1DTranspose", "Conv2DTranspose", "Conv3DTranspose"}


def _normalize(x, eps):
    """x / max(||x||_2, eps) for a 1-D tensor."""
    return x / T.maximum(T.sqrt(T.sum(T.square(x))), T.full([], eps, x.dtype))


class SpectralNorm:
    """The forward pre-hook that sets `layer.<name>` = `<name>_orig` / sigma (power iteration while training)."""

    def __init__(self, name="weight", n_power_iterations=1, dim=0, eps=1e-12):
        if n_power_iterations <= 0:
            raise ValueError(f"Expected n_power_iterations to be positive, but got "
                             f"n_power_iterations={n_power_iterations}")
        self.name, self.dim, self.n_power_iterations, self.eps = name, dim, n_power_iterations, eps

    def reshape_weight_to_matrix(self, weight):
        mat = weight
        if self.dim != 0:
            mat = T.transpose(mat, [self.dim] + [d for d in range(len(mat.shape)) if d != self.dim])
        return T.reshape(mat, [mat.shape[0], -1])

    def compute_weight(self, layer, do_power_iteration):
        weight = getattr(layer, self.name + "_orig")
        u = getattr(layer, self.name + "_u")
        v = getattr(layer, self.name + "_v")
        mat = self.reshape_weight_to_matrix(weight)
        if do_power_iteration:
            with no_grad():
                for _ in range(self.n_power_iterations):
                    v._write(_normalize(T.matmul(mat, u, transpose_x=True), self.eps))
                    u._write(_normalize(T.matmul(mat, v), self.eps))
                u, v = u.clone(), v.clone()
        sigma = T.dot(u, T.mv(mat, v))
        return weight / sigma

    def __call__(self, layer, inputs):
        setattr(layer, self.name, self.compute_weight(layer, do_power_iteration=layer.training))

    @staticmethod
    def apply(layer, name, n_power_iterations, dim, eps):
        for hook in layer._forward_pre_hooks.values():
            if isinstance(hook, SpectralNorm) and hook.name == name:
                raise RuntimeError(f"Cannot register two spectral_norm hooks on the same parameter {name}")
        fn = SpectralNorm(name, n_power_iterations, dim, eps)
        weight = layer._parameters[name]
        with no_grad():
            h, w = fn.reshape_weight_to_matrix(weight).shape
            # as Paddle: each vector is a fresh parameter of the default dtype (its Xavier draw is spent, then
            # overwritten by a standard normal draw), normalised; so a seeded program draws Paddle's numbers
            u = layer.create_parameter([h])
            u.set_value(T.normal(0.0, 1.0, shape=u.shape))
            v = layer.create_parameter([w])
            v.set_value(T.normal(0.0, 1.0, shape=v.shape))
            u = normalize(u, axis=0, epsilon=fn.eps)
            v = normalize(v, axis=0, epsilon=fn.eps)
        del layer._parameters[fn.name]
        layer.add_parameter(fn.name + "_orig", weight)
        setattr(layer, fn.name, weight * 1.0)
        layer.register_buffer(fn.name + "_u", u)
        layer.register_buffer(fn.name + "_v", v)
        layer.register_forward_pre_hook(fn)
        return fn


def spectral_norm(layer, name="weight", n_power_iterations=1, eps=1e-12, dim=None):
    """Normalise parameter `name` by its spectral norm on every forward (a power-iteration estimate).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> conv = paddle.nn.utils.spectral_norm(paddle.nn.Conv2D(3, 5, 3))
            >>> conv.weight_u.shape, conv.weight_v.shape
            (paddle.Size([5]), paddle.Size([27]))
    """
    if dim is None:
        dim = 1 if any(c.__name__ in _DIM1_LAYERS for c in type(layer).__mro__) else 0
    SpectralNorm.apply(layer, name, n_power_iterations, dim, eps)
    return layer
