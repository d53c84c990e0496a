"""nn.utils.weight_norm / remove_weight_norm / spectral_norm against values from Paddle 3.3.1."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.nn.utils import remove_weight_norm, spectral_norm, weight_norm

np.random.seed(0)
W = np.random.randn(3, 5).astype("float32")
X = np.random.randn(2, 3).astype("float32")


class MyLin(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.weight = self.create_parameter([3, 5])
        self.weight.set_value(W)
        self.bias = self.create_parameter([5], is_bias=True)

    def forward(self, x):
        return paddle.matmul(x, self.weight) + self.bias


# (dim, g shape, g values, grad of g for sum(layer(X))) from Paddle 3.3.1 on the same W, X
CASES = [(0, [3], [3.5692, 1.4352, 1.7107], [1.314, 0.0574, -4.7156]),
         (1, [5], [2.0218, 1.7826, 1.249, 2.2466, 1.963], [0.0584, -1.7639, -1.2513, 0.4663, 0.1255]),
         (None, [], 4.2102, -0.7826)]


@pytest.mark.parametrize("dim, gshape, g, ggrad", CASES)
def test_weight_norm_matches_paddle(dim, gshape, g, ggrad):
    layer = weight_norm(MyLin(), dim=dim)
    assert layer.weight_g.shape == gshape and layer.weight_v.shape == [3, 5]
    assert sorted(k for k, _ in layer.named_parameters()) == ["bias", "weight_g", "weight_v"]
    np.testing.assert_allclose(layer.weight_g.numpy(), g, atol=1e-4)
    y = layer(paddle.to_tensor(X))
    np.testing.assert_allclose(y.numpy(), X @ W, rtol=1e-5, atol=1e-5)
    y.sum().backward()
    np.testing.assert_allclose(layer.weight_g.grad.numpy(), ggrad, atol=1e-3)
    remove_weight_norm(layer)
    assert sorted(k for k, _ in layer.named_parameters()) == ["bias", "weight"]
    np.testing.assert_allclose(layer.weight.numpy(), W, atol=1e-5)


def test_weight_norm_errors():
    layer = weight_norm(MyLin())
    with pytest.raises(RuntimeError, match="Cannot register two weight_norm hooks on the same parameter weight"):
        weight_norm(layer)
    with pytest.raises(ValueError, match="weight_norm of 'bias' not found"):
        remove_weight_norm(layer, "bias")


def test_spectral_norm():
    layer = spectral_norm(MyLin(), n_power_iterations=30)  # dim 0 for a generic layer
    assert layer.weight_u.shape == [3] and layer.weight_v.shape == [5]
    assert sorted(layer.state_dict().keys()) == ["bias", "weight_orig", "weight_u", "weight_v"]
    layer(paddle.to_tensor(X))
    np.testing.assert_allclose(np.linalg.svd(layer.weight.numpy())[1][0], 1.0, rtol=1e-4)
    with pytest.raises(ValueError, match="Expected n_power_iterations to be positive"):
        spectral_norm(MyLin(), n_power_iterations=0)
