"""The parity harness end to end without real Paddle: purepaddle against itself agrees on every case, the case
generator is deterministic, and a worker that crashes, exits or hangs costs only that case."""
import json
import sys

from parity import cases, runner, table
from parity import run as driver
from tests.checkout import ROOT

SIDE = runner.Side("purepaddle", sys.executable, "purepaddle")
FAKE = runner.Side("paddle", sys.executable, "tests.parity.fake_paddle")


def test_generation_is_deterministic_and_seeded():
    a = driver.generate("paddle.sin,paddle.add,getitem", seed=3)
    b = driver.generate("paddle.sin,paddle.add,getitem", seed=3)
    c = driver.generate("paddle.sin,paddle.add,getitem", seed=4)
    assert json.dumps(a) == json.dumps(b)  # (NaN payloads: compare the JSON, NaN != NaN in lists)
    assert json.dumps(a) != json.dumps(c)
    assert {x["label"].split("/")[1] for x in a} == {"normal", "special", "empty", "0d"}
    assert {x["label"].split("/")[0] for x in a} >= {"bool", "int8", "uint8", "bfloat16", "complex128"}


def test_the_table_is_wide_and_names_are_unique():
    names = [a.name for a in table.TABLE]
    assert len(names) == len(set(names))
    assert len(names) >= 300
    quick = [a for a in table.TABLE if a.quick]
    assert 80 <= len(quick) <= 130
    assert set(table.QUICK) == {a.name for a in quick}  # no name in QUICK misspelt


def test_purepaddle_agrees_with_itself():
    sel = "paddle.sin,paddle.add,paddle.sum,paddle.matmul,getitem,setitem,F.relu,paddle.topk"
    cs = driver.generate(sel, quick=True)
    results = runner.run_both([SIDE, runner.Side("paddle", sys.executable, "purepaddle")], cs, 1, 60.0)
    verdicts = driver.judge(cs, results)
    statuses = {v["status"] for v in verdicts.values()}
    assert statuses == {"agree"}, [v for v in verdicts.values() if v["status"] != "agree"][:3]
    assert any(r.get("grads") for r in results["purepaddle"].values())  # gradients were compared


def test_crash_exit_and_hang_are_recorded_and_the_worker_restarts():
    ok = cases.expand(cases.Api("paddle.sin", [((cases.X((2,)),), {})], dtypes=("float32",), kinds=("normal",)))[0]
    specs = []
    for api in ("paddle.sin", "paddle.crash", "paddle.sin", "paddle.exit_now", "paddle.sin", "paddle.hang",
                "paddle.sin"):
        specs.append(dict(ok, api=api, id=len(specs), label="float32/normal/s0"))
    res = runner.run_side(FAKE, specs, 1, timeout=5.0)
    assert "out" in res[0] and "out" in res[2] and "out" in res[4] and "out" in res[6]
    assert res[1]["crash"] == "signal 11"
    assert res[3]["crash"] == "exit 0"
    assert "no answer" in res[5]["hang"]
    v = driver.judge(specs, {"purepaddle": runner.run_side(SIDE, specs[:1], 1, 30.0), "paddle": res})
    assert v[0]["status"] == "agree"


def test_cli_lists_cases(capsys):
    from parity.__main__ import main
    assert main(["--apis", "paddle.abs", "--list"]) == 0
    assert "paddle.abs:" in capsys.readouterr().out
    assert str(ROOT)


def test_a_case_becomes_a_script_that_runs(tmp_path):
    import subprocess

    from parity.script import script
    from tests.checkout import child_env
    keys = [("paddle.max", "float32/special/s0"), ("getitem", "float32/normal/s7"), ("setitem", "float64/normal/s1"),
            ("op.add", "complex64/special/s0"), ("Tensor.T", "int8/normal/s0"), ("paddle.concat", "bfloat16/normal/s0")]
    sources = []
    for api, label in keys:
        (case,) = driver.generate(api, labels=label)
        src = script(case)
        compile(src, f"{api}|{label}", "exec")
        sources.append(src)
    path = tmp_path / "case.py"
    path.write_text("\n".join(sources))
    proc = subprocess.run([sys.executable, "-m", "purepaddle", str(path)], env=child_env(), capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "grad Tensor(" in proc.stdout
