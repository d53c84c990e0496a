"""paddle.base's fluid-era data helpers as Paddle 3.3.1 behaves (values written down from real Paddle):
DataFeeder, create_lod_tensor / create_random_int_lodtensor, core.PaddleTensor / NativeConfig, CompiledProgram."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle import base


def test_data_feeder_reshapes_to_the_variables_and_keeps_lod():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            img = paddle.static.data(name="img", shape=[None, 1, 2, 2], dtype="float32")
            label = paddle.static.data(name="label", shape=[None, 1], dtype="int64")
            words = paddle.static.data(name="words", shape=[None, 1], dtype="int64", lod_level=1)
        feeder = base.DataFeeder(feed_list=[img, "label", words], place=paddle.CPUPlace(), program=main)
        feed = feeder.feed([(np.arange(4), 3, [1, 2, 3]), (np.arange(4) + 4, 5, [4])])
        assert np.array(feed["img"]).dtype == np.float32 and np.array(feed["img"]).shape == (2, 1, 2, 2)
        assert np.array(feed["label"]).tolist() == [[3], [5]]
        assert np.array(feed["words"]).reshape(-1).tolist() == [1, 2, 3, 4] and feed["words"].lod() == [[0, 3, 4]]
        with pytest.raises(AssertionError, match="does not match len"):
            feeder.feed([(np.arange(4), 3)])
        with pytest.raises(TypeError, match="list of variable"):
            base.DataFeeder(feed_list=[3], place=paddle.CPUPlace(), program=main)
        provider = base.data_feeder.BatchedTensorProvider([img, label], paddle.CPUPlace(), 2,
                                                          lambda: iter([(np.ones(4), 1)] * 3), drop_last=True)
        assert [np.array(t).shape for batch in provider() for t in batch] == [(2, 1, 2, 2), (2, 1)]
    finally:
        paddle.disable_static()


def test_create_lod_tensor():
    t = base.create_lod_tensor(np.arange(10).reshape(5, 2).astype("float32"), [[2, 3]], base.CPUPlace())
    assert t.lod() == [[0, 2, 5]] and np.array(t).shape == (5, 2)
    t = base.create_lod_tensor([[1, 2], [3, 4, 5]], [[2, 3]], base.CPUPlace())
    assert np.array(t).tolist() == [[1], [2], [3], [4], [5]] and np.array(t).dtype == np.int64
    t2 = base.create_lod_tensor(t, [[1, 4]], base.CPUPlace())
    assert t2.lod() == [[0, 1, 5]]
    with pytest.raises(ValueError, match=r"recursive_sequence_lengths is \{\{2, 2\}\}"):
        base.create_lod_tensor(np.zeros([5, 2], "float32"), [[2, 2]], base.CPUPlace())
    with pytest.raises(AssertionError, match="data and recursive_seq_lens do not match"):
        base.create_lod_tensor([[1, 2], [3, 4, 5]], [[2, 2]], base.CPUPlace())
    with pytest.raises(TypeError, match="either a DenseTensor"):
        base.create_lod_tensor((1, 2), [[2]], base.CPUPlace())
    np.random.seed(1)
    r = base.create_random_int_lodtensor([[2, 3]], [2], base.CPUPlace(), 0, 9)
    assert np.array(r).tolist() == [[5, 8], [9, 5], [0, 0], [1, 7], [6, 9]] and r.lod() == [[0, 2, 5]]


def test_paddle_tensor_and_native_config():
    t = base.core.PaddleTensor(np.arange(6, dtype="int64").reshape(2, 3), "x")
    assert (t.name, t.shape, str(t.dtype), t.lod) == ("x", [2, 3], "PaddleDType.INT64", [])
    assert t.data.tolist("int64") == [0, 1, 2, 3, 4, 5] and t.data.length() == 48 and not t.data.empty()
    t.shape = [3, 2]
    assert t.as_ndarray().shape == (3, 2)
    empty = base.core.PaddleTensor()
    assert (empty.name, empty.shape, str(empty.dtype), empty.lod) == ("", [], "PaddleDType.FLOAT32", [])
    with pytest.raises(TypeError, match="incompatible constructor arguments"):
        base.core.PaddleTensor(np.ones(3))
    c = base.core.NativeConfig()
    assert (c.use_gpu, c.device, c.model_dir, c.prog_file, c.param_file, c.fraction_of_gpu_memory,
            c.specify_input_name, c.use_xpu) == (False, 0, "", "", "", -1.0, False, False)
    c.set_cpu_math_library_num_threads(3)
    assert c.cpu_math_library_num_threads() == 3


def test_compiled_program_inference_hook():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [1])
            y = x * 2.0
        compiled = paddle.static.CompiledProgram(main)
        assert compiled._with_inference_optimize(paddle.inference.Config()) is compiled
        with pytest.raises(AssertionError, match="Already compiled with inference"):
            compiled._with_inference_optimize(None)
        out = paddle.static.Executor().run(compiled, feed={"x": np.ones(1, "float32")}, fetch_list=[y])
        assert out[0].tolist() == [2.0]
    finally:
        paddle.disable_static()
