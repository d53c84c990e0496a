"""paddle.base: the legacy namespace re-exports (core, framework, dygraph, unique_name, flags)."""
import numpy as np

import purepaddle as paddle
import purepaddle.base as base


def test_core():
    vt = base.core.VarDesc.VarType
    assert vt.FP32 is paddle.float32 and vt.INT64 is paddle.int64 and vt.BF16 is paddle.bfloat16
    assert vt.SELECTED_ROWS == 8 and vt.LOD_TENSOR is vt.DENSE_TENSOR
    assert base.core.CPUPlace is paddle.CPUPlace and base.CUDAPlace is paddle.CUDAPlace
    assert base.is_compiled_with_xpu() is False and base.is_compiled_with_rocm() is False
    assert base.is_compiled_with_cuda() == paddle.is_compiled_with_cuda()


def test_framework_and_modes():
    f = base.framework
    assert f.Program is paddle.static.Program and f.Variable is paddle.static.Variable
    assert f.program_guard is paddle.static.program_guard and base.default_main_program is f.default_main_program
    assert f.in_pir_mode() is False and paddle.framework.in_pir_mode() is False
    assert f.in_dygraph_mode() and f._non_static_mode() and paddle.framework.in_dynamic_or_pir_mode()
    paddle.enable_static()
    try:
        assert not f.in_dygraph_mode() and not paddle.framework.in_dynamic_or_pir_mode()
        with base.dygraph.guard():
            assert f.in_dygraph_mode()
            t = paddle.to_tensor(np.arange(3))
        assert not f.in_dygraph_mode() and t.tolist() == [0, 1, 2]
    finally:
        paddle.disable_static()


def test_block_create_var():
    prog = base.Program()
    v = prog.current_block().create_var(name="X", shape=[-1, 23, 48], dtype="float32")
    assert v.name == "X" and list(v.shape) == [-1, 23, 48] and v.dtype == paddle.float32 and not v.persistable


def test_flags_dygraph_unique_name():
    assert base.set_flags is paddle.set_flags and base.get_flags is paddle.get_flags
    t = base.dygraph.to_variable(np.ones([2], "float32"))
    assert t.dtype == paddle.float32 and t.shape == [2]
    with base.dygraph.no_grad():
        assert not paddle.is_grad_enabled()
    with base.unique_name.guard():
        assert base.unique_name.generate("fc") == "fc_0"
