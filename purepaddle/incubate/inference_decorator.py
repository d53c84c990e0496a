"""paddle.incubate.inference: run a function or Layer for inference only.

Paddle converts the function to a static program and runs it through its inference predictor (TensorRT, CINN and
the IR passes being options). purepaddle's predictor would run the same NumPy kernels, so the decorator runs the
function itself without recording gradients: the values are the same, and the options are accepted and recorded.
"""
import functools

from .._core.mode import no_grad

__all__ = ["inference"]


def inference(function=None, cache_static_model=False, save_model_dir=None, memory_pool_init_size_mb=1000,
              precision_mode="float32", switch_ir_optim=True, switch_ir_debug=False, enable_cinn=False,
              with_trt=False, trt_precision_mode="float32", trt_use_static=False, collect_shape=False,
              enable_new_ir=False, exp_enable_use_cutlass=False, delete_pass_lists=None, skip_prune_program=False):
    """Decorate a function (or a Layer's forward) so each call runs in inference mode, without gradients.

    Args:
        function (Callable|Layer, optional): the function or Layer; None returns a decorator.
        cache_static_model, save_model_dir, memory_pool_init_size_mb, precision_mode, switch_ir_optim,
        switch_ir_debug, enable_cinn, with_trt, trt_precision_mode, trt_use_static, collect_shape, enable_new_ir,
        exp_enable_use_cutlass, delete_pass_lists, skip_prune_program: Paddle's predictor options, recorded in
            the wrapper's `inference_options` (they change no values here).

    Returns:
        Callable: the wrapped function (a Layer's forward is replaced by it).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> layer = paddle.nn.Linear(4, 2)
            >>> fast = paddle.incubate.inference(layer)
            >>> out = layer(paddle.ones([3, 4]))
            >>> print(out.shape, out.stop_gradient)
            paddle.Size([3, 2]) True
    """
    options = {k: v for k, v in locals().items() if k != "function"}
    if getattr(function, "__is_inference_mode__", False):
        return function

    def decorate(func):
        layer = None
        if hasattr(func, "forward") and hasattr(func, "parameters"):
            layer, func = func, func.forward

        @functools.wraps(func)
        def run(*args, **kwargs):
            with no_grad():
                return func(*args, **kwargs)

        run.__is_inference_mode__ = True
        run.inference_options = options
        if layer is not None:
            layer.forward = run
            return layer
        return run

    return decorate if function is None else decorate(function)
