"""Why does a parameter get no gradient? paddle.autograd.explain_no_grad and trace_grad_flow.

`explain_no_grad(loss, parameters)` names each parameter that backward from `loss` cannot reach and
the reason: trainable=False / stop_gradient on the parameter, stop_gradient=True on which intermediate,
a no_grad region, detach(), an integer-valued or non-differentiable op, or no use in the forward at all.

Eagerly, the recorded graph shows *whether* a parameter is cut off. Run the forward inside
`with paddle.autograd.trace_grad_flow():` to learn *where* (the op and the user's line): the tracer
is an op hook that records every op's inputs and outputs while the block runs (it holds the traced
tensors until it is garbage collected). A static Program keeps its dataflow, so a static loss needs
no tracer.
"""
from .._core.mode import STATE
from .._core.tensor import DETACHED, Parameter, Tensor
from ..framework import op_hooks

__all__ = ["explain_no_grad", "trace_grad_flow", "GradFlowReport"]

_ACTIVE = []  # open tracers (innermost last)


class _Rec:
    """How one tensor was made: the op, its inputs, and whether the gradient could flow through it."""

    __slots__ = ("op", "inputs", "grad_on", "differentiable", "sg_at_birth", "site", "cut")

    def __init__(self, op, inputs, grad_on, differentiable, sg_at_birth, site, cut=None):
        self.op, self.inputs, self.grad_on, self.differentiable = op, inputs, grad_on, differentiable
        self.sg_at_birth, self.site, self.cut = sg_at_birth, site, cut


class trace_grad_flow:
    """Context manager recording how each tensor is made, so explain_no_grad can name the cut point.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> fc1, fc2 = paddle.nn.Linear(2, 2), paddle.nn.Linear(2, 1)
            >>> with paddle.autograd.trace_grad_flow():
            ...     h = fc1(paddle.ones([1, 2]))
            ...     h.stop_gradient = True
            ...     loss = fc2(h).sum()
            >>> report = paddle.autograd.explain_no_grad(loss, fc1.parameters())
            >>> 'stop_gradient=True was set on an intermediate tensor' in str(report)
            True
    """

    def __init__(self):
        self.records = {}   # id(tensor) -> _Rec
        self.keep = []      # the traced tensors, alive so their ids stay unique

    def _hook(self, op, ins, outs):
        op = op_hooks.unwrap(op)
        flat_in = []
        for t in ins:
            if type(t) is list:
                flat_in.extend(x for x in t if x is not None)
            elif t is not None:
                flat_in.append(t)
        flat_out = []
        for t in outs:
            flat_out.extend(t if type(t) is list else [t])
        site = op_hooks.user_site(2)
        phase, _ = op_hooks.phase_of(op)
        if phase != "forward":
            return
        for out in flat_out:
            if out is None:
                continue
            self.keep.append(out)
            self.keep.extend(flat_in)
            self.records[id(out)] = _Rec(op.type, flat_in, STATE.grad_enabled, type(op).differentiable and not
                                         (out._data.dtype.kind in "biu"), out.stop_gradient, site)

    def _detached(self, t, out):
        """The detached hook: a detach() is a cut the report names."""
        self.keep += [t, out]
        self.records[id(out)] = _Rec("detach", [t], STATE.grad_enabled, False, True, op_hooks.user_site(2),
                                     cut="detach")

    def __enter__(self):
        _ACTIVE.append(self)
        op_hooks.install(self._hook)
        self._detach_handle = DETACHED.install(self._detached)
        return self

    def __exit__(self, *exc):
        op_hooks.remove(self._hook)
        self._detach_handle.remove()
        _ACTIVE.remove(self)
        _LAST[0] = self
        return False


_LAST = [None]  # the most recently closed tracer: explain_no_grad uses it when the loss is in it


class GradFlowReport(list):
    """One entry per parameter without a gradient: {'name', 'reason', 'detail'}; str() explains them."""

    def __init__(self, entries, checked, notes=()):
        super().__init__(entries)
        self.checked = checked
        self.notes = list(notes)

    def names(self):
        """Names of the parameters that get no gradient."""
        return [e["name"] for e in self]

    def __str__(self):
        if not self:
            lines = [f"all {self.checked} parameters get a gradient from the loss"]
        else:
            lines = [f"{len(self)} of {self.checked} parameters get no gradient from the loss:"]
            lines += [f"  {e['name']}: {e['reason']}" + (f" -- {e['detail']}" if e.get("detail") else "") for e in self]
        lines += [f"  note: {n}" for n in self.notes]
        return "\n".join(lines)


def _param_name(p, k):
    """A parameter's name for the report."""
    return getattr(p, "name", None) or f"parameters[{k}]"


def _own_reason(p):
    """The reason a parameter itself blocks its gradient, or None."""
    if isinstance(p, Parameter) and not p.trainable:
        return "trainable=False (ParamAttr(trainable=False) or param.trainable = False): it stops gradient"
    if p.stop_gradient:
        return "stop_gradient=True on the parameter itself"
    return None


def _leaves(loss):
    """ids of the leaf tensors backward from `loss` reaches through the recorded graph."""
    seen_nodes, leaves = set(), set()
    node = loss._node
    stack = [node] if node is not None else []
    while stack:
        n = stack.pop()
        if id(n) in seen_nodes:
            continue
        seen_nodes.add(id(n))
        for e in n.next:
            if e is None:
                continue
            if type(e) is tuple:
                stack.append(e[0])
            else:
                leaves.add(id(e))
    return leaves


def _tracer_for(loss):
    """The tracer that saw `loss` being made (open or the last closed), or None."""
    for tr in reversed(_ACTIVE):
        if id(loss) in tr.records:
            return tr
    tr = _LAST[0]
    return tr if tr is not None and id(loss) in tr.records else None


def _cut_reason(rec, t):
    """(reason, detail) when gradient cannot flow from a record's inputs into tensor t, else None."""
    where = f" at {rec.site}" if rec.site else ""
    if rec.cut == "detach":
        return "detach() cut the graph", f"x.detach(){where}"
    if not rec.grad_on:
        return "computed inside a no_grad region", f"op '{rec.op}' ran under paddle.no_grad(){where}"
    if not rec.differentiable:
        dtype = t._data.dtype.name if t is not None else "?"
        return ("an integer-valued or non-differentiable op",
                f"op '{rec.op}' outputs {dtype}, which carries no gradient{where}")
    if t is not None and t.stop_gradient and not rec.sg_at_birth:
        return ("stop_gradient=True was set on an intermediate tensor",
                f"the output of op '{rec.op}'{where}; every layer before it gets no gradient")
    return None


def _cut_points(tracer, loss, param):
    """None if the tracer sees no dataflow path from `param` to `loss`; [] if some path carries the
    gradient; else the cuts (reason, detail) that block every path, nearest to the parameter first."""
    consumers = {}
    for out_id, rec in tracer.records.items():
        for t in rec.inputs:
            consumers.setdefault(id(t), []).append(out_id)
    by_id = {id(t): t for t in tracer.keep}
    dist = {id(param): 0}
    order = [id(param)]
    for k in order:  # breadth first: distance from the parameter
        for o in consumers.get(k, ()):
            if o not in dist:
                dist[o] = dist[k] + 1
                order.append(o)
    if id(loss) not in dist:
        return None
    clean, stack = {id(param)}, [id(param)]
    while stack:  # the same walk, not crossing cuts
        k = stack.pop()
        for o in consumers.get(k, ()):
            if o not in clean and _cut_reason(tracer.records[o], by_id.get(o)) is None:
                clean.add(o)
                stack.append(o)
    if id(loss) in clean:
        return []
    upstream, stack = {id(loss)}, [id(loss)]
    while stack:  # what the loss depends on
        rec = tracer.records.get(stack.pop())
        for t in (rec.inputs if rec is not None else ()):
            if id(t) not in upstream:
                upstream.add(id(t))
                stack.append(id(t))
    cuts = []
    for k in sorted(set(dist) & upstream, key=dist.get):
        rec = tracer.records.get(k)
        reason = _cut_reason(rec, by_id.get(k)) if rec is not None else None
        if reason is not None and any(id(t) in clean for t in rec.inputs) and reason not in cuts:
            cuts.append(reason)
    return cuts


def _explain_eager(loss, params):
    """The report for an eager loss."""
    notes = []
    if loss.stop_gradient:
        notes.append("the loss has stop_gradient=True: it was computed under no_grad, or only from tensors that "
                     "stop gradient, so backward() reaches no parameter")
    reached = _leaves(loss) if not loss.stop_gradient else set()
    tracer = _tracer_for(loss)
    entries = []
    for k, p in enumerate(params):
        name = _param_name(p, k)
        own = _own_reason(p)
        if own is not None:
            entries.append({"name": name, "reason": own, "detail": ""})
            continue
        if tracer is None and id(p) in reached:
            continue
        if tracer is None:
            entries.append({"name": name, "reason": "not connected to the loss in the recorded graph",
                            "detail": "unused in the forward, or cut by stop_gradient=True on an intermediate, a "
                                      "no_grad region, detach() or an integer op; run the forward under "
                                      "paddle.autograd.trace_grad_flow() to see where"})
            continue
        cuts = _cut_points(tracer, loss, p)
        if cuts is None and id(p) in reached:
            continue  # linked by ops the tracer did not see (made before it opened): the graph says it flows
        if cuts is None:
            entries.append({"name": name, "reason": "unused in the forward: no op links it to the loss", "detail": ""})
        elif not cuts and id(p) in reached:
            continue
        elif cuts:
            entries.append({"name": name, "reason": cuts[0][0], "detail": "; ".join(c[1] for c in cuts)})
        else:
            entries.append({"name": name, "reason": "cut outside the traced ops (e.g. a .numpy() round trip)",
                            "detail": ""})
    for k, p in enumerate(params):
        lr = (getattr(p, "optimize_attr", None) or {}).get("learning_rate", 1.0)
        if lr == 0 and _own_reason(p) is None:
            notes.append(f"{_param_name(p, k)} has learning_rate=0: it gets a gradient but the optimizer never "
                         "changes it")
    return GradFlowReport(entries, len(params), notes)


def _explain_static(loss, params):
    """Static programs: walk the ops from the loss back; stop_gradient vars block what lies behind them."""
    block = loss.block
    producer = {}
    for op in block.ops:
        for ns in op.outputs.values():
            for n in ns:
                producer.setdefault(n, []).append(op)
    clear, blocked = set(), {}
    stack = [(loss.name, None)]
    seen = set()
    while stack:
        name, cut = stack.pop()
        if (name, cut) in seen:
            continue
        seen.add((name, cut))
        v = block._find_var_recursive(name) if hasattr(block, "_find_var_recursive") else block.vars.get(name)
        is_param = v is not None and getattr(v, "persistable", False) and name != loss.name
        if cut is None and v is not None and v.stop_gradient and not is_param and name != loss.name:
            cut = name
        if is_param:
            if cut is None:
                clear.add(name)
            else:
                blocked.setdefault(name, set()).add(cut)
        for op in producer.get(name, ()):
            if op._is_backward_op() or op._is_optimize_op():
                continue
            for ns in op.inputs.values():
                for n in ns:
                    stack.append((n, cut))
    entries = []
    for k, p in enumerate(params):
        pname = p if isinstance(p, str) else p.name
        pv = block.vars.get(pname)
        if pv is not None and (getattr(pv, "trainable", True) is False or pv.stop_gradient):
            entries.append({"name": pname, "reason": "trainable=False / stop_gradient=True on the parameter itself",
                            "detail": ""})
        elif pname in clear:
            continue
        elif pname in blocked:
            cuts = sorted(blocked[pname])
            entries.append({"name": pname, "reason": "stop_gradient=True on intermediate variable " +
                            ", ".join(repr(c) for c in cuts),
                            "detail": "append_backward puts it in no_grad_set, so every layer before it gets no "
                                      "gradient (and no @GRAD variable)"})
        else:
            entries.append({"name": pname, "reason": "unused in the forward: no op links it to the loss", "detail": ""})
    return GradFlowReport(entries, len(params))


def explain_no_grad(loss, parameters=None):
    """List each parameter that gets no gradient from `loss`, and why.

    Args:
        loss (Tensor|Variable): the scalar you call backward() on (or a static Program's loss Variable).
        parameters (list|None): the parameters to check (default: every trainable parameter reached
            by the tracer, or the static program's parameters).

    Returns:
        GradFlowReport: a list of {'name', 'reason', 'detail'}; print it for a readable explanation.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> fc1, fc2 = paddle.nn.Linear(2, 2), paddle.nn.Linear(2, 1)
            >>> fc1.weight.trainable = False
            >>> loss = fc2(fc1(paddle.ones([1, 2]))).sum()
            >>> print(paddle.autograd.explain_no_grad(loss, [fc1.weight, fc2.weight]))
            1 of 2 parameters get no gradient from the loss:
              linear_0.w_0: trainable=False (ParamAttr(trainable=False) or param.trainable = False): it stops gradient
    """
    from ..static.program import Variable
    if isinstance(loss, Variable):
        if parameters is None:
            parameters = loss.block.program.global_block().all_parameters()
        return _explain_static(loss, list(parameters))
    if not isinstance(loss, Tensor):
        raise TypeError(f"paddle.autograd.explain_no_grad: loss must be a Tensor or a static Variable, but received "
                        f"{type(loss).__name__}")
    if parameters is None:
        tracer = _tracer_for(loss)
        if tracer is None:
            raise ValueError("paddle.autograd.explain_no_grad: pass `parameters` (e.g. model.parameters()), or run "
                             "the forward under paddle.autograd.trace_grad_flow() so they can be found")
        seen, parameters = set(), []
        for t in tracer.keep:
            if isinstance(t, Parameter) and id(t) not in seen:
                seen.add(id(t))
                parameters.append(t)
    params = list(parameters)
    for k, p in enumerate(params):
        if not isinstance(p, Tensor):
            raise TypeError(f"paddle.autograd.explain_no_grad: parameters[{k}] must be a Tensor, but received "
                            f"{type(p).__name__}")
    return _explain_eager(loss, params)
