"""Global FLAGS_*: Paddle's defaults and types, environment parsing at import, set_flags/get_flags errors."""
import subprocess
import sys

import pytest

import purepaddle as paddle
from purepaddle.framework import flags
from purepaddle.framework import get_flags, set_flags
from tests.checkout import child_env



# the values real paddlepaddle 3.3.1 reports (CPU build; GPU-only flags from a GPU build's definitions)
PADDLE_DEFAULTS = {
    "FLAGS_check_nan_inf": False,
    "FLAGS_check_nan_inf_level": 0,
    "FLAGS_eager_delete_tensor_gb": 0.0,
    "FLAGS_fast_eager_deletion_mode": True,
    "FLAGS_fraction_of_gpu_memory_to_use": 0.9200000166893005,
    "FLAGS_allocator_strategy": "auto_growth",
    "FLAGS_use_mkldnn": False,
    "FLAGS_benchmark": False,
    "FLAGS_use_stream_safe_cuda_allocator": True,
    "FLAGS_fuse_parameter_memory_size": -1.0,
    "FLAGS_fuse_parameter_groups_size": 1,
    "FLAGS_memory_fraction_of_eager_deletion": 1.0,
    "FLAGS_paddle_num_threads": 1,
    "FLAGS_call_stack_level": 1,
    "FLAGS_initial_gpu_memory_in_mb": 0,
    "FLAGS_local_exe_sub_scope_limit": 256.0,
    "FLAGS_communicator_max_merge_var_num": 20,
    "FLAGS_selected_gpus": "",
    "FLAGS_cudnn_deterministic": False,
    "FLAGS_conv_workspace_size_limit": 512,
    "FLAGS_sync_nccl_allreduce": True,
}


def test_defaults_match_paddle():
    assert get_flags(list(PADDLE_DEFAULTS)) == PADDLE_DEFAULTS
    for name, value in PADDLE_DEFAULTS.items():
        assert type(get_flags(name)[name]) is type(value), name


def test_pir_model_files_are_the_default():
    # Paddle 3's default: jit.save / save_inference_model write PIR `.json` models (tests/static/test_pir.py)
    assert get_flags("FLAGS_enable_pir_api") == {"FLAGS_enable_pir_api": True}


def test_get_flags_forms():
    assert get_flags("FLAGS_check_nan_inf") == {"FLAGS_check_nan_inf": False}
    assert get_flags(("FLAGS_check_nan_inf", "FLAGS_benchmark")) == {"FLAGS_check_nan_inf": False,
                                                                     "FLAGS_benchmark": False}
    assert get_flags([]) == {}


def test_set_then_get_and_fast_read():
    set_flags({"FLAGS_eager_delete_tensor_gb": 1.5, "FLAGS_check_nan_inf": True, "FLAGS_selected_gpus": "0,1"})
    assert get_flags(["FLAGS_eager_delete_tensor_gb", "FLAGS_check_nan_inf", "FLAGS_selected_gpus"]) == {
        "FLAGS_eager_delete_tensor_gb": 1.5, "FLAGS_check_nan_inf": True, "FLAGS_selected_gpus": "0,1"}
    assert flags.get("FLAGS_eager_delete_tensor_gb") == 1.5
    assert flags.VALUES["FLAGS_check_nan_inf"] is True
    assert flags.get("FLAGS_not_registered", "dflt") == "dflt"


def test_set_flags_converts_like_paddle():
    set_flags({"FLAGS_check_nan_inf": 1})              # int -> bool
    assert get_flags("FLAGS_check_nan_inf")["FLAGS_check_nan_inf"] is True
    set_flags({"FLAGS_check_nan_inf": 0.5})            # any number -> bool
    assert get_flags("FLAGS_check_nan_inf")["FLAGS_check_nan_inf"] is True
    set_flags({"FLAGS_eager_delete_tensor_gb": 1})     # int -> double
    assert get_flags("FLAGS_eager_delete_tensor_gb")["FLAGS_eager_delete_tensor_gb"] == 1.0
    set_flags({"FLAGS_check_nan_inf_level": True})     # bool -> int
    assert get_flags("FLAGS_check_nan_inf_level")["FLAGS_check_nan_inf_level"] == 1


@pytest.mark.parametrize("name, value", [
    ("FLAGS_check_nan_inf", "true"),            # strings are not parsed by set_flags
    ("FLAGS_eager_delete_tensor_gb", "2.5"),
    ("FLAGS_check_nan_inf_level", 2.7),         # no float -> int truncation
    ("FLAGS_allocator_strategy", 3),
])
def test_set_flags_rejects_wrong_types(name, value):
    before = flags.get(name)
    with pytest.raises(RuntimeError, match=name):
        set_flags({name: value})
    assert flags.get(name) == before


def test_unknown_flag_errors():
    with pytest.raises(ValueError) as e:
        set_flags({"FLAGS_no_such_flag": 1})
    assert str(e.value) == "Flag FLAGS_no_such_flag cannot set its value through this function."
    with pytest.raises(ValueError) as e:
        get_flags(["FLAGS_no_such_flag"])
    assert str(e.value) == "Flag FLAGS_no_such_flag cannot get its value through this function."
    with pytest.raises(ValueError, match="Flag check_nan_inf cannot get"):
        get_flags("check_nan_inf")  # the FLAGS_ prefix is required
    # nothing is set when one key is unknown
    with pytest.raises(ValueError):
        set_flags({"FLAGS_check_nan_inf": True, "FLAGS_no_such_flag": 1})
    assert flags.get("FLAGS_check_nan_inf") is False


def test_argument_type_errors():
    with pytest.raises(TypeError, match="^flags in set_flags should be a dict$"):
        set_flags(["FLAGS_check_nan_inf"])
    with pytest.raises(TypeError, match="^Flags in get_flags should be a list, tuple or string.$"):
        get_flags(3)


def test_watchers_see_changes():
    seen = []
    flags.define("FLAGS_purepaddle_test_only", "int", 7, "test flag")
    flags.watch("FLAGS_purepaddle_test_only", seen.append)
    set_flags({"FLAGS_purepaddle_test_only": 9})
    assert seen == [9]
    assert flags.describe("FLAGS_purepaddle_test_only") == ("int", 7, "test flag")
    with pytest.raises(ValueError):
        flags.define("no_prefix", "int", 0)
    with pytest.raises(ValueError):
        flags.define("FLAGS_bad_kind", "float", 0.0)


def test_enable_pir_api_switches_quietly():
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        set_flags({"FLAGS_enable_pir_api": False})
        set_flags({"FLAGS_enable_pir_api": True})


def test_face_reexports():
    if not hasattr(paddle, "set_flags"):
        pytest.skip("paddle.set_flags/get_flags not re-exported by the face yet")
    assert paddle.set_flags is set_flags and paddle.get_flags is get_flags


def _flags_in_subprocess(env_extra, names):
    env = child_env(**env_extra)
    code = f"import purepaddle.framework as f; print(repr(f.get_flags({names!r})))"
    r = subprocess.run([sys.executable, "-W", "always", "-c", code], env=env, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    import ast
    return ast.literal_eval(r.stdout.strip()), r.stderr


def test_environment_is_read_at_import():
    env = {  # one interpreter for all cases (each costs an import)
        "FLAGS_check_nan_inf": "1", "FLAGS_eager_delete_tensor_gb": "-1", "FLAGS_fraction_of_gpu_memory_to_use": "0",
        "FLAGS_allocator_strategy": "naive_best_fit", "FLAGS_check_nan_inf_level": "3",
        "FLAGS_fast_eager_deletion_mode": "TRUE", "FLAGS_selected_gpus": "0,1",
        # as Paddle: only 1/true (any case) is true; a malformed number keeps the default; ints take a prefix
        "FLAGS_benchmark": "yes", "FLAGS_use_mkldnn": "true", "FLAGS_memory_fraction_of_eager_deletion": "abc",
        "FLAGS_paddle_num_threads": "4.5",
    }
    values, err = _flags_in_subprocess(env, list(env))
    assert values == {"FLAGS_check_nan_inf": True, "FLAGS_eager_delete_tensor_gb": -1.0,
                      "FLAGS_fraction_of_gpu_memory_to_use": 0.0, "FLAGS_allocator_strategy": "naive_best_fit",
                      "FLAGS_check_nan_inf_level": 3, "FLAGS_fast_eager_deletion_mode": True,
                      "FLAGS_selected_gpus": "0,1", "FLAGS_benchmark": False, "FLAGS_use_mkldnn": True,
                      "FLAGS_memory_fraction_of_eager_deletion": 1.0, "FLAGS_paddle_num_threads": 4}
    assert "FLAGS_memory_fraction_of_eager_deletion='abc' is not a valid double" in err


def test_static_executor_reads_the_registry():
    from purepaddle.static import executor
    set_flags({"FLAGS_eager_delete_tensor_gb": -1.0})
    assert executor.gc_enabled() is False
    set_flags({"FLAGS_eager_delete_tensor_gb": 0.0})
    assert executor.gc_enabled() is True
