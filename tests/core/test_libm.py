"""purepaddle's float32 exp against real Paddle's (tests/fixtures/libm/expf.npz, written by
tests/fixtures/make_libm_fixtures.py): Eigen's vectorised pexp on 8-float packets, std::exp on the tail."""
import zlib

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle._core.libm import eigen_expf
from tests.checkout import FIXTURES
from tests.fixtures.make_libm_fixtures import inputs

EXPF = np.load(FIXTURES / "libm" / "expf.npz")
INPUTS = inputs()


@pytest.mark.parametrize("name", sorted(EXPF.files))
def test_eigen_expf_is_paddles_exp(name):
    got = eigen_expf(INPUTS[name])
    want = EXPF[name]
    if want.dtype == np.uint32:  # a large set: the CRC-32 of Paddle's output bytes
        assert zlib.crc32(got.tobytes()) == int(want[0])
    else:
        np.testing.assert_array_equal(got.view(np.uint32), want.view(np.uint32))


def test_paddle_exp_of_float32_goes_through_it():
    x = INPUTS["size_1001"]
    np.testing.assert_array_equal(paddle.exp(paddle.to_tensor(x)).numpy().view(np.uint32),
                                  EXPF["size_1001"].view(np.uint32))
    assert paddle.exp(paddle.to_tensor(np.float32(0.5))).shape == []
