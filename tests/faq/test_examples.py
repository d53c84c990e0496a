"""The FAQ's examples (seeds 000/001), run unchanged under `python -m purepaddle`, give the FAQ's results.

Each script in tests/faq/ asserts the FAQ's claims itself and prints its results; the printed
output must equal what real paddlepaddle 3.3.1 prints for the same script (EXPECTED below).
Regenerate EXPECTED with `.venv-ref/bin/python -m tests.faq.test_examples` from the repository root
(needs real paddle).
"""
import subprocess
import sys
from pathlib import Path

from tests.checkout import child_env

try:
    import pytest
except ImportError:  # regenerating EXPECTED under the reference venv, which has no pytest
    pytest = None

FAQ = Path(__file__).resolve().parent
# the FAQ scripts beside this file (not this file, not the package marker)
SCRIPTS = sorted(p for p in FAQ.glob("*.py") if p.name not in ("__init__.py", Path(__file__).name))
MARK = "# --- EXPECTED: generated from real Paddle by running this file; do not edit by hand ---"


def run_faq(name):
    """Run tests/faq/<name> under `python -m purepaddle` from the faq folder."""
    return subprocess.run([sys.executable, "-m", "purepaddle", str(FAQ / name)], cwd=FAQ, env=child_env(),
                          capture_output=True, text=True, timeout=120)


if pytest is not None:
    @pytest.mark.parametrize("name", [p.name for p in SCRIPTS])
    def test_faq_script(name):
        r = run_faq(name)
        assert r.returncode == 0, f"{name} failed:\n{r.stderr}"
        assert r.stdout == EXPECTED[name]


def _regenerate():
    """Run every FAQ script on real Paddle (this interpreter) and rewrite EXPECTED in this file."""
    import paddle  # noqa: F401  (fails early without real Paddle)
    entries = []
    for p in SCRIPTS:
        r = subprocess.run([sys.executable, str(p)], cwd=FAQ, capture_output=True, text=True, timeout=300)
        if r.returncode != 0:
            raise SystemExit(f"{p.name} fails on real Paddle:\n{r.stderr}")
        if "\\" in r.stdout or '"""' in r.stdout:
            raise SystemExit(f"{p.name}: output needs escaping; keep FAQ output plain")
        entries.append(f'    {p.name!r}: """\\\n{r.stdout}""",')
    me = Path(__file__)
    head = me.read_text().rsplit("\n" + MARK + "\n", 1)[0]
    me.write_text(head + "\n" + MARK + "\nEXPECTED = {\n" + "\n".join(entries) + "\n}\n\n\n"
                  'if __name__ == "__main__":\n    _regenerate()\n')


# --- EXPECTED: generated from real Paddle by running this file; do not edit by hand ---
EXPECTED = {
    'einsum.py': """\
Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
       6.)
Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
       32.)
Tensor(shape=[3, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
       [[4. , 5. , 6. ],
        [8. , 10., 12.],
        [12., 15., 18.]])
Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
       [[1., 3.],
        [2., 4.]])
Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
       5.)
Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
       [1., 4.])
Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
       [[7. , 10.],
        [15., 22.]])
paddle.Size([2, 3, 5])
paddle.Size([2, 4, 3])
OK
""",
    'gather.py': """\
paddle.Size([2, 2, 4])
Tensor(shape=[2, 2, 4], dtype=float32, place=Place(cpu), stop_gradient=True,
       [[[8. , 9. , 10., 11.],
         [0. , 1. , 2. , 3. ]],

        [[20., 21., 22., 23.],
         [12., 13., 14., 15.]]])
paddle.Size([2, 2, 4])
paddle.Size([2, 2, 4])
paddle.Size([1, 3, 4])
(InvalidArgument) The last dim of index should be 0 or 1 when it is 2D, but we get 2
Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
       [40., 10., 10., 30.])
OK
""",
    'inplace.py': """\
[1.0, 0.0]
[5.0, 7.0]
False
[[1.0, 0.0], [1.0, 1.0]]
(InvalidArgument) Leaf Var (<name>) that doesn't stop gradient can't use inplace strategy.
OK
""",
    'masked_fill.py': """\
paddle.Size([3, 3]) paddle.float32 paddle.bool paddle.float32 True
Tensor(shape=[3, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
       [[2.        , 2.        , 0.96637046],
        [2.        , 2.        , 2.        ],
        [2.        , 2.        , 2.        ]])
OK
""",
    'matmul_vs_multiply.py': """\
Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
       [[19., 22.],
        [43., 50.]])
Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
       [[5. , 12.],
        [21., 32.]])
Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
       [3., 7.])
Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
       2.)
paddle.Size([3, 1, 2, 2])
Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
       [[23., 31.],
        [34., 46.]])
Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
       [[10. , 200.],
        [30. , 400.]])
OK
""",
    'no_grad.py': """\
True True
True
False
[4.0, 6.0]
Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=False,
       [1.60000002, 2.40000010])
OK
""",
    'stop_gradient.py': """\
True False
True False
None [3.0, 8.0]
True [3.0, 8.0] False
OK
""",
}


if __name__ == "__main__":
    _regenerate()
