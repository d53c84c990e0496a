"""paddle.autograd.ir_backward: the static-program gradient API of Paddle's PIR (grad, calc_gradient and its
helper), mapped onto purepaddle's static gradients (paddle.static.gradients), which append the gradient ops to
the program that holds the outputs."""
from ..static.backward import gradients as _gradients
from ..static.program import Variable

__all__ = ["grad", "calc_gradient", "calc_gradient_helper"]


def _as_list(x, what, allow_none=False):
    if x is None and allow_none:
        return []
    if isinstance(x, Variable):
        return [x]
    if isinstance(x, (list, tuple, set)):
        return list(x)
    raise TypeError(f"The type of '{what}' in paddle.autograd.ir_backward.grad must be (Value, list, tuple), but "
                    f"received {type(x).__name__}.")


def calc_gradient_helper(outputs, inputs, grad_outputs=None, no_grad_set=None):
    """{input: [[its gradient]]} ([] for an input the outputs don't depend on), ops appended to the program.

    Args:
        outputs (Variable|list): the values to differentiate.
        inputs (Variable|list): the values to differentiate with respect to.
        grad_outputs (Variable|list, optional): the outputs' upstream gradients (ones where None).
        no_grad_set (set, optional): values whose gradients are not propagated.

    Returns:
        dict: each input -> [[gradient Variable]] or [].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.autograd.ir_backward import calc_gradient_helper
            >>> paddle.enable_static()
            >>> x = paddle.static.data('x', [2])
            >>> x.stop_gradient = False
            >>> grads = calc_gradient_helper([x * x], [x])
            >>> print(len(grads[x]))
            1
            >>> paddle.disable_static()
    """
    outputs, inputs = _as_list(outputs, "outputs"), _as_list(inputs, "inputs")
    targets = _as_list(grad_outputs, "grad_outputs", allow_none=True)
    if targets and len(targets) != len(outputs):
        raise ValueError("grad_outputs should have the same length as outputs")
    found = {}
    for x in inputs:
        g = _gradients(outputs, [x], targets or None, no_grad_set=no_grad_set)
        found[x] = [[g[0]]] if g and g[0] is not None else []
    return found


def calc_gradient(outputs, inputs, grad_outputs=None, no_grad_set=None):
    """The gradients of the sum of `outputs` with respect to each of `inputs` (None where unconnected).

    Args:
        outputs (Variable|list): the values to differentiate.
        inputs (Variable|list): the values to differentiate with respect to.
        grad_outputs (Variable|list, optional): the outputs' upstream gradients (ones where None).
        no_grad_set (set, optional): values whose gradients are not propagated.

    Returns:
        list: one gradient Variable (or None) per input.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.autograd.ir_backward import calc_gradient
            >>> paddle.enable_static()
            >>> x = paddle.static.data('x', [2])
            >>> x.stop_gradient = False
            >>> (gx,) = calc_gradient([x * x], [x])
            >>> print(gx.shape)
            (2,)
            >>> paddle.disable_static()
    """
    inputs = _as_list(inputs, "inputs")
    found = calc_gradient_helper(outputs, inputs, grad_outputs, no_grad_set)
    return [found[x][0][0] if found[x] else None for x in inputs]


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True,
         allow_unused=False, no_grad_vars=None):
    """Static-program gradients of `outputs` with respect to `inputs` (the PIR form of paddle.static.gradients).

    Args:
        outputs (Variable|list|tuple): the values to differentiate.
        inputs (Variable|list|tuple): the values to differentiate with respect to.
        grad_outputs (Variable|list|tuple, optional): the outputs' upstream gradients (ones where None).
        retain_graph (bool, optional): unused in a static program.
        create_graph (bool, optional): unused in a static program.
        only_inputs (bool, optional): unused.
        allow_unused (bool, optional): unused (an unconnected input gets None).
        no_grad_vars (Variable|list|tuple|set, optional): values whose gradients are not propagated.

    Returns:
        list: one gradient Variable (or None) per input.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> from paddle.autograd.ir_backward import grad
            >>> paddle.enable_static()
            >>> x = paddle.static.data('x', [2])
            >>> x.stop_gradient = False
            >>> (gx,) = grad(x * x * 3, x)
            >>> exe = paddle.static.Executor()
            >>> print(exe.run(feed={'x': np.array([1.0, 2.0], 'float32')}, fetch_list=[gx])[0])
            [ 6. 12.]
            >>> paddle.disable_static()
    """
    for value, what, none_ok in ((outputs, "outputs", False), (inputs, "inputs", False),
                                 (grad_outputs, "grad_outputs", True)):
        if not (isinstance(value, (Variable, list, tuple)) or (none_ok and value is None)):
            raise TypeError(f"The type of '{what}' in paddle.autograd.ir_backward.grad must be (Value, list, "
                            f"tuple), but received {type(value).__name__}.")
    no_grad = _as_list(no_grad_vars, "no_grad_vars", allow_none=True)
    return calc_gradient(_as_list(outputs, "outputs"), _as_list(inputs, "inputs"),
                         _as_list(grad_outputs, "grad_outputs", allow_none=True) or None, set(no_grad))
