"""purepaddle's float32 and float64 exp against real Paddle's (tests/fixtures/libm/expf.npz and exp.npz, written
by tests/fixtures/make_libm_fixtures.py): Eigen's vectorised pexp on 8-float (4-double) packets, std::exp on the
tail."""
import zlib

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle._core.libm import eigen_exp, eigen_expf
from tests.checkout import FIXTURES
from tests.fixtures.make_libm_fixtures import inputs, inputs64

EXPF = np.load(FIXTURES / "libm" / "expf.npz")
EXP = np.load(FIXTURES / "libm" / "exp.npz")
INPUTS = inputs()
INPUTS64 = inputs64()


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


@pytest.mark.parametrize("name", sorted(EXP.files))
def test_eigen_exp_is_paddles_float64_exp(name):
    got = eigen_exp(INPUTS64[name])
    want = EXP[name]
    if want.dtype == np.uint32:
        assert zlib.crc32(got.tobytes()) == int(want[0])
    else:
        np.testing.assert_array_equal(got.view(np.uint64), want.view(np.uint64))


def test_paddle_exp_of_float64_goes_through_it():
    x = INPUTS64["size_101"]
    np.testing.assert_array_equal(paddle.exp(paddle.to_tensor(x)).numpy().view(np.uint64),
                                  EXP["size_101"].view(np.uint64))
