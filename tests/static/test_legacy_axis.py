"""A legacy program's elementwise `axis` (Y aligned with X from `axis`) runs as Paddle defines it."""
import numpy as np
import pytest

import purepaddle as paddle


@pytest.fixture
def program():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [2, 3, 4, 5])
            y = paddle.static.data("y", [3])
            block = main.global_block()
            outs = {}
            for op_type in ("elementwise_add", "elementwise_mul", "elementwise_sub"):
                out = block.create_var(name=f"{op_type}_out", shape=[2, 3, 4, 5], dtype="float32")
                block.append_op(type=op_type, inputs={"X": [x], "Y": [y]}, outputs={"Out": [out]},
                                attrs={"axis": 1})
                outs[op_type] = out
        yield main, outs
    finally:
        paddle.disable_static()


def test_executor_aligns_y_from_axis(program):
    main, outs = program
    rng = np.random.default_rng(0)
    x, y = rng.standard_normal((2, 3, 4, 5)).astype("float32"), rng.standard_normal(3).astype("float32")
    got = paddle.static.Executor().run(main, feed={"x": x, "y": y}, fetch_list=list(outs.values()))
    yb = y.reshape(1, 3, 1, 1)
    for value, want in zip(got, (x + yb, x * yb, x - yb)):
        np.testing.assert_allclose(value, want, rtol=1e-6)


def test_inference_runner_aligns_y_from_axis(tmp_path):
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x_var = paddle.static.data("x", [2, 3, 4, 5])
            bias = paddle.static.create_parameter([3], "float32", name="bias", default_initializer=(
                paddle.nn.initializer.Assign(np.array([1.0, 2.0, 3.0], "float32"))))
            block = main.global_block()
            out = block.create_var(name="out", shape=[2, 3, 4, 5], dtype="float32")
            block.append_op(type="elementwise_add", inputs={"X": [x_var], "Y": [bias]}, outputs={"Out": [out]},
                            attrs={"axis": 1})
        exe = paddle.static.Executor()
        exe.run(startup)
        prefix = str(tmp_path / "axis")
        paddle.static.save_inference_model(prefix, [x_var], [out], exe, program=main)
    finally:
        paddle.disable_static()
    y = np.array([1.0, 2.0, 3.0], "float32")
    x = np.ones((2, 3, 4, 5), "float32")
    for ir_optim in (False, True):  # the PIR file holds Y reshaped to [3, 1, 1] (PIR broadcasts from the right)
        config = paddle.inference.Config(prefix + ".json", prefix + ".pdiparams")
        config.switch_ir_optim(ir_optim)
        predictor = paddle.inference.create_predictor(config)
        predictor.get_input_handle("x").copy_from_cpu(x)
        predictor.run()
        out = predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()
        np.testing.assert_allclose(out, x + y.reshape(1, 3, 1, 1))
