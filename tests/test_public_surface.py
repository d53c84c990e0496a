"""Every public name of real Paddle 3.3.1 exists in purepaddle under the same path, or is declared unavailable.

The names come from tests/fixtures/surface/public_names.json (written by make_public_names.py in .venv-ref; its
docstring states which modules count as public). A name is *present* when the purepaddle module at Paddle's path
(paddle.x.y -> purepaddle.x.y) has it, *declared* when it is a stub of purepaddle/_core/exclusions.py (it exists
and raises UnavailableFeatureError naming the feature and why), else *missing*.

While issue 16's namespaces land one by one, the checks are:
- no public module of purepaddle fails on import, and no present name fails on attribute access;
- present + declared >= FLOOR (raise it as merges land);
- every missing name is listed in known_gaps.txt (a name that goes missing again fails; the list only shrinks:
  `python tests/test_public_surface.py --write-gaps` rewrites it after a merge);
- every declared exclusion exists at its path and raises UnavailableFeatureError.

`python tests/test_public_surface.py` prints the share present per module.
"""
import importlib
import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
NAMES = HERE / "fixtures" / "surface" / "public_names.json"
GAPS = HERE / "fixtures" / "surface" / "known_gaps.txt"
FLOOR = 1.0  # share of Paddle's public names present or declared on this branch; merges only raise it


def counterpart(paddle_module):
    """The purepaddle module at Paddle's path: (module, None), (None, None) when absent, (None, error) when broken."""
    import purepaddle
    obj, path = purepaddle, "purepaddle"
    for part in paddle_module.split(".")[1:]:
        path = f"{path}.{part}"
        if hasattr(obj, part):
            obj = getattr(obj, part)
            continue
        try:
            obj = importlib.import_module(path)
        except ModuleNotFoundError as e:
            if e.name is not None and path.startswith(e.name):
                return None, None  # this module (or a parent) does not exist yet
            return None, e
        except Exception as e:  # present but broken on import
            return None, e
    return obj, None


def survey():
    """{paddle module: {"present": [...], "declared": [...], "missing": [...], "error": exc or None}}."""
    table = json.loads(NAMES.read_text())["modules"]
    out = {}
    for module, names in table.items():
        mod, err = counterpart(module)
        row = {"present": [], "declared": [], "missing": [], "error": err}
        for name in names:
            found, value = False, None
            if mod is not None:
                try:
                    value, found = getattr(mod, name), True
                except AttributeError:
                    pass
                except Exception as e:  # a lazy attribute that fails
                    row["error"] = row["error"] or e
            if not found:
                row["missing"].append(name)
            elif getattr(value, "__purepaddle_unavailable__", None):
                row["declared"].append(name)
            else:
                row["present"].append(name)
        out[module] = row
    return out


def report(rows):
    """The progress table: per module the share present (declared counted apart), then the total."""
    lines = [f"{'module':48s} {'present':>8s} {'declared':>8s} {'total':>6s} {'%':>6s}"]
    tp = td = tt = 0
    for module, row in rows.items():
        p, d, t = len(row["present"]), len(row["declared"]), sum(len(v) for k, v in row.items() if k != "error")
        tp, td, tt = tp + p, td + d, tt + t
        lines.append(f"{module:48s} {p:8d} {d:8d} {t:6d} {100 * (p + d) / t:5.1f}%")
    lines.append(f"{'TOTAL':48s} {tp:8d} {td:8d} {tt:6d} {100 * (tp + td) / tt:5.1f}%")
    return "\n".join(lines), (tp + td) / tt


def missing_names(rows):
    return sorted(f"{m}.{n}" for m, row in rows.items() for n in row["missing"])


@pytest.fixture(scope="module")
def rows():
    return survey()


def test_no_public_module_is_broken(rows):
    broken = {m: repr(row["error"]) for m, row in rows.items() if row["error"] is not None}
    assert not broken, f"purepaddle modules that fail on import or attribute access: {broken}"


def test_share_present_reaches_the_floor(rows):
    text, share = report(rows)
    print("\n" + text)
    assert share >= FLOOR, f"{100 * share:.1f}% of Paddle's public names present or declared, below {100 * FLOOR}%"


def test_no_name_goes_missing(rows):
    known = set(GAPS.read_text().split())
    new = [n for n in missing_names(rows) if n not in known]
    assert not new, (f"{len(new)} Paddle public names are neither present in purepaddle nor declared in "
                     f"purepaddle/_core/exclusions.py (nor known gaps): {new[:40]}")


def test_declared_exclusions_exist_and_raise():
    from purepaddle._core.exclusions import EXCLUSIONS, UnavailableFeatureError
    table = json.loads(NAMES.read_text())["modules"]
    for public in EXCLUSIONS:
        module, _, name = public.rpartition(".")
        assert name in table.get(module, {}), f"{public} is not a public name of Paddle 3.3.1"
        mod, err = counterpart(module)
        assert err is None and mod is not None and hasattr(mod, name), f"{public} is declared but has no stub"
        with pytest.raises(UnavailableFeatureError, match=public.replace(".", r"\.")):
            getattr(mod, name)()


def test_survey_sees_a_missing_name(tmp_path, monkeypatch):
    """Self-test: a name purepaddle lacks is reported missing, one it has is present."""
    fake = tmp_path / "names.json"
    fake.write_text(json.dumps({"modules": {"paddle": {"to_tensor": "function", "no_such_api": "function"},
                                            "paddle.no_such_module": {"f": "function"}}}))
    monkeypatch.setattr(sys.modules[__name__], "NAMES", fake)
    got = survey()
    assert got["paddle"]["present"] == ["to_tensor"] and got["paddle"]["missing"] == ["no_such_api"]
    assert got["paddle.no_such_module"]["missing"] == ["f"] and got["paddle.no_such_module"]["error"] is None


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    found = survey()
    if "--write-gaps" in sys.argv:
        GAPS.write_text("\n".join(missing_names(found)) + "\n")
        print(f"wrote {GAPS}")
    print(report(found)[0])
