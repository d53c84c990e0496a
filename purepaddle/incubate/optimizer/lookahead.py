"""paddle.incubate.LookAhead: keep a slow copy of the weights and pull the fast ones back to it every k steps."""
import numpy as np

__all__ = ["LookAhead"]


class LookAhead:
    """Lookahead wrapper (Zhang et al. 2019) around any optimizer.

    After each inner step t: at t == 1 the slow weights take the current weights; whenever t % k == 0 both
    become slow + alpha * (fast - slow).

    Args:
        inner_optimizer (Optimizer): the optimizer making the fast updates.
        alpha (float): step size of the slow weights, in [0, 1]. Default 0.5.
        k (int): fast steps between slow updates, positive. Default 5.
        name (str, optional): unused.

    Returns:
        LookAhead: call step() / clear_grad() / minimize(loss) as on any optimizer.

    Examples:
        >>> import purepaddle as paddle
        >>> linear = paddle.nn.Linear(3, 1)
        >>> sgd = paddle.optimizer.SGD(learning_rate=0.1, parameters=linear.parameters())
        >>> opt = paddle.incubate.LookAhead(sgd, alpha=0.5, k=2)
        >>> linear(paddle.ones([2, 3])).mean().backward()
        >>> opt.step()
        >>> opt.clear_grad()
    """

    def __init__(self, inner_optimizer, alpha=0.5, k=5, name=None):
        if inner_optimizer is None:
            raise ValueError("inner optimizer can not be None")
        if not 0.0 <= alpha <= 1.0:
            raise ValueError("alpha should be larger or equal to 0.0, and less or equal than 1.0")
        if not (isinstance(k, int) and k > 0):
            raise ValueError("k should be a positive integer")
        self.inner_optimizer = inner_optimizer
        self.alpha, self.k = float(alpha), k
        self._step_count = 0
        self._slow = {}

    def _params(self):
        return [p for p in (self.inner_optimizer._parameter_list or []) if not getattr(p, "stop_gradient", False)]

    def step(self):
        """One inner update, then the lookahead pull when due.

        Returns:
            None
        """
        self.inner_optimizer.step()
        self._pull()

    def _pull(self):
        """Count one fast step; take or blend the slow weights when due."""
        self._step_count += 1
        for p in self._params():
            fast = np.asarray(p.numpy())
            if self._step_count == 1:
                self._slow[id(p)] = fast.copy()
            if self._step_count % self.k == 0:
                slow = self._slow[id(p)]
                new = (self.alpha * fast + (1.0 - self.alpha) * slow).astype(fast.dtype)
                self._slow[id(p)] = new
                p.set_value(new)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """The inner optimizer's minimize (in eager mode it uses the gradients already there: call
        loss.backward() first), then the lookahead pull.

        Args:
            loss (Tensor): scalar being minimised.
            startup_program, parameters, no_grad_set: passed on to the inner optimizer.

        Returns:
            tuple: the inner optimizer's (optimize_ops, params_grads).
        """
        result = self.inner_optimizer.minimize(loss, startup_program, parameters, no_grad_set)
        self._pull()
        return result

    def clear_grad(self, set_to_zero=True):
        """Clear the gradients of the inner optimizer's parameters.

        Returns:
            None
        """
        self.inner_optimizer.clear_grad(set_to_zero)

    def state_dict(self):
        """The inner optimizer's state.

        Returns:
            dict
        """
        return self.inner_optimizer.state_dict()

    def set_state_dict(self, state_dict):
        """Load the inner optimizer's state.

        Args:
            state_dict (dict): from state_dict().

        Returns:
            None
        """
        self.inner_optimizer.set_state_dict(state_dict)
