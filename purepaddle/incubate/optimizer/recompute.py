"""paddle.incubate.optimizer.RecomputeOptimizer: the static-graph optimizer that recomputes the segments between
checkpoints in the backward pass instead of keeping their activations.

Recomputing trades memory for time and changes no value: backward is append_backward with the checkpoints
(static/recompute.py cuts the segments and names the recomputed vars `<var>.subprog_<k>`, as Paddle does); the
updates are the wrapped optimizer's. fleet's `strategy.recompute` wraps the inner optimizer in this one. The
offload switch is recorded only: there is no device memory to offload from."""
from ..._core.mode import in_dynamic_mode
from ...static import Variable

__all__ = ["RecomputeOptimizer"]


class RecomputeOptimizer:
    """Wrap a static-graph optimizer to recompute the forward segments between checkpoints during backward.

    Args:
        optimizer (Optimizer): the optimizer whose updates are applied.

    Returns:
        RecomputeOptimizer: the wrapper; set its checkpoints with `_set_checkpoints` before `minimize`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name="x", shape=[-1, 4], dtype="float32")
            >>> hidden = paddle.static.nn.fc(x, size=8)
            >>> cost = paddle.mean(paddle.static.nn.fc(hidden, size=1))
            >>> opt = paddle.incubate.optimizer.RecomputeOptimizer(paddle.optimizer.SGD(learning_rate=0.1))
            >>> opt._set_checkpoints([hidden])
            >>> _ = opt.minimize(cost)
            >>> paddle.disable_static()
    """

    def __init__(self, optimizer):
        if in_dynamic_mode():
            raise Exception("In dygraph, don't support RecomputeOptimizer.")
        self._optimizer = optimizer
        self._checkpoints = None
        self.enable_offload = False
        self._learning_rate = getattr(optimizer, "_learning_rate", None)

    def _set_checkpoints(self, checkpoints):
        assert isinstance(checkpoints, list), "_checkpoints should be a list of Variable or a list of String"
        for ckpt in checkpoints:
            assert isinstance(ckpt, (Variable, str)), "_checkpoints should be a list of Variable or a list of String"
        self._checkpoints = checkpoints

    def _enable_offload(self):
        self.enable_offload = True

    def load(self, state_dict):
        """Not supported, as in Paddle.

        Args:
            state_dict (dict): the state to load.
        """
        raise NotImplementedError("load function is not supported by Recompute Optimizer for now")

    def backward(self, loss, startup_program=None, parameter_list=None, no_grad_set=None, callbacks=None):
        """Append the backward ops of `loss` (the checkpoints must be set).

        Args:
            loss (Variable): the scalar loss.
            startup_program (Program, optional): the startup program.
            parameter_list (list, optional): the parameters to differentiate; None: all trainable ones.
            no_grad_set (set, optional): variables without gradients.
            callbacks (list, optional): backward callbacks.

        Returns:
            list: the (param, grad) pairs.
        """
        assert self._checkpoints is not None, "You should call _set_checkpoints first"
        inner = self._optimizer
        if not hasattr(inner, "_static_backward"):
            raise NotImplementedError(f"RecomputeOptimizer wraps a paddle.optimizer.Optimizer, not "
                                      f"{type(inner).__name__}")
        plist = parameter_list if parameter_list else inner._parameter_list
        return inner._static_backward(loss, startup_program, plist, no_grad_set, callbacks,
                                      checkpoints=self._checkpoints)

    def apply_gradients(self, params_grads):
        """Append the wrapped optimizer's update ops for the (param, grad) pairs.

        Args:
            params_grads (list): the (param, grad) pairs from backward.

        Returns:
            list: the update ops.
        """
        return self._optimizer.apply_gradients(params_grads)

    def apply_optimize(self, loss, startup_program, params_grads):
        """Append the update ops under loss's program.

        Args:
            loss (Variable): the loss whose program gets the ops.
            startup_program (Program|None): the startup program.
            params_grads (list): the (param, grad) pairs from backward.

        Returns:
            list: the update ops.
        """
        from ...static import program_guard
        with program_guard(loss.block.program, startup_program):
            return self.apply_gradients(params_grads)

    def minimize(self, loss, startup_program=None, parameter_list=None, no_grad_set=None):
        """backward, then apply_optimize.

        Args:
            loss (Variable): the scalar loss.
            startup_program (Program, optional): the startup program.
            parameter_list (list, optional): the parameters to update.
            no_grad_set (set, optional): variables without gradients.

        Returns:
            tuple: (update ops, (param, grad) pairs).
        """
        assert isinstance(loss, Variable), "The loss should be an Variable."
        params_grads = self.backward(loss, startup_program, parameter_list, no_grad_set)
        return self.apply_optimize(loss, startup_program, params_grads), params_grads
