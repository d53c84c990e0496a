"""append_backward / gradients: grad ops built by running each op's backward rule in static mode."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Callable, Sequence
    from typing import Any
    from purepaddle._core.tensor import Tensor

from .._core.mode import STATE, set_static
from .._core.op import OPS, _restructure
from . import builder as _b
from .control_flow import GRAD_MAKERS
from .program import OP_ROLE_BACKWARD, OP_ROLE_LOSS, Variable, default_startup_program

__all__ = ["append_backward", "gradients"]

_LOSS_GRAD_ROLE = OP_ROLE_BACKWARD | OP_ROLE_LOSS


def append_backward(loss: Tensor, parameter_list: Sequence[Tensor | str] | None = None,
                    no_grad_set: set[Tensor | str] | None = None,
                    callbacks: Sequence[Callable[..., Any]] | None = None, checkpoints: Any = None,
                    distop_context: Any = None) -> list[tuple[Tensor, Tensor]]:
    """Append the ops computing d(loss)/d(var) into `var@GRAD`; return [(param, param@GRAD)].

    Vars with stop_gradient=True (and those in no_grad_set) block the gradient: layers reachable
    from the loss only through them get no gradient ops and no @GRAD variables.

    Args:
        loss (Tensor): The loss variable of the program.
        parameter_list (Sequence[Tensor|str]|None, optional): The parameters to differentiate; None means all
            trainable ones. Default: None.
        no_grad_set (set[Tensor|str]|None, optional): Variables that get no gradient. Default: None.
        callbacks (Sequence[Callable[..., Any]]|None, optional): Functions called for each gradient op
            appended. Default: None.
        checkpoints (list[Tensor|str]|None, optional): Recompute: the forward vars kept between the forward
            and backward passes; the other activations of the segments between them are computed again in the
            backward section (static/recompute.py). Default: None.
        distop_context (Any, optional): Accepted for compatibility. Default: None.

    Returns:
        list[tuple[Tensor, Tensor]]: (parameter, gradient) pairs.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data('x', [2, 3])
            >>> w = paddle.static.create_parameter([2, 3], 'float32', name='w')
            >>> loss = paddle.mean(x * w)
            >>> paddle.static.append_backward(loss)
            [(persist trainable param w : DENSE_TENSOR.shape(2, 3).dtype(float32).stop_gradient(False), var w@GRAD : DENSE_TENSOR.shape(2, 3).dtype(float32).stop_gradient(False))]
            >>> paddle.disable_static()
    """
    if not isinstance(loss, Variable):
        raise TypeError(f"The type of 'loss' in paddle.static.append_backward must be <class "
                        f"'paddle.static.Variable'>, but received {type(loss)}. ")
    block = loss.block
    program = block.program
    for op in reversed(block.ops):
        if loss.name in op.output_arg_names:
            op._fw["op_role"] = int(op._fw.get("op_role", 0)) | OP_ROLE_LOSS
            break
    builder = _GradBuilder(block, _names(no_grad_set, "no_grad_set"))
    for cb in callbacks or ():
        if cb is not error_clip_callback:
            raise NotImplementedError("paddle.static.append_backward: purepaddle runs only "
                                      f"paddle.nn.clip.error_clip_callback as a callback, not {cb!r}")
        builder.error_clip = True
    builder.run([(loss, None)], loss_role=True, checkpoints=checkpoints)
    if parameter_list is None:
        names = [p.name for p in program.global_block().all_parameters() if p.trainable]
    else:
        names = _names(parameter_list, "parameter_list", ordered=True)
    out = []
    gblock = program.global_block()
    for n in names:
        g = builder.final.get(n)
        p = gblock.vars.get(n)
        if g is not None and p is not None:
            out.append((p, g))
            producer = builder.producer_of(g.name)
            if producer is not None:
                producer._fw["op_role_var"] = [n, g.name]
    return out


def error_clip_callback(block, context):
    """The append_backward callback that clips each var's gradient by its error_clip (ErrorClipByValue).

    append_backward recognises it and clips X@GRAD once its contributions are summed; optimizers'
    minimize pass it by default, as in Paddle.
    """
    raise RuntimeError("error_clip_callback is applied by paddle.static.append_backward(callbacks=[...]); "
                       "it is not called directly in purepaddle")


def gradients(targets, inputs, target_gradients=None, no_grad_set=None):
    """Append ops computing d(sum of targets)/d(inputs); return the gradient Variables.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data('x', [2])
            >>> x.stop_gradient = False
            >>> y = x * x
            >>> paddle.static.gradients([y], [x])
            [var x@GRAD : DENSE_TENSOR.shape(2,).dtype(float32).stop_gradient(False)]
            >>> paddle.disable_static()
    """
    targets = _as_list(targets, "targets")
    inputs = _as_list(inputs, "inputs")
    if target_gradients is None:
        target_gradients = [None] * len(targets)
    else:
        target_gradients = _as_list(target_gradients, "target_gradients")
        if len(target_gradients) != len(targets):
            raise ValueError("Should have the same number of target_gradients as targets")
    block = targets[0].block
    builder = _GradBuilder(block, _names(no_grad_set, "no_grad_set"))
    builder.run(list(zip(targets, target_gradients)), loss_role=False, inputs=[x.name for x in inputs])
    res = [builder.final.get(x.name) for x in inputs]
    if len(res) == 1:
        return [] if res[0] is None else res
    return res


def _as_list(x, what):
    if isinstance(x, Variable):
        return [x]
    if isinstance(x, (list, tuple)):
        for v in x:
            if v is not None and not isinstance(v, Variable):
                raise TypeError(f"The type of elements of '{what}' in paddle.static.gradients must be Variable, "
                                f"but received {type(v)}.")
        return list(x)
    raise TypeError(f"The type of '{what}' in paddle.static.gradients must be (Variable, list, tuple), but "
                    f"received {type(x)}.")


def _names(items, what, ordered=False):
    if items is None:
        return [] if ordered else set()
    if isinstance(items, (str, Variable)):
        items = [items]
    out = []
    for v in items:
        if isinstance(v, Variable):
            out.append(v.name)
        elif isinstance(v, str):
            out.append(v)
        else:
            raise TypeError(f"The type of '{what}' elements must be Variable or str, but received {type(v)}.")
    return out if ordered else set(out)


class _GradBuilder:
    """One backward pass over a block: contributions per var, renames, sums, final X@GRAD vars.

    The forward ops are read from `src` (default: `block`) and the grad ops appended to `block`;
    a control-flow op's gradient runs a nested builder from its sub-block into a new grad block.
    """

    def __init__(self, block, no_grad, src=None, nested=False):
        self.block = block
        self.src = block if src is None else src
        self.nested_pass = nested
        self.program = block.program
        self.no_grad = no_grad
        self.redefines = {}  # id(forward op) -> names it writes that held a value before it
        self.pending = {}   # var name -> [grad Variables] not yet summed
        self.final = {}     # var name -> its total-gradient Variable (X@GRAD)
        self.owned = {}     # grad var name -> op index from which it may be referenced (we may rename it)
        self.renames = {}   # var name -> next @RENAME@ counter
        self.existing = set(block.vars)
        self.reach = None   # when set, only these vars (reachable from gradients()' inputs) get grads
        self.error_clip = False  # error_clip_callback given: clip X@GRAD by X.error_clip once it is summed
        self.alias = {}     # recompute: forward var -> its recomputed copy, read by the current segment's grads

    # -- naming --------------------------------------------------------------------------
    def grad_name(self, name):
        g = name + "@GRAD"
        if g in self.existing:
            g = "grad/" * max(self.program._appending_grad_times, 1) + g
        return g

    def _rename_name(self, name):
        k = self.renames.get(name, 0)
        self.renames[name] = k + 1
        return f"{self.grad_name(name)}@RENAME@block{self.src.idx}@{k}"

    def find(self, name):
        """The forward (or gradient) Variable called `name`, looked up from the forward block outwards."""
        v = self.src._find_var_recursive(name)
        if v is None and self.src is not self.block:
            v = self.block._find_var_recursive(name)
        return v

    def nested(self, src, dst):
        """A builder for the gradient of sub-block `src`, appending into grad block `dst`."""
        return _GradBuilder(dst, self.no_grad, src=src, nested=True)

    def retire(self, op):
        """After op's output grads are taken: a var op overwrote starts a fresh gradient (its old value's)."""
        for n in self.redefines.get(id(op), ()):
            self.final.pop(n, None)
            self.pending.pop(n, None)

    def _find_redefinitions(self, ops):
        """Ops whose outputs overwrite a value that existed before them (while loop vars, in-place writes)."""
        seen = set()
        local = self.src.vars if self.src is not self.block else None
        for op in ops:
            ins = op.input_arg_names
            seen.update(ins)
            again = [n for n in op.output_arg_names if n in seen or (local is not None and n not in local)]
            if again:
                self.redefines[id(op)] = again
            seen.update(op.output_arg_names)

    def producer_of(self, name):
        for op in reversed(self.block.ops):
            if name in op.output_arg_names:
                return op
        return None

    # -- the pass ------------------------------------------------------------------------
    def run(self, targets, loss_role, inputs=None, checkpoints=None):
        program, block = self.program, self.block
        if not self.nested_pass:
            program._appending_grad_times += 1
        ops = self.src.ops
        end = 0
        target_names = set(t.name for t, _ in targets)
        for i, op in enumerate(ops):
            if target_names.intersection(op.output_arg_names):
                end = i + 1
        if inputs is not None:  # gradients(): only the ops on a path from the inputs get grad ops
            reach = set(inputs)
            for op in ops[:end]:
                if reach.intersection(op.input_arg_names):
                    reach.update(op.output_arg_names)
            self.reach = reach
        self._find_redefinitions(ops[:end])
        segment_of = {}
        if checkpoints:
            from .recompute import plan_segments
            for seg in plan_segments(self.src, end, checkpoints):
                segment_of.update(dict.fromkeys(range(seg.start, seg.end), seg))
        prev_static, prev_idx = set_static(True), program.current_block_idx
        STATE.program_stack.append((program, default_startup_program()))
        depth = len(STATE.program_stack)
        program.current_block_idx = block.idx
        prev_role = program._op_role
        program._op_role = OP_ROLE_BACKWARD
        prev_helper = _b.CTX.helper
        first = len(block.ops)
        try:
            for t, g in targets:
                self._seed(t, g, loss_role)
            for i in range(end - 1, -1, -1):
                seg = segment_of.get(i)
                if seg is not None and i == seg.end - 1:
                    self._recompute(ops, seg)
                self.alias = seg.renames if seg is not None else {}
                self._op_backward(ops[i])
            self.alias = {}
            for name in list(self.pending):
                self.total(name)
        finally:
            _b.CTX.helper = prev_helper
            program._op_role = prev_role
            program.current_block_idx = prev_idx
            del STATE.program_stack[depth - 1:]
            set_static(prev_static)
        self._prune_dead(first)
        self._order_vars()

    def _recompute(self, ops, seg):
        """Append segment seg's forward ops that write a recomputed var, reading and writing the renamed vars
        (outputs that are held get a scratch name: the re-run changes no kept value or state)."""
        block = self.block
        renames = seg.renames
        for op in ops[seg.start:seg.end]:
            if not any(n in renames for n in op.output_arg_names):
                continue
            outs = {}
            for slot, names in op.outputs.items():
                outs[slot] = [renames.get(n, n + seg.suffix) for n in names]
                for n, new in zip(names, outs[slot]):
                    if new not in block.vars:
                        v = self.find(n)
                        Variable(block, name=new, shape=v.shape, dtype=v.dtype, stop_gradient=v.stop_gradient)
            ins = {slot: [renames.get(n, n) for n in names] for slot, names in op.inputs.items()}
            fw = dict(op._fw, op_role=OP_ROLE_BACKWARD)
            _b.append_simple(block, op.type, ins, outs, dict(op.attrs), fw)

    def _prune_dead(self, first):
        """Drop grad-building ops whose results nobody reads (grads of inputs that need none)."""
        block = self.block
        ops = block.ops
        used = set()
        keep = []
        for op in reversed(ops[first:]):
            outs = op.output_arg_names
            if not outs or any("@GRAD" in n or n in used for n in outs):
                keep.append(op)
                used.update(op.input_arg_names)
            else:
                for n in outs:
                    block.vars.pop(n, None)
        keep.reverse()
        if len(keep) != len(ops) - first:
            del ops[first:]
            ops.extend(keep)
            self.program._version += 1

    def _seed(self, t, g, loss_role):
        """The initial gradient of a target: ones (fill_constant / fill_any_like) or the given var."""
        if g is not None:
            self.pending.setdefault(t.name, []).append(g)
            return
        block = self.block
        name = t.name + "@GRAD"
        k = 0
        while name in block.vars:
            name = f"{t.name}@GRAD_{k}"
            k += 1
        shape = t.shape
        v = Variable(block, name=name, shape=shape, dtype=t.dtype, stop_gradient=False)
        fw = {"op_device": "", "op_namescope": "", "op_role": _LOSS_GRAD_ROLE if loss_role else OP_ROLE_BACKWARD,
              "op_role_var": [], "with_quant_attr": False}
        if loss_role and -1 not in shape:
            _b.append_simple(block, "fill_constant", {}, {"Out": [name]},
                             {"shape": list(shape), "value": 1.0, "dtype": t.dtype.proto, "str_value": "",
                              "force_cpu": False, "place_type": -1}, fw)
        else:
            cls = _b.ensure_op("fill_any_like")
            _b.append_simple(block, cls.type, {"X": [t.name]}, {"Out": [name]},
                             {"value": 1.0, "dtype": t.dtype.proto}, fw)
        self.owned[name] = len(block.ops) - 1
        self.pending.setdefault(t.name, []).append(v)

    def needs(self, name):
        if name is None or name in self.no_grad or (self.reach is not None and name not in self.reach):
            return False
        v = self.find(name)
        # any dtype, as Paddle's legacy backward: a float -> int -> float cast chain hands the int var a
        # gradient of its own dtype (truncated), as eager mode does
        return v is not None and not v.stop_gradient

    def total(self, name):
        """The summed gradient of var `name` (appending a `sum` op for several contributions)."""
        g = self.final.get(name)
        if g is not None:
            return g
        lst = self.pending.pop(name, None)
        if not lst:
            return None
        if len(lst) == 1:
            g = lst[0]
        else:
            block = self.block
            out = self.grad_name(name)
            g = Variable(block, name=out, shape=lst[0].shape, dtype=lst[0].dtype, stop_gradient=False)
            cls = _b.ensure_op("sum")
            _b.append_simple(block, cls.type, {"X": [v.name for v in lst]}, {"Out": [out]}, {})
            self.owned[out] = len(block.ops) - 1
        if self.error_clip:
            self._clip_error(name, g)
        self.final[name] = g
        return g

    def _clip_error(self, name, g):
        """Clip g in place to the forward var's error_clip bounds (Paddle's error_clip_callback)."""
        v = self.find(name)
        clip = getattr(v, "error_clip", None) if v is not None else None
        if clip is None:
            return
        if not (hasattr(clip, "min") and hasattr(clip, "max")):
            raise TypeError("Variable's error_clip should be an instance of BaseErrorClipAttr or None.")
        _b.ensure_op("clip")
        _b.append_simple(self.block, "clip", {"X": [g.name]}, {"Out": [g.name]},
                         {"min": float(clip.min), "max": float(clip.max)})

    def _op_backward(self, op):
        block = self.block
        out_slots = [(slot, n) for slot, names in op.outputs.items() for n in names]
        if not any(n in self.pending or n in self.final for _, n in out_slots):
            return
        maker = GRAD_MAKERS.get(op.type)
        if maker is not None:
            maker(self, op)
            return
        cls = OPS.get(op.type)
        if cls is None:
            raise NotImplementedError(f"(Unimplemented) Operator ({op.type}) is not registered, so its gradient "
                                      "can not be appended.")
        if not cls.differentiable:
            return
        dup = cls.duplicable
        in_names, nxt = [], []
        for slot in cls.inputs:
            names = op.inputs.get(slot, [])
            if slot in dup:
                for n in names:
                    in_names.append(n)
                    nxt.append(True if self.needs(n) else None)
            else:
                n = names[0] if names else None
                in_names.append(n)
                nxt.append(True if self.needs(n) else None)
        if not any(nxt):
            return
        out_grads, out_vars, struct = [], [], []
        for slot in cls.outputs:
            names = op.outputs.get(slot, [])
            struct.append(len(names) if slot in dup else None)
            for n in (names if slot in dup else names[:1]):
                out_vars.append(n)
                out_grads.append(None if slot in cls.nondiff_outputs else self.total(n))
        self.retire(op)
        if all(g is None for g in out_grads):
            return
        inst = cls(dict(op.attrs))
        inst.next = tuple(nxt)
        inst._saved = tuple(self._saved(op, cls))
        inst._out_struct = struct
        inst._n_out = len(out_vars)
        start = len(block.ops)
        _b.CTX.helper = self.program._name_generator.generate(op.type + "_grad")
        if cls._multi:
            if cls.materialize_grads:  # as in eager mode: zeros only for rules that want every output's grad
                for k, g in enumerate(out_grads):
                    if g is None:
                        out_grads[k] = self._zeros_like(out_vars[k])
            args = _restructure(out_grads, struct)
        else:
            args = (out_grads[0],)
        res = inst.backward(*args)
        if type(res) is not tuple:
            res = (res,) if not isinstance(res, list) or dup else tuple(res)
        if dup:
            flat = []
            for g in res:
                flat.extend(g) if type(g) is list else flat.append(g)
            res = flat
        claimed = set()
        for n, need, g in zip(in_names, nxt, res):
            if need is None or g is None:
                continue
            self._contribute(n, g, start, claimed)
        _b.CTX.helper = None

    def _saved(self, op, cls):
        find, alias = self.find, self.alias
        for is_out, idx in cls._save_plan:
            slot = (cls.outputs if is_out else cls.inputs)[idx]
            names = [alias.get(n, n) for n in (op.outputs if is_out else op.inputs).get(slot, [])]
            if slot in cls.duplicable:
                yield [find(n) for n in names]
            else:
                yield find(names[0]) if names else None

    def _zeros_like(self, name):
        block = self.block
        name = self.alias.get(name, name)
        fwd = self.find(name)
        cls = _b.ensure_op("fill_zeros_like")
        out = _b._out_names(self.program, 1, cls.type)[0]
        v = Variable(block, name=out, shape=fwd.shape, dtype=fwd.dtype, stop_gradient=True)
        _b.append_simple(block, cls.type, {"X": [name]}, {"Out": [out]}, {})
        return v

    def _contribute(self, name, g, start, claimed):
        """Record g as a gradient contribution to var `name`, naming it X@GRAD or X@GRAD@RENAME@..."""
        block = self.block
        if not isinstance(g, Variable):
            g = _b._as_var(g)
        fwd = self.find(name)
        if fwd is not None and fwd._dtype is not None and g.dtype is not fwd.dtype:
            g = g.astype(fwd.dtype)
        lst = self.pending.setdefault(name, [])
        final = self.grad_name(name)
        if len(lst) == 1 and lst[0].name == final and final in self.owned:
            new = self._rename_name(name)
            idx = self.owned.pop(final)
            block._rename_var(final, new, idx)
            self.owned[new] = idx
        target = final if not lst else self._rename_name(name)
        fresh = g.name not in claimed and g.name not in self.owned and any(
            g.name in o.output_arg_names for o in block.ops[start:])
        if fresh:
            v = block._rename_var(g.name, target, start)
        else:
            v = Variable(block, name=target, shape=g.shape, dtype=g.dtype, stop_gradient=False)
            cls = _b.ensure_op("share_data")  # an alias: the gradient is the same array
            _b.append_simple(block, cls.type, {"X": [g.name]}, {"Out": [target]}, {})
        v.stop_gradient = False
        if fwd is not None and len(v.shape) == len(fwd.shape):
            v._shape = [f if d < 0 <= f else d for d, f in zip(v.shape, fwd.shape)]
        claimed.add(target)
        self.owned[target] = start
        lst.append(v)

    def _order_vars(self):
        """Forward vars keep their order; the new (gradient) vars follow sorted by name, as in Paddle."""
        vs = self.block.vars
        old = [(k, v) for k, v in vs.items() if k in self.existing]
        new = sorted((kv for kv in vs.items() if kv[0] not in self.existing), key=lambda kv: kv[0])
        vs.clear()
        vs.update(old)
        vs.update(new)
