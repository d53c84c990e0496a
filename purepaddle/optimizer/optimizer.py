"""The Optimizer base class: parameter groups, gradient clipping and regularization, accumulators with
Paddle's names, and the update ops run eagerly (step) or appended to a
static Program (minimize).

A subclass names its accumulators (`_create_accumulators`) and says how one parameter is updated:
`_update_spec(param, hp)` returns the op class (purepaddle.ops.optimizer), its inputs by slot besides
Param/Grad/LearningRate, and its attrs. Eagerly the op's `update` rule runs in place on the arrays of the
parameter and its accumulators, with no autograd bookkeeping; in static mode the same op is appended
to the program with the accumulators as persistable variables initialised by the startup program.
"""
from collections import defaultdict

import numpy as np

from .._core import dtype as _dt
from .._core import hooks
from .._core.mode import STATE, in_dynamic_mode
from .._core.op import OP_RAN, timed_kernel
from .._core.tensor import Tensor
from ..nn._regularizer import L1Decay, L2Decay
from ..ops.optimizer._update import RowGrad
from ..static import name as _unique
from .lr import LRScheduler
from .optimizer_state import _dygraph_only, _is_low_precision, _load_into, _LRMixin, _StateMixin

__all__ = ["Optimizer"]

OPTIMIZER_STEP = hooks.declare(
    "optimizer_step", "around each eager optimizer step: hook(optimizer, step, args, kwargs) must return "
    "step(optimizer, *args, **kwargs); Optimizer.step and LBFGS.step call it; the profiler times it as an "
    "Optimization event")


class _GradOff:
    """Context: no autograd recording (the optimizer's own arithmetic is never differentiated)."""

    def __enter__(self):
        self.prev = STATE.grad_enabled
        self.prev_phase = STATE.phase
        STATE.grad_enabled = False
        STATE.phase = "optimizer"  # diagnostics (nan/inf check, profiler) attribute these ops to the update

    def __exit__(self, *exc):
        STATE.grad_enabled = self.prev
        STATE.phase = self.prev_phase


def _static_variable():
    from ..static.program import Variable
    return Variable


def _clip_base():
    try:
        from ..nn import clip
    except ImportError:
        return None
    return getattr(clip, "ClipGradBase", None) or getattr(clip, "GradientClipBase", None)


class Optimizer(_LRMixin, _StateMixin):
    """Base class of the optimizers: updates `parameters` from their gradients.

    Args:
        learning_rate (float|LRScheduler): the rate, or a scheduler giving it.
        parameters (list|None): Tensors to update, or a list of dicts (parameter groups) each with
            'params' and optional per-group options ('learning_rate' multiplier, 'weight_decay',
            'grad_clip' and the algorithm's hyper-parameters). Required in dynamic mode.
        weight_decay (float|L1Decay|L2Decay|None): a float is L2Decay(weight_decay). A regularizer set
            on a parameter through ParamAttr takes precedence.
        grad_clip (ClipGradByValue|ClipGradByNorm|ClipGradByGlobalNorm|None): gradient clipping.
        name (str|None): prefix of the accumulator names.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=linear.parameters())
            >>> linear(paddle.rand([4, 10])).mean().backward()
            >>> opt.step()
            >>> opt.clear_grad()
    """

    type = None

    def __init__(self, learning_rate, parameters=None, weight_decay=None, grad_clip=None, name=None):
        if parameters is not None:
            if isinstance(parameters, Tensor):
                raise TypeError("`parameters` argument given to the optimizer should be an iterable of paddle "
                                f"Tensors, but got argument type is `{type(parameters)}`.")
            if isinstance(parameters, dict):
                raise TypeError("`parameters` argument should not get dict type, if parameter groups is needed, "
                                "please set `parameters` as list of dict")
            self._parameter_list = list(parameters)
        else:
            self._parameter_list = None
        self._name = name
        if in_dynamic_mode() and self._parameter_list is None:
            raise AttributeError("parameters argument given to the Optimizer should not be None in dygraph mode.")
        if not isinstance(learning_rate, (float, LRScheduler)):
            raise TypeError(f"learning rate should be float or LRScheduler, got {type(learning_rate)} here")
        if grad_clip is not None:
            base = _clip_base()
            if not (isinstance(grad_clip, base) if base is not None else callable(grad_clip)):
                raise TypeError("'grad_clip' should be an instance of GradientClipBase's derived class")
        if isinstance(weight_decay, (float, int)) and not isinstance(weight_decay, bool):
            self.regularization = L2Decay(float(weight_decay))
        else:
            self.regularization = weight_decay
        self._grad_clip = grad_clip
        self._learning_rate = learning_rate
        self._dtype = None
        if self._parameter_list:
            first = self._parameter_list[0]
            if isinstance(first, dict):
                for group in self._parameter_list:
                    assert "params" in group, ("params should be set in parameters if parameter groups are "
                                               "optimized in different options")
                first = first["params"][0]
            self._dtype = first.dtype
        self._learning_rate_map = {}         # static Program -> its learning-rate Variable
        self._accumulators = defaultdict(dict)  # accumulator name -> {param name: Tensor/Variable}
        self._accumulators_holder = {}       # state loaded before the accumulators exist
        self._opti_name_list = []
        self._already_create_accumulator = set()
        self._master_weights = {}
        self._multi_precision = False
        self.helper = None
        self.clear_gradients = self.clear_grad
        self._default_dict = {"weight_decay": self.regularization, "grad_clip": self._grad_clip}
        self._param_groups = []
        if self._parameter_list and isinstance(self._parameter_list[0], dict):
            for group in self._parameter_list:
                self._add_param_group(group.copy())
        else:
            self._param_groups = self._parameter_list
        self._lr_cache = (None, None)

    # -- parameter groups -------------------------------------------------------------------
    def _add_param_group(self, param_group):
        """Register a group: fill its defaults, set each param's lr multiplier and regularizer."""
        params = param_group["params"]
        if isinstance(params, Tensor):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError("optimizer parameters should be in ordered collections,but received set, please use "
                            "list instead.")
        else:
            param_group["params"] = list(params)
        for k, v in self._default_dict.items():
            param_group.setdefault(k, v)
        seen = set()
        for group in self._param_groups:
            seen.update(id(p) for p in group["params"])
        if any(id(p) in seen for p in param_group["params"]):
            raise ValueError("some parameters appear in more than one parameter group")
        self._group_param_attrs(param_group)
        self._param_groups.append(param_group)

    def _group_param_attrs(self, group):
        wd = group["weight_decay"]
        reg = L2Decay(wd) if isinstance(wd, float) else wd
        for p in group["params"]:
            p.regularizer = reg
            p.optimize_attr["learning_rate"] = group.get("learning_rate", 1.0)

    def _hyper(self, group):
        """The algorithm's hyper-parameters for a group (its own values over the defaults)."""
        d = self._default_dict
        if group is None:
            return d
        return {k: group.get(k, v) for k, v in d.items()}

    def _all_params(self):
        if not self._param_groups:
            return []
        if isinstance(self._param_groups[0], dict):
            return [p for g in self._param_groups for p in g["params"]]
        return list(self._param_groups)

    # -- accumulators -----------------------------------------------------------------------
    def _create_accumulators(self, block, parameters):
        """Create the accumulators of every parameter in `parameters` (subclasses)."""

    def _finish_update(self, block, parameters_and_grads):
        """Work after all parameters are updated (Adamax advances its beta power here)."""

    def _add_accumulator(self, name, param, dtype=None, fill_value=0.0, shape=None, type=None, device=None):
        """Create (once) the accumulator `name` of `param`, named `<param>_<name>_<n>` as Paddle does."""
        if self._name is not None:
            name = self._name + "_" + name
        accs = self._accumulators[name]
        if param.name in accs:
            if in_dynamic_mode():
                return accs[param.name]
            raise Exception(f"Accumulator {name} already exists for parameter {param.name}")
        shape = list(param.shape) if shape is None else list(shape)
        var_name = _unique.generate(param.name + "_" + name)
        self._opti_name_list.append(var_name)
        d = _dt.convert_dtype(dtype) if dtype is not None else param.dtype
        if not in_dynamic_mode():
            var = self._static_global_var(var_name, shape, d, fill_value)
        else:
            var = Tensor._make(np.full(shape, fill_value, dtype=d.np_dtype))
            var.name = var_name
            var.persistable = True
            if self._accumulators_holder:
                if var_name not in self._accumulators_holder:
                    raise AssertionError(f"Optimizer set error, {var_name} should in state dict")
                _load_into(var, self._accumulators_holder.pop(var_name))
        accs[param.name] = var
        return var

    def _get_accumulator(self, name, param):
        """The accumulator `name` of `param` (Exception when it does not exist)."""
        if self._name is not None:
            name = self._name + "_" + name
        accs = self._accumulators.get(name)
        if accs is None or param.name not in accs:
            raise Exception(f"Accumulator {name} does not exist for parameter {param.name}")
        return accs[param.name]

    def _get_accumulator_master(self, name, param):
        """The accumulator of `param`, or of its fp32 master weight under multi_precision."""
        if self._multi_precision and _is_low_precision(param.dtype):
            return self._get_accumulator(name, self._master_weights[param.name])
        return self._get_accumulator(name, param)

    def _create_master_weight(self, param):
        """The fp32 copy of a low-precision parameter that multi_precision updates."""
        var = self._master_weights.get(param.name)
        if var is not None:
            return var
        var_name = _unique.generate(param.name + "_fp32_master")
        if not in_dynamic_mode():
            var = self._static_global_var(var_name, list(param.shape), _dt.float32, 0.0)
            from ..static.program import default_startup_program
            sblock = default_startup_program().global_block()
            sblock.append_op(type="cast", inputs={"X": [param.name]}, outputs={"Out": [var_name]},
                             attrs={"in_dtype": param.dtype.proto, "out_dtype": _dt.float32.proto})
        else:
            var = Tensor._make(param._data.astype(np.float32))
            var.name = var_name
            var.persistable = True
        self._master_weights[param.name] = var
        return var

    def _acc_params(self, parameters):
        """The params accumulators are created for: a group dict's 'params', skipping created ones."""
        if isinstance(parameters, dict):
            parameters = parameters["params"]
        return [p for p in parameters if p.name not in self._already_create_accumulator]

    def _target_params(self, parameters):
        """(param, the tensor its accumulators belong to) for new params: the master under multi_precision."""
        out = []
        for p in self._acc_params(parameters):
            if self._multi_precision and _is_low_precision(p.dtype):
                out.append((p, self._create_master_weight(p)))
            else:
                out.append((p, p))
            self._already_create_accumulator.add(p.name)
        return out

    def _static_global_var(self, name, shape, dtype, value):
        from ..static.input import create_global_var
        return create_global_var(shape=shape, value=float(value), dtype=dtype, persistable=True, name=name)

    # -- gradients --------------------------------------------------------------------------
    def clear_grad(self, set_to_zero=True):
        """Zero (set_to_zero=True) or drop the gradients of the optimized parameters.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> linear = paddle.nn.Linear(13, 5)
                >>> adam = paddle.optimizer.Adam(learning_rate=0.01, parameters=linear.parameters())
                >>> linear(paddle.rand([2, 13])).sum().backward()
                >>> adam.step()
                >>> adam.clear_grad()
        """
        _dygraph_only("clear_grad")
        for p in self._all_params():
            if not p.stop_gradient:
                g = p._grad
                if g is not None and g.is_selected_rows():
                    p._grad = None  # as Paddle: a row-sparse gradient cannot be zeroed, it is dropped
                else:
                    p.clear_gradient(set_to_zero)

    def zero_grad(self, set_to_none=True):
        """clear_grad(set_to_zero=not set_to_none)."""
        _dygraph_only("zero_grad")
        self.clear_grad(set_to_zero=not set_to_none)

    def _create_regularization_of_grad(self, param, grad, regularization=None):
        """grad + the decay term of the param's regularizer (or the optimizer's)."""
        reg = getattr(param, "regularizer", None)
        if reg is None:
            reg = regularization
        if grad is None or reg is None:
            return grad
        if not in_dynamic_mode():
            from ..static.builder import ensure_op
            term = reg(param, grad, grad.block)
            ensure_op("sum")
            grad.block.append_op(type="sum", inputs={"X": [grad.name, term.name]}, outputs={"Out": [grad.name]},
                                 attrs={"use_mkldnn": False})
            return grad
        p = param._data
        if type(reg) is L2Decay:
            term = p * p.dtype.type(reg._coeff)
        elif type(reg) is L1Decay:
            term = np.sign(p) * p.dtype.type(reg._coeff)
        else:
            t = reg(param, grad, None)
            term = t._data if isinstance(t, Tensor) else np.asarray(t)
        term += grad._data  # a SelectedRows grad becomes dense, as Paddle's add_n does
        return Tensor._make(term)

    def append_regularization_ops(self, parameters_and_grads, regularization=None):
        """[(param, grad + regularization term)] for every pair (the param's own regularizer wins)."""
        if not in_dynamic_mode():
            from ..static.name import name_scope
            with name_scope("regularization"):
                return [(p, self._create_regularization_of_grad(p, g, regularization)) for p, g in parameters_and_grads]
        return [(p, self._create_regularization_of_grad(p, g, regularization)) for p, g in parameters_and_grads]

    # -- the update ------------------------------------------------------------------------
    def _update_spec(self, param, hp):
        """(op class, {slot: accumulator} besides Param/Grad/LearningRate, attrs) for one parameter."""
        raise NotImplementedError('Class "Optimizer" cannot be used directly as an optimizer, please use its '
                                  'subclasses such as "Adam"')

    def _param_lr(self, param, lr):
        plr = param.optimize_attr.get("learning_rate", 1.0) if getattr(param, "optimize_attr", None) else 1.0
        if not in_dynamic_mode():
            if plr == 1.0:
                return lr
            from ..static.name import name_scope
            with name_scope("scale_with_param_lr"):
                return lr * float(plr)
        return lr if plr == 1.0 else lr * lr.dtype.type(plr)

    def _set_auxiliary_var(self, key, val):
        """Attach a variable the update ops read besides their own state (static AMP's `found_inf`)."""
        self.__dict__.setdefault("_auxiliary_vars", {})[key] = val

    def _get_auxiliary_var(self, key):
        """The auxiliary variable `key`, or None."""
        return self.__dict__.get("_auxiliary_vars", {}).get(key)

    def _append_optimize_op(self, block, param_and_grad, lr, hp):
        """Update one parameter: run the op eagerly, or append it to `block`."""
        param, grad = param_and_grad
        cls, extra, attrs = self._update_spec(param, hp)
        if cls.lr_slot is not None:
            lr = self._param_lr(param, lr)
        master = self._master_weights.get(param.name) if self._multi_precision else None
        if master is not None:
            extra = dict(extra, **{"MasterParam" if cls.param_slot == "Param" else "master_param": master})
            attrs = dict(attrs, multi_precision=True)
        ps, gs, ls = cls.param_slot, cls.grad_slot, cls.lr_slot  # ls None: the rule keeps its own rates
        if block is not None:
            ins = {ps: [param.name], gs: [grad.name]}
            if ls is not None:
                ins[ls] = [lr.name]
            found_inf = self._get_auxiliary_var("found_inf")
            if found_inf is not None and "SkipUpdate" in cls.inputs:  # static AMP: skip the whole update on inf
                ins["SkipUpdate"] = [found_inf.name]
            outs = {ps + cls.out_suffix: [param.name]}
            for slot, var in extra.items():
                ins[slot] = [var.name]
                out_slot = slot + cls.out_suffix
                if out_slot in cls.outputs:
                    outs[out_slot] = [var.name]
            return block.append_op(type=cls.type, inputs=ins, outputs=outs, attrs=attrs)
        if param._data.flags.writeable is False:
            param._data = param._data.copy()
        pos = cls._pos
        arrays = [None] * len(pos)
        arrays[pos[ps]] = param._data
        if grad.is_selected_rows():
            rows, values = grad.merged_rows()
            arrays[pos[gs]] = RowGrad(rows, values, grad.height)
        else:
            arrays[pos[gs]] = grad._data
        if ls is not None:
            arrays[pos[ls]] = lr
        for slot, var in extra.items():
            arrays[pos[slot]] = var if type(var) is np.ndarray else var._data
        op = cls(attrs)
        if OP_RAN.active is None:
            op.update(np, *arrays)
        else:
            timed_kernel(op, op.update, np, *arrays)
        param._version += 1
        listeners = OP_RAN.active
        if listeners is not None:  # diagnostics see the in-place update as an op on the parameter
            ins = [param, grad] + [v for v in extra.values() if isinstance(v, Tensor)]
            for hook in listeners:
                hook(op, ins, (param,))
        return None

    def _create_optimization_pass(self, parameters_and_grads, group=None):
        """Create accumulators and update every (param, grad) pair; returns the appended ops (static)."""
        hp = self._hyper(group)
        pairs = [(p, g) for p, g in parameters_and_grads if g is not None and not p.stop_gradient]
        if not in_dynamic_mode():
            from ..static.name import name_scope
            from ..static.program import default_main_program
            program = default_main_program()
            block = program.global_block()
            start = len(block.ops)
            lr = self._create_global_learning_rate()
            self._create_accumulators(block, self._acc_arg(pairs, group))
            for pg in pairs:
                with program._optimized_guard(list(pg)), name_scope("optimizer"):
                    self._append_optimize_op(block, pg, lr, hp)
            with program._optimized_guard(), name_scope("optimizer"):
                self._finish_update(block, pairs if group is None else dict(group, params=pairs))
            return block.ops[start:]
        lr = self._eager_lr()
        self._create_accumulators(None, self._acc_arg(pairs, group))
        for pg in pairs:
            self._append_optimize_op(None, pg, lr, hp)
        self._finish_update(None, pairs if group is None else dict(group, params=pairs))
        return []

    @staticmethod
    def _acc_arg(pairs, group):
        """What _create_accumulators gets: the params, or the group dict (its options) with them."""
        params = [p for p, _ in pairs]
        return params if group is None else dict(group, params=params)

    def _apply_optimize(self, loss, startup_program, params_grads, param_group_idx=0):
        """Clip, regularize and update `params_grads` (a list, or a group dict with 'params')."""
        group = params_grads if isinstance(params_grads, dict) else None
        pairs = params_grads["params"] if group is not None else params_grads
        clip = group.get("grad_clip") if group is not None else self._grad_clip
        if clip is not None:
            pairs = clip(pairs)
        pairs = self.append_regularization_ops(pairs, self.regularization)
        return self._create_optimization_pass(pairs, group)

    def step(self):
        """Update every parameter that has a gradient (dynamic mode).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> linear = paddle.nn.Linear(13, 5)
                >>> adam = paddle.optimizer.Adam(learning_rate=0.01, parameters=linear.parameters())
                >>> linear(paddle.rand([2, 13])).sum().backward()
                >>> adam.step()
                >>> adam.clear_grad()
        """
        around = OPTIMIZER_STEP.active
        if around is not None:
            return around(self, Optimizer._plain_step, (), {})
        return Optimizer._plain_step(self)

    def _plain_step(self):
        """step() without the optimizer_step hook."""
        _dygraph_only("step")
        with _GradOff():
            groups = self._param_groups
            if groups and isinstance(groups[0], dict):
                for idx, group in enumerate(groups):
                    pairs = [(p, p._grad) for p in group["params"] if not p.stop_gradient and p._grad is not None]
                    g = dict(group)
                    g["params"] = pairs
                    self._check_sparse(pairs)
                    self._apply_optimize(None, None, g, idx)
            else:
                pairs = [(p, p._grad) for p in groups if not p.stop_gradient and p._grad is not None]
                self._check_sparse(pairs)
                self._apply_optimize(None, None, pairs)

    def _check_sparse(self, pairs):
        """Hook for optimizers that refuse some sparse-gradient configurations (Adam)."""

    def backward(self, loss, startup_program=None, parameters=None, no_grad_set=None, callbacks=None):
        """The (param, grad) pairs of `loss`: collected from `.grad` in dynamic mode, appended as grad ops
        (append_backward) in static mode.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> linear = paddle.nn.Linear(10, 10)
                >>> loss = paddle.mean(linear(paddle.rand([2, 10])))
                >>> loss.backward()
                >>> adam = paddle.optimizer.Adam(0.1, parameters=linear.parameters())
                >>> len(adam.backward(loss))
                2
        """
        plist = parameters if parameters else self._parameter_list
        if in_dynamic_mode():
            plist = self._all_params() if plist is None or (plist and isinstance(plist[0], dict)) else plist
            return [(p, p._grad) for p in plist if not p.stop_gradient and p._grad is not None]
        return self._static_backward(loss, startup_program, plist, no_grad_set, callbacks)

    def _static_backward(self, loss, startup_program, plist, no_grad_set, callbacks, checkpoints=None):
        """backward() in static mode; `checkpoints` (RecomputeOptimizer) recompute the segments between them."""
        from ..static.backward import append_backward, error_clip_callback
        from ..static.program import program_guard
        assert int(np.prod(loss.shape)) == 1, (
            f"The number of elements of loss should be 1, but the current loss.shape is {loss.shape}, whose number "
            "of elements is not 1. Maybe that you should call paddle.mean to process the current loss.")
        program = loss.block.program
        ngs = set()
        for v in (no_grad_set or ()):
            ngs.add(v if isinstance(v, str) else v.name)
        ngs.update(p.name for p in program.global_block().all_parameters() if p.stop_gradient)
        if plist is not None:
            plist = [p if isinstance(p, str) else p.name for p in plist]
        if callbacks is None:  # as Paddle: vars' error_clip bounds apply unless callbacks are given
            callbacks = [error_clip_callback]
        with program_guard(program, startup_program):
            return append_backward(loss, plist, ngs, callbacks=callbacks, checkpoints=checkpoints)

    def apply_gradients(self, params_grads):
        """Append (static) or run (dynamic) the updates for the given (param, grad) pairs.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> linear = paddle.nn.Linear(10, 10)
                >>> loss = paddle.mean(linear(paddle.uniform([10, 10], min=-0.1, max=0.1)))
                >>> loss.backward()
                >>> adam = paddle.optimizer.Adam(learning_rate=0.1, parameters=linear.parameters())
                >>> _ = adam.apply_gradients(adam.backward(loss))
        """
        params_grads = sorted(params_grads, key=lambda pg: pg[0].name)
        with _GradOff():
            return self._apply_optimize(None, None, params_grads)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """backward + update. Static mode appends the grad ops and the update ops to loss's program;
        dynamic mode (after loss.backward()) updates from the gradients. Returns (ops, params_grads).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> linear = paddle.nn.Linear(10, 10)
                >>> loss = paddle.mean(linear(paddle.uniform([10, 10], min=-0.1, max=0.1)))
                >>> adam = paddle.optimizer.Adam(learning_rate=0.1, parameters=linear.parameters(),
                ...                              weight_decay=0.01)
                >>> loss.backward()
                >>> ops, params_grads = adam.minimize(loss)
                >>> adam.clear_grad()
        """
        if not isinstance(loss, (Tensor, _static_variable())):
            raise AssertionError("The loss should be an Tensor.")
        plist = parameters if parameters else self._parameter_list
        params_grads = self.backward(loss, startup_program, plist, no_grad_set)
        if not in_dynamic_mode():
            from ..static.program import program_guard
            with program_guard(loss.block.program, startup_program):
                return self.apply_gradients(params_grads), params_grads
        with _GradOff():
            if self._param_groups and isinstance(self._param_groups[0], dict) and not parameters:
                self.step()
            else:
                self._check_sparse(params_grads)
                self._apply_optimize(loss, startup_program, params_grads)
        return [], params_grads

