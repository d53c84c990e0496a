"""fleet.MultiSlotDataGenerator / MultiSlotStringDataGenerator: Paddle's text format, byte for byte."""
import subprocess
import sys
from pathlib import Path

import pytest

import purepaddle.distributed.fleet as fleet

HERE = Path(__file__).resolve().parent
LINES = "1 3 4 5\n0 7\n\n1 2.5 8\n0 9 10\n1 11 12 13 14\n"


def _run(python, kind, *prefix):
    proc = subprocess.run([str(python), *prefix, str(HERE / "gen_words.py"), kind], input=LINES,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@pytest.mark.parametrize("kind", ["int", "str"])
def test_pipe_output_is_paddles(kind, ref_python):
    ours = _run(sys.executable, kind, "-m", "purepaddle")
    assert ours == _run(ref_python, kind)
    assert ours.splitlines()[0] == "3 3 4 5 1 1"


def test_slot_types_and_errors():
    gen = fleet.MultiSlotDataGenerator()
    assert gen._gen_str([("a", [1, 2]), ("b", [3])]) == "2 1 2 1 3\n"
    assert gen._gen_str((("a", [1.5]), ("b", [3]))) == "1 1.5 1 3\n"
    assert gen._proto_info == [("a", "float"), ("b", "uint64")]
    with pytest.raises(ValueError, match="the complete field set of two given line are inconsistent"):
        gen._gen_str([("a", [1])])
    with pytest.raises(ValueError, match=r"the field name of two given line are not match: require<b>, get<c>"):
        gen._gen_str([("a", [1]), ("c", [1])])
    with pytest.raises(ValueError, match="the elements of each field can not be empty"):
        gen._gen_str([("a", []), ("b", [1])])
    with pytest.raises(ValueError, match="must be in int or float"):
        fleet.MultiSlotDataGenerator()._gen_str([("a", ["x"])])
    with pytest.raises(ValueError, match="must be in list or tuple type"):
        gen._gen_str("a 1")
    assert fleet.MultiSlotStringDataGenerator()._gen_str([("w", ["x", "y"]), ("l", ["1"])]) == "2 x y 1 1\n"
    with pytest.raises(NotImplementedError, match="Please rewrite this function"):
        gen.generate_sample("1")


def test_run_from_memory_batches(capsys):
    class Three(fleet.MultiSlotDataGenerator):
        def generate_sample(self, line):
            def local_iter():
                for k in range(3):
                    yield [("k", [k])]
            return local_iter

        def generate_batch(self, samples):
            def local_iter():
                yield [("n", [len(samples)])]
            return local_iter

    gen = Three()
    gen.set_batch(2)
    gen.run_from_memory()
    assert capsys.readouterr().out == "1 2\n1 1\n"
