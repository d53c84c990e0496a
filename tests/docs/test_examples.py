"""Every `>>>` example in purepaddle's docstrings runs and shows what it says (Paddle's doc CI rules).

One test per example, id `module.qualname` (see _collect.py for how examples are found, _sandbox.py
for how one runs, _want.py for how output is compared). An example that cannot run here says why in
a directive: `# doctest: +SKIP("needs the MNIST files")` or `+REQUIRES(module:google.protobuf)`; a SKIP
without a reason fails.
"""
import pathlib
import re
import sys
import tempfile
import textwrap

import pytest

import purepaddle
from tests.docs._collect import collect, docstring_examples
from tests.docs._sandbox import ExampleFailed, ExampleSkipped, run_example

ROOT = pathlib.Path(purepaddle.__file__).resolve().parents[1]  # the tree whose code the examples run on

EXAMPLES = collect(ROOT)


def _ids(examples):
    seen = {}
    for ex in examples:
        seen[ex.name] = seen.get(ex.name, 0) + 1
        yield ex.name if seen[ex.name] == 1 else f"{ex.name}[{seen[ex.name]}]"


def _params():
    for ex, ident in zip(EXAMPLES, _ids(EXAMPLES)):
        yield pytest.param(ex, id=ident)


@pytest.mark.parametrize("example", list(_params()))
def test_example(example):
    with tempfile.TemporaryDirectory(prefix="pp-doc-") as workdir:
        try:
            run_example(example, workdir)
        except ExampleSkipped as why:
            pytest.skip(f"{example.name}: {why}")


def test_examples_are_found():
    assert len(EXAMPLES) > 1000


# -- the runner's own rules ------------------------------------------------------------------------------------

def _run_doc(body):
    """Run the one example of a docstring whose code-block holds `body` (lines of '>>> ...' and wants)."""
    doc = "Doc.\n\n    Examples:\n        .. code-block:: python\n\n" + textwrap.indent(textwrap.dedent(body), " " * 12)
    (example,) = docstring_examples(doc, 1, "m", "f", "m.py")
    with tempfile.TemporaryDirectory(prefix="pp-doc-") as workdir:
        run_example(example, workdir)


@pytest.mark.parametrize("body", [
    ">>> 1 + 1\n2\n",
    ">>> print(0.1 + 0.2)\n0.3\n",                                   # numbers within 1e-5
    ">>> paddle.to_tensor([1.0])\nTensor(shape=[1], dtype=float32, place=CUDAPlace(0), stop_gradient=True,\n[1.])\n",
    ">>> print('a  b\\nc')\na b c\n",                                  # whitespace is ignored
    ">>> print(list(range(20)))\n[0, 1, ..., 19]\n",                  # ... matches anything
    ">>> 1 / 0\nTraceback (most recent call last):\nZeroDivisionError: division by zero\n",
    ">>> raise KeyError('k')\nTraceback (most recent call last):\n    ...\nLookupError: 'k'\n",  # a base class
    ">>> print('a')\n>>> print('b')\na\nb\n",                         # a want covers its run's earlier output
    ">>> for i in range(2):\n...     i\n0\n1\n",                      # one compound statement: REPL mode
    ">>> x = 1  # doctest: +SKIP(\"cannot run here\")\n>>> 2\n2\n",
    ">>> # doctest: +REQUIRES(module:numpy)\n>>> import numpy\n",
])
def test_runner_accepts(body):
    try:
        _run_doc(body)
    except ExampleSkipped:
        pass


@pytest.mark.parametrize("body, message", [
    (">>> 1 + 1\n3\n", "output differs"),
    (">>> print(1.001)\n1.0\n", "output differs"),
    (">>> print([1, 2, 3])\n[1, ..., 4]\n", "output differs"),
    (">>> 1\nTraceback (most recent call last):\nValueError: x\n", "expected ValueError, none raised"),
    (">>> int('x')\nTraceback (most recent call last):\nTypeError: x\n", "ValueError raised"),
    (">>> x = 1  # doctest: +SKIP\n", "without a reason"),
    (">>> # doctest: +SKIP('')\n>>> x = 1\n", "without a reason"),
    (">>> x = 1  # doctest: +SKIPP\n", "unknown doctest directive"),
    (">>> # doctest: +REQUIRES(gpu)\n>>> x = 1\n", "unknown requirement"),
    (">>> x = (1,\n", "cannot read the example"),
])
def test_runner_refuses(body, message):
    with pytest.raises(ExampleFailed, match=re.escape(message)):
        _run_doc(body)


def test_runner_skips_with_the_reason():
    with pytest.raises(ExampleSkipped, match=r"1 of 2 statements skipped: needs the MNIST files"):
        _run_doc('>>> # doctest: +SKIP("needs the MNIST files")\n>>> x = 1\n>>> # doctest: -SKIP\n>>> y = 2\n')
    with pytest.raises(ExampleSkipped, match=r"requires env:GPU"):
        _run_doc(">>> # doctest: +REQUIRES(env:GPU)\n>>> x = 1\n")


def test_runner_puts_global_state_back():
    import os

    import numpy as np

    import purepaddle as paddle
    from purepaddle.amp.auto_cast import amp_global_state
    from purepaddle._core import hooks
    from purepaddle.framework.pickle_safe import get_safe_globals
    from purepaddle.jit import trace_log

    def names():  # the global name generator's counters (switch() hands back the current generator)
        current = paddle.utils.unique_name.switch()
        paddle.utils.unique_name.switch(current)
        return dict(current.ids)

    paddle.utils.unique_name.generate("doc_test")

    def snapshot():
        return (paddle.in_dynamic_mode(), paddle.is_grad_enabled(), paddle.get_default_dtype(),
                paddle.device.get_device(), paddle.get_flags(["FLAGS_check_nan_inf"]), paddle.get_printoptions(),
                paddle.get_rng_state()[0].current_seed(), float(paddle.rand([1])),
                np.random.get_state()[1][:4].tolist(),
                amp_global_state().amp_dtype, os.getcwd(), os.environ.get("PP_DOC_TEST"),
                paddle.static.default_main_program(), paddle.static.global_scope(),
                names(), "paddle" in sys.modules, get_safe_globals(),
                [(p.name, p.active) for p in hooks.declared().values()],
                trace_log._Levels.verbosity)

    state = paddle.get_rng_state()
    before = snapshot()
    paddle.set_rng_state(state)
    _run_doc("""\
        >>> import os, numpy as np
        >>> paddle.seed(7); np.random.seed(7)
        >>> paddle.set_default_dtype('float64'); paddle.set_printoptions(precision=2)
        >>> paddle.set_flags({'FLAGS_check_nan_inf': True}); paddle.set_grad_enabled(False)
        >>> with paddle.amp.auto_cast():
        ...     pass
        >>> os.environ['PP_DOC_TEST'] = '1'; os.mkdir('sub'); os.chdir('sub')
        >>> paddle.enable_static()
        >>> x = paddle.static.data('x', [2])
        >>> paddle.utils.unique_name.generate('doc_test')
        'doc_test_0'
        >>> import fractions
        >>> paddle.framework.pickle_safe.add_safe_globals([fractions.Fraction])
        >>> _ = paddle.device.max_memory_allocated()  # installs an op hook
        >>> paddle.jit.set_verbosity(3)
    """)
    paddle.set_rng_state(state)
    assert snapshot() == before
