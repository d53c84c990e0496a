"""Fixtures shared across the test folders: no test leaks global state, static-graph mode with fresh programs and
scope, fresh unique names, and a skip for checks that need real Paddle's interpreter (.venv-ref).

Paths (the repository root, tests/fixtures, .venv-ref) and the environment of a child interpreter live in
tests/checkout.py, since tests also need them at import time (parametrize over fixture files). Fixtures used by one
folder only live in that folder's conftest.py (tests/distributed: the launcher's environment, mpirun)."""
import os

import pytest

import purepaddle as paddle
from purepaddle import static
from purepaddle._core import mode as _mode
from purepaddle._core import place as _place
from purepaddle.framework import flags as _flags
from purepaddle.jit import api as _jit_api
from tests.checkout import REF_PY

# no test downloads: a data set or weight file not in the cache gives the offline error at once (utils.download)
os.environ.setdefault("PUREPADDLE_OFFLINE", "1")


@pytest.fixture(autouse=True)
def _no_leaked_global_state():
    """Put back what a test may switch globally: static mode, grad mode, the default dtype, the default place,
    FLAGS_* values and jit.enable_to_static; so a test that fails half-way cannot change the tests after it."""
    dtype, place, enabled = paddle.get_default_dtype(), _place._current[0], _jit_api._ENABLED[0]
    grad, flag_values = _mode.STATE.grad_enabled, dict(_flags.VALUES)
    yield
    _mode.STATE.static = False
    _mode.STATE.grad_enabled = grad
    if paddle.get_default_dtype() != dtype:
        paddle.set_default_dtype(dtype)
    _place._current[0] = place
    _jit_api._ENABLED[0] = enabled
    if _flags.VALUES != flag_values:
        _flags.VALUES.clear()
        _flags.VALUES.update(flag_values)


@pytest.fixture
def cpu_amp():
    """FLAGS_purepaddle_cpu_amp on for one test: eager AMP emulates a GPU's float16/bfloat16 on the CPU place
    (by default auto_cast, decorate O2 and GradScaler do nothing there, as in Paddle's CPU build)."""
    paddle.set_flags({"FLAGS_purepaddle_cpu_amp": True})
    yield  # _no_leaked_global_state puts the flag back


@pytest.fixture
def static_mode():
    """Static-graph mode with a fresh global scope for one test; dynamic mode again afterwards."""
    paddle.enable_static()
    try:
        with static.scope_guard(static.Scope()):
            yield
    finally:
        paddle.disable_static()


@pytest.fixture
def progs(static_mode):
    """Fresh main and startup Programs as the defaults of one static-mode test: (main, startup)."""
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        yield main, startup


@pytest.fixture
def fresh_names():
    """unique_name counters from zero, so parameter and variable names are Paddle's first ones (fc_0.w_0 ...)."""
    with paddle.utils.unique_name.guard():
        yield


@pytest.fixture
def ref_python():
    """Real Paddle's interpreter, for checks that hand our files to real Paddle; skips where it is absent."""
    if not REF_PY.exists():
        pytest.skip("needs .venv-ref (real paddlepaddle; `make ref-venv` builds it)")
    return REF_PY
