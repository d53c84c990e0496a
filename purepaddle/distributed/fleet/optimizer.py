"""DistributedOptimizer, what fleet.distributed_optimizer returns: static minimize() all-reduces (averages)
every gradient between the backward and the update; in dygraph the strategy's gradient merge or LocalSGD
(meta_optimizers.py) runs around the inner optimizer's step, in static mode the same schedules are written into
the program (program_rewrites.py), and recompute's checkpoints cut the backward (RecomputeOptimizer)."""
import warnings

from ..._core.mode import in_dynamic_mode
from .meta_optimizers import plan_meta

__all__ = ["DistributedOptimizer"]


class DistributedOptimizer:
    """An optimizer whose static minimize() averages the gradients over the workers before the update;
    in dygraph it applies the strategy's gradient merge or LocalSGD around the inner optimizer's step."""

    def __init__(self, optimizer, strategy, fleet_=None):
        self.inner_opt = optimizer
        self.user_defined_strategy = strategy
        self._fleet = fleet_
        self._merge = self._local_sgd = None
        if in_dynamic_mode():
            world = fleet_.worker_num() if fleet_ is not None and fleet_._role_maker is not None else 1
            self._merge, self._local_sgd = plan_meta(strategy, optimizer, world)
        self._hold_grads = False  # gradient merge: clear_grad keeps the gradients until the update

    def _next_backward_syncs(self):
        if self._local_sgd is not None:
            return False
        if self._merge is not None:
            return self._merge.next_backward_syncs()
        return True

    def _params(self):
        opt = self.inner_opt
        groups = getattr(opt, "_param_groups", None)
        if groups and isinstance(groups[0], dict):
            return [p for g in groups for p in g["params"]]
        return list(getattr(opt, "_parameter_list", None) or [])

    def __getattr__(self, name):
        return getattr(self.inner_opt, name)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Static mode: backward, an all_reduce (AVG) per gradient, then the update; and the startup program
        broadcasts rank 0's initial parameters. Returns (ops, params_grads)."""
        if in_dynamic_mode():
            if self._merge is None and self._local_sgd is None:
                return self.inner_opt.minimize(loss, startup_program, parameters, no_grad_set)
            out = self._apply(lambda: self.inner_opt.minimize(loss, startup_program, parameters, no_grad_set))
            return out if out is not None else ([], [])
        from ...static.program import default_startup_program, program_guard
        from ..communication import broadcast
        from . import program_rewrites as _rw
        startup = startup_program if startup_program is not None else default_startup_program()
        opt = self._static_amp() if self.user_defined_strategy.amp else self._static_recompute(self.inner_opt)
        world = self._fleet.worker_num() if self._fleet is not None and self._fleet._role_maker is not None else 1
        merge, local_sgd = plan_meta(self.user_defined_strategy, self.inner_opt, world)
        params_grads = opt.backward(loss, startup_program, parameters, no_grad_set)
        with program_guard(loss.block.program, startup):
            if merge is not None:
                ops = _rw.gradient_merge(opt, params_grads, merge.k_steps, merge.avg)
            else:
                if local_sgd is None:  # LocalSGD: each rank steps on its own gradients
                    _rw.average_grads(params_grads)
                ops = opt.apply_gradients(params_grads)
            if local_sgd is not None:
                _rw.local_sgd(params_grads, local_sgd.k_steps, local_sgd.begin_step)
        block = startup.global_block()
        with program_guard(startup, startup):
            for p, _ in params_grads:  # every rank starts from rank 0's initial values
                if block.has_var(p.name):
                    broadcast(block.var(p.name), src=0)
        return ops, params_grads

    def _static_recompute(self, opt):
        """strategy.recompute in a static program: `opt` wrapped in RecomputeOptimizer with recompute_configs'
        checkpoints (as Paddle's recompute meta-optimizer does); `opt` itself when recompute is off."""
        strategy = self.user_defined_strategy
        if not strategy.recompute:
            return opt
        checkpoints = strategy.recompute_configs["checkpoints"]
        if not checkpoints:
            warnings.warn("DistributedStrategy.recompute is on but recompute_configs['checkpoints'] is empty: "
                          "nothing is recomputed (as in Paddle)")
            return opt
        from ...incubate.optimizer import RecomputeOptimizer
        wrapped = RecomputeOptimizer(opt)
        wrapped._set_checkpoints(list(checkpoints))
        return wrapped

    def _static_amp(self):
        """strategy.amp in a static program: the inner optimizer decorated by paddle.static.amp with amp_configs
        (as Paddle's AMP meta-optimizer does); the gradients are all-reduced before they are unscaled."""
        if getattr(self, "_amp_opt", None) is None:
            from ...static.amp import AutoMixedPrecisionLists, decorate
            c = self.user_defined_strategy.amp_configs
            lists = AutoMixedPrecisionLists(set(c["custom_white_list"]), set(c["custom_black_list"]),
                                            set(c["custom_black_varnames"]))
            self._amp_opt = decorate(self.inner_opt, lists, c["init_loss_scaling"], c["incr_every_n_steps"],
                                     c["decr_every_n_nan_or_inf"], c["incr_ratio"], c["decr_ratio"],
                                     c["use_dynamic_loss_scaling"], c["use_pure_fp16"], c["use_fp16_guard"])
        return self._amp_opt

    def amp_init(self, place, scope=None, test_program=None, use_fp16_test=False):
        """strategy.amp (static): after the startup program, turn the parameters float16 (use_pure_fp16)."""
        amp = getattr(self, "_amp_opt", None)
        if amp is None:
            raise RuntimeError("amp_init: call minimize() first, with DistributedStrategy.amp = True")
        return amp.amp_init(place, scope, test_program, use_fp16_test)

    def step(self):
        """Update (dygraph: every k_steps under gradient merge; then LocalSGD's parameter averaging)."""
        if not in_dynamic_mode():
            return self.inner_opt.step()
        self._apply(self.inner_opt.step)
        return None

    def _apply(self, update):
        merge = self._merge
        if merge is not None:
            updates = merge.advance()
            self._hold_grads = not updates
            if updates:
                merge.scale(self._params())
                out = update()
            else:
                out = None
        else:
            out = update()
        ls = self._local_sgd
        if ls is not None and ls.due():
            models = self._fleet._dp_models() if self._fleet is not None else []
            params, seen = [], set()
            for p in self._params() + [q for m in models for q in m.parameters()]:
                if id(p) not in seen:
                    seen.add(id(p))
                    params.append(p)
            from .. import group as _grp
            ls.average(params, _grp.get_group(0).process_group)
        if self._fleet is not None:
            self._fleet._sync_models()
        return out

    def clear_grad(self, set_to_zero=True):
        """Clear the gradients (gradient merge: only after an update; in between they keep accumulating)."""
        if self._hold_grads and in_dynamic_mode():
            return None
        return self.inner_opt.clear_grad(set_to_zero)

    clear_gradients = clear_grad
