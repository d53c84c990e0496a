"""Optimizers and scalers on a mesh: shard_optimizer (its shard_fn: distributed/sharding's ShardingStage1/2/3)
and shard_scaler.

On a mesh of one process the wrapped optimizer updates exactly as the plain one. On a data-parallel mesh every
rank holds the whole parameters and computes gradients on its part of the batch, so the step first averages the
gradients over the ranks (one all-reduce each) and then updates the same values everywhere. The sharding stages
split optimizer state over ranks to save memory in Paddle; the values they compute are those of plain data
parallelism, which is what they run here (each rank keeps the whole state).
"""

__all__ = ["shard_optimizer", "shard_scaler", "average_gradients"]


def _spread(params):
    """Whether any parameter lies on a mesh of several processes (so its gradient is per-rank)."""
    return any(getattr(p, "is_dist", lambda: False)() and len(p.process_mesh.process_ids) > 1 for p in params)


def average_gradients(params):
    """Average each gradient over the job's ranks, in place (data parallelism on a mesh of several processes)."""
    from ..communication import ReduceOp, all_reduce
    from ..parallel import get_world_size
    if get_world_size() < 2 or not _spread(params):
        return
    for p in params:
        if p._grad is not None and not p.stop_gradient:
            all_reduce(p._grad, ReduceOp.AVG)


def _flat_params(opt):
    plist = opt._parameter_list or []
    if plist and isinstance(plist[0], dict):
        return [p for g in plist for p in g["params"]]
    return list(plist)


class _ShardOptimizer:
    """The optimizer of shard_optimizer: the inner one's step after averaging gradients over a data-parallel mesh
    (and dividing them by gradient_accumulation_steps); every other attribute is the inner optimizer's."""

    def __init__(self, optimizer, shard_fn=None, gradient_accumulation_steps=1):
        if shard_fn is not None and not callable(shard_fn):
            raise TypeError("shard_optimizer: shard_fn must be callable")
        if int(gradient_accumulation_steps) < 1:
            raise ValueError("shard_optimizer: gradient_accumulation_steps must be >= 1")
        self.__dict__["_inner_opt"] = optimizer
        self.__dict__["_shard_fn"] = shard_fn
        self.__dict__["gradient_accumulation_steps"] = int(gradient_accumulation_steps)

    def __getattr__(self, item):
        return getattr(self.__dict__["_inner_opt"], item)

    def __setattr__(self, item, value):
        if item == "_inner_opt":
            raise AttributeError(f"{type(self).__name__}._inner_opt is READ ONLY")
        if item in self.__dict__:
            self.__dict__[item] = value
        else:
            setattr(self._inner_opt, item, value)

    def _prepare_grads(self):
        params = _flat_params(self._inner_opt)
        average_gradients(params)
        k = self.gradient_accumulation_steps
        if k > 1:
            for p in params:
                if p._grad is not None:
                    p._grad._data = p._grad._data / k

    def step(self):
        """Average the gradients over a data-parallel mesh, then the inner optimizer's step."""
        self._prepare_grads()
        return self._inner_opt.step()

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """loss.backward() then step(), as the inner optimizer's minimize does in dynamic mode."""
        self._prepare_grads()
        return self._inner_opt.minimize(loss, startup_program, parameters, no_grad_set)


def shard_optimizer(optimizer, shard_fn=None, gradient_accumulation_steps=1):
    """An optimizer for a model whose parameters are dist tensors (shard_layer, shard_tensor).

    Args:
        optimizer (paddle.optimizer.Optimizer): the optimizer to wrap.
        shard_fn (Callable, optional): how the optimizer state is split (ShardingStage1/2/3).
        gradient_accumulation_steps (int, optional): the gradients are divided by it before each step. Default 1.

    Returns:
        The wrapped optimizer: its step averages the gradients over a data-parallel mesh first.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> mesh = dist.ProcessMesh([0], dim_names=["x"])
            >>> net = dist.shard_layer(paddle.nn.Linear(2, 1), mesh)
            >>> opt = dist.shard_optimizer(paddle.optimizer.SGD(0.1, parameters=net.parameters()))
            >>> net(paddle.ones([1, 2])).sum().backward()
            >>> opt.step()
            >>> opt.clear_grad()
    """
    return _ShardOptimizer(optimizer, shard_fn, gradient_accumulation_steps)


def shard_scaler(scaler):
    """A GradScaler whose inf/nan check agrees over a data-parallel mesh (any rank's inf skips every rank's step).

    Args:
        scaler (paddle.amp.GradScaler): the scaler (changed in place).

    Returns:
        paddle.amp.GradScaler: `scaler`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> scaler = dist.shard_scaler(paddle.amp.GradScaler(init_loss_scaling=1024))
    """
    unscale = scaler._unscale

    def agreed_unscale(optimizer):
        unscale(optimizer)
        from ..communication import ReduceOp, all_reduce
        from ..parallel import get_world_size
        if get_world_size() > 1 and _spread(_flat_params(optimizer)):
            from ...tensor.creation import to_tensor
            flag = to_tensor([1.0 if scaler._found_inf else 0.0])
            all_reduce(flag, ReduceOp.MAX)
            scaler._found_inf = bool(flag.numpy()[0] > 0)

    scaler._unscale = agreed_unscale
    return scaler


