"""paddle.utils.run_check: the first command of Paddle's install guide, a tiny training run in both modes."""
import numpy as np

__all__ = ["run_check"]


def _static_step():
    """One forward/backward of a small fc network in a fresh static Program and Scope."""
    from .. import static
    from .._core.mode import disable_static, enable_static
    from ..nn.functional.common.linear import linear
    from ..tensor.math.reduction import sum as _sum
    enable_static()
    try:
        main, startup = static.Program(), static.Program()
        startup.random_seed = 1
        with static.scope_guard(static.Scope()), static.program_guard(main, startup):
            x = static.data(name="x", shape=[-1, 2], dtype="float32")
            w = static.create_parameter(shape=[2, 3], dtype="float32", name="run_check_w")
            loss = _sum(linear(x, w))
            grads = static.append_backward(loss, parameter_list=[w])
            exe = static.Executor(static.cpu_places(1)[0])
            exe.run(startup)
            exe.run(main, feed={"x": np.ones([2, 2], "float32")}, fetch_list=[loss, grads[0][1]])
    finally:
        disable_static()


def _dygraph_step():
    """One Adam step of a Linear layer in dynamic mode."""
    from .. import nn, optimizer
    from ..nn.param_attr import ParamAttr
    from ..tensor.creation import to_tensor
    layer = nn.Linear(2, 4, weight_attr=ParamAttr(initializer=nn.initializer.Constant(0.5)),
                      bias_attr=ParamAttr(initializer=nn.initializer.Constant(1.0)))
    layer(to_tensor(np.ones([2, 2], "float32"))).sum().backward()
    opt = optimizer.Adam(learning_rate=0.001, parameters=layer.parameters())
    opt.step()


def run_check():
    """Check that purepaddle works on this machine: a small network trained one step statically and dynamically.

    It prints Paddle's messages for a CPU install: "Running verify PaddlePaddle program ... ", then
    "PaddlePaddle works well on 1 CPU." and "PaddlePaddle is installed successfully! ..."; an error in either run
    propagates.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.utils.run_check()
            Running verify PaddlePaddle program ... 
            PaddlePaddle works well on 1 CPU.
            PaddlePaddle is installed successfully! Let's start deep learning with PaddlePaddle now.
    """
    print("Running verify PaddlePaddle program ... ")
    _static_step()
    _dygraph_step()
    print("PaddlePaddle works well on 1 CPU.")
    print("PaddlePaddle is installed successfully! Let's start deep learning with PaddlePaddle now.")
