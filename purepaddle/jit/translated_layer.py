"""TranslatedLayer: a Layer running loaded inference programs (what paddle.jit.load returns)."""
import numpy as np

from .._core.dispatch import apply
from .._core.mode import in_dynamic_mode, no_grad
from .._core.op import OPS
from .._core.tensor import Parameter, Tensor
from ..inference.passes import optimize
from ..nn.layer.layers import Layer
from ..static import builder as _builder
from ..static import name as _name
from ..static.input import InputSpec
from ..static.program import Block, VarType, _infer_outputs, default_main_program
from ..static.variable import JIT_TRACE, Variable
from .partial_program import PartialProgram, run

__all__ = ["TranslatedLayer"]

_SCALE_ATTRS = {"scale": 1.0, "bias": 0.0, "bias_after_scale": True}


def rename_vars(program, mapping):
    """Rename variables (old -> new) in every block of program: vars and op arguments."""
    for block in program.blocks:
        for old, new in mapping.items():
            if old in block.vars:
                block._rename_var(old, new)
            else:
                for op in block.ops:
                    for names in list(op.inputs.values()) + list(op.outputs.values()):
                        for i, n in enumerate(names):
                            if n == old:
                                names[i] = new
    program._version += 1


def unique_names(old_names, taken):
    """{old: new}: a fresh name per persistable (`linear_0.w_0` -> `linear_0.w_1`), as Paddle's jit.load renames.

    Names come from the global name generator with the trailing `_N` stripped, skipping names in `taken`.
    """
    out = {}
    for old in old_names:
        head, _, tail = old.rpartition("_")
        key = head if head and tail.isdigit() else old
        new = _name.generate(key)
        while new in taken:
            new = _name.generate(key)
        out[old] = new
    return out


def _complete_outputs(block, op):
    """Give op a var for each output slot the inference file left out (BatchNorm's ReserveSpace):
    training needs every output of an op, as Paddle's TranslatedLayer adds them back."""
    cls = OPS.get(op.type)
    if cls is None:
        return
    added = False
    for slot in cls.outputs:
        if slot not in cls.duplicable and not op.outputs.get(slot):
            name = block.program._name_generator.generate_with_ignorable_key(f"{op.type}_{slot}.tmp")
            block.create_var(name=name, stop_gradient=True)
            op.outputs[slot] = [name]
            added = True
    if added:
        _infer_outputs(block, op)


class _ProgramHolder:
    """One loaded method: its inference program without feed/fetch ops, and the runnable programs."""

    def __init__(self, program):
        block = program.global_block()
        feeds, fetches, drop, alias = [], [], [], {}
        for i, op in enumerate(block.ops):
            if op.type == "feed":
                feeds.append((op.attr("col"), op.output("Out")[0]))
                drop.append(i)
            elif op.type == "fetch":
                fetches.append((op.attr("col"), op.input("X")[0]))
                drop.append(i)
            elif op.type == "scale" and op.output("Out")[0].startswith("save_infer_model/scale_"):
                # older models end each output with a scale-by-1 that the fetch reads: fetch its input
                alias[op.output("Out")[0]] = op.input("X")[0]
                drop.append(i)
        fetches = [(col, alias.get(n, n)) for col, n in fetches]
        for i in reversed(drop):
            block._remove_op(i)
        for n in ("feed", "fetch", *alias):
            block.vars.pop(n, None)
        self.input_names = [n for _, n in sorted(feeds, key=lambda t: t[0])]
        outs = [n for _, n in sorted(fetches, key=lambda t: t[0])]
        # each output gets its own scale-by-1 var, as Paddle's TranslatedLayer does: two outputs of one
        # var (or an output that is also an input) then still get gradients of their own
        if not any(block.var(n).dtype.name == "bool" for n in outs):
            scaled = []
            for i, n in enumerate(outs):
                v = block.var(n)
                new = f"translated_layer/scale_{i}.tmp_0"
                block.create_var(name=new, shape=v.shape, dtype=v.dtype, stop_gradient=v.stop_gradient)
                _builder.append_simple(block, "scale", {"X": [n]}, {"Out": [new]}, dict(_SCALE_ATTRS))
                scaled.append(new)
            outs = scaled
        self.output_names = outs
        self.program = program
        self.persistable_names = sorted(v.name for v in program.list_vars()
                                        if v.persistable and v.type not in (VarType.FEED_MINIBATCH,
                                                                             VarType.FETCH_LIST))
        self._infer = None
        self._train = None
        self._fused = None  # (parameter key, PartialProgram, parameter Tensors) of the optimised eval form

    def fused_runner(self, params):
        """(PartialProgram, parameter Tensors) for eval: the inference program after the predictor's IR
        passes (batch_norm folded into conv/matmul weights, conv + bias + relu fused, ...), with folded
        weights computed from the current `params`; rebuilt when any of them changes (its array or its
        inplace version), so a fine-tuned or reloaded layer never runs stale folded weights."""
        key = tuple((id(t._data), t._version) for t in params)
        if self._fused is not None and self._fused[0] == key:
            return self._fused[1:]
        if len(self.program.blocks) > 1:  # control flow: the passes rewrite block 0 only
            self._fused = (key, self.runner(False), list(params))
            return self._fused[1:]
        given = dict(zip(self.persistable_names, params))
        prog, arrays, _ = optimize(self.program, {n: t._data for n, t in given.items()}, self.input_names,
                                   self.output_names)
        block = prog.global_block()
        names = sorted(n for n in arrays if n in block.vars)
        tensors = [given[n] if n in given and given[n]._data is arrays[n] else Tensor(arrays[n]) for n in names]
        self._fused = (key, PartialProgram(prog, self.input_names, names, self.output_names), tensors)
        return self._fused[1:]

    def runner(self, training):
        """The PartialProgram for eval (the loaded is_test program) or train (is_test off)."""
        if training:
            if self._train is None:
                prog = self.program.clone()
                for b in prog.blocks:
                    for op in b.ops:
                        if "is_test" in op.attrs:
                            op.attrs["is_test"] = False
                        _complete_outputs(b, op)
                self._train = PartialProgram(prog, self.input_names, self.persistable_names, self.output_names)
            return self._train
        if self._infer is None:
            self._infer = PartialProgram(self.program, self.input_names, self.persistable_names, self.output_names)
        return self._infer

    def spec(self, names):
        """InputSpecs (shape, dtype, name) of the vars `names`."""
        block = self.program.global_block()
        return [InputSpec(block.var(n).shape, block.var(n).dtype, n) for n in names]


def _replay(holder, inputs, params):
    """Append the holder's inference ops to the Program being built, on `inputs`; returns its outputs.

    Each op goes through dispatch.apply, so it lands in the current block like any other op (and
    the loaded parameters are read as the persistable vars of the trace that holds them).
    """
    out = _replay_block(holder.program.global_block(), dict(zip(holder.input_names, inputs)), params)
    outs = [out[n] for n in holder.output_names]
    return outs[0] if len(outs) == 1 else outs


def _replay_block(block, env, params):
    """Apply block's ops in order on env (name -> Variable/Tensor, parameters included); returns env."""
    env = {**params, **env}
    for op in block.ops:
        if any(isinstance(v, Block) or (isinstance(v, list) and v and isinstance(v[0], Block))
               for v in op.attrs.values()):
            _ControlFlowCopy(block.program, env).op(op, default_main_program().current_block())
            continue
        cls = OPS.get(op.type)
        if cls is None:
            raise NotImplementedError(f"(Unimplemented) Operator ({op.type}) is not registered in purepaddle")
        args = []
        for slot in cls.inputs:
            names = op.inputs.get(slot, [])
            if slot in cls.duplicable:
                args.append([env[n] for n in names])
            else:
                args.append(env[names[0]] if names else None)
        res = apply(cls, *args, **dict(op.attrs))
        res = res if cls._multi else (res,)
        for slot, val in zip(cls.outputs, res):
            vals = val if slot in cls.duplicable else [val]
            for n, v in zip(op.outputs.get(slot, []), vals):
                env[n] = v
    return env


class _ControlFlowCopy:
    """Copies a loaded control-flow op (conditional_block, while, ...) and its sub-blocks into the Program
    being traced, as they are: its ops write their outer vars in place (a while body assigns the loop
    vars), which op-by-op replay through apply (fresh output names) would break. Names are mapped: the
    outer vars the op and its sub-blocks read or write to the replayed Variables in `env` (the loaded
    parameters to the trace's persistable vars), their own vars to fresh names of the new Program."""

    def __init__(self, src_program, env):
        self.src = src_program
        self.env = env
        self.capture = JIT_TRACE.active
        if self.capture is None:
            raise NotImplementedError("a loaded TranslatedLayer holding control-flow ops can be called in static "
                                      "mode only while paddle.jit traces it (jit.save of the loaded layer)")

    def _fresh(self, program, name):
        """name, or name_k: the first no block of program has (the executor's environment is flat)."""
        taken = set().union(*(b.vars for b in program.blocks))
        new, k = name, 0
        while new in taken:
            new, k = f"{name}_{k}", k + 1
        return new

    def _new_var(self, block, old, name):
        """A var of block shaped and typed like the loaded var `old`, under a fresh name."""
        fresh = self._fresh(block.program, name)
        if old is None:
            return block.create_var(name=fresh)
        if old.type in (VarType.STEP_SCOPES, VarType.RAW):
            return block.create_var(name=fresh, type=old.type)
        return block.create_var(name=fresh, shape=list(old.shape), dtype=old.dtype, type=old.type,
                                stop_gradient=old.stop_gradient)

    def outer(self, name, block, src_block):
        """The new name of a var that lives outside the blocks being copied (made in `block` when new)."""
        v = self.env.get(name)
        if v is None:
            v = self.env[name] = self._new_var(block, src_block._find_var_recursive(name), name)
        elif isinstance(v, Tensor):
            v = self.capture.var(v)  # a loaded parameter: the trace's persistable var
        return v.name

    def op(self, op, block, local=None):
        """Copy op into block; `local` maps the names of vars of the sub-blocks being copied."""
        local = local or {}

        def name(n):
            return local[n] if n in local else self.outer(n, block if not local else self.top, op.block)

        if not local:
            self.top = block
        attrs = {}
        for k, v in op.attrs.items():
            if isinstance(v, Block):
                v = self.block(v, block, local)
            elif isinstance(v, list) and v and isinstance(v[0], Block):
                v = [self.block(b, block, local) for b in v]
            attrs[k] = v
        ins = {slot: [name(n) for n in names] for slot, names in op.inputs.items()}
        outs = {slot: [name(n) for n in names] for slot, names in op.outputs.items()}
        _builder.append_simple(block, op.type, ins, outs, attrs, dict(getattr(op, "_fw", {})))

    def block(self, src, parent, local):
        """A copy of the loaded sub-block src as a new block under parent."""
        program = parent.program
        new = program._create_block(parent.idx)
        try:
            local = dict(local)
            for n, v in src.vars.items():
                local[n] = self._new_var(new, v, n).name
            for op in src.ops:
                self.op(op, new, local)
        finally:
            program.current_block_idx = parent.idx
        return new


class TranslatedLayer(Layer):
    """A Layer loaded by paddle.jit.load: runs the saved programs, eager Tensors in and out.

    Its parameters are the saved persistables (registered as `param_0`, ... and `buffer_0`, ...,
    named `linear_0.w_1`-style fresh names). In eval() mode (the default after loading) it runs
    the inference program without recording gradients; in train() mode it runs the training form
    (is_test off: dropout on, batch statistics) and gradients reach its parameters and inputs, so
    it can be fine-tuned with any optimizer.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> path = os.path.join(tempfile.mkdtemp(), 'linear')
            >>> spec = [paddle.static.InputSpec([None, 4], 'float32', 'x')]
            >>> paddle.jit.save(paddle.nn.Linear(4, 2), path, input_spec=spec)
            >>> loaded = paddle.jit.load(path)
            >>> loaded(paddle.ones([3, 4])).shape
            paddle.Size([3, 2])
    """

    def __init__(self, programs, persistable_vars):
        super().__init__()
        if not isinstance(programs, dict):
            raise TypeError("TranslatedLayer need to use _ProgramHolder's dict for initialization.")
        if not isinstance(persistable_vars, dict):
            raise TypeError("TranslatedLayer need to use persistable variable dict for initialization.")
        self.__dict__["_program_holder_dict"] = programs
        self.__dict__["_persistable_var_name_dict"] = {}
        n_param = n_buf = 0
        for name, var in persistable_vars.items():
            if isinstance(var, Parameter):
                dy_name, n_param = f"param_{n_param}", n_param + 1
                self.add_parameter(dy_name, var)
            elif isinstance(var, Tensor):
                dy_name, n_buf = f"buffer_{n_buf}", n_buf + 1
                self.register_buffer(dy_name, var)
            else:
                raise TypeError("Adding persistent variable which  to layer is not supported now")
            self._persistable_var_name_dict[name] = dy_name
        self.__dict__["_input_args_names"] = None
        for method in programs:
            if method != "forward":
                self.__dict__[method] = self._method(method)

    def _method(self, method):
        """A callable running another saved method (`path.<method>.pdmodel`)."""
        def call(*inputs):
            return self._run(method, inputs)
        call.__name__ = method
        return call

    def forward(self, *inputs):
        """Run the saved forward program on inputs (Tensors or ndarrays, one per saved input)."""
        return self._run("forward", inputs)

    def _holder(self, method):
        """The _ProgramHolder of `method` (ValueError when the model has no such method)."""
        holder = self._program_holder_dict.get(method)
        if holder is None:
            raise ValueError(f"The method `{method}` does not exist in loaded TranslatedLayer.")
        return holder

    def _run(self, method, inputs):
        """Run `method`'s program on inputs: inference form in eval mode, training form otherwise."""
        holder = self._holder(method)
        if len(inputs) != len(holder.input_names):
            raise ValueError(f"The TranslatedLayer's {method} takes {len(holder.input_names)} inputs "
                             f"({holder.input_names}), but received {len(inputs)}.")
        xs = []
        for v in inputs:
            if not in_dynamic_mode() and isinstance(v, Variable):
                xs.append(v)
                continue
            if isinstance(v, np.ndarray):
                v = Tensor(v)
            elif not isinstance(v, Tensor):
                raise TypeError(f"The type of input in TranslatedLayer must be numpy array or Variable(Tensor), "
                                f"but received {type(v)}.")
            xs.append(v)
        if self._input_args_names is None:
            self._input_args_names = list(holder.input_names)
        params = [self._persistable(n) for n in holder.persistable_names]
        if not in_dynamic_mode():  # building a Program (jit.save of a loaded layer): append the saved ops to it
            return _replay(holder, xs, dict(zip(holder.persistable_names, params)))
        if self._is_test:
            with no_grad():
                program, fused_params = holder.fused_runner(params)
                outs = run(program, xs, fused_params)
        else:
            outs = run(holder.runner(True), xs, params)
        return outs[0] if len(outs) == 1 else outs

    def _persistable(self, name):
        """The parameter or buffer holding loaded persistable `name`."""
        dy = self._persistable_var_name_dict.get(name)
        t = self._parameters.get(dy) if dy is not None else None
        if t is None and dy is not None:
            t = self._buffers.get(dy)
        if t is None:
            raise ValueError(f"The persistable variable {name} does not exist in current TranslatedLayer.")
        return t

    @property
    def _is_test(self):
        """Whether the inference form runs: follows `training`, also when a parent layer sets it."""
        return not self.training

    def train(self, mode=True):
        """Training mode: is_test off (dropout on, batch statistics), gradients recorded."""
        self.training = mode
        return self

    def eval(self):
        """Inference mode (the default after loading): the saved program as is, no gradients."""
        return self.train(False)

    def program(self, method_name="forward"):
        """The loaded Program of `method_name` (feed/fetch removed, persistables under their new names)."""
        return self._holder(method_name).program

    def _input_spec(self, method_name="forward"):
        """InputSpecs of the saved inputs of `method_name`."""
        holder = self._holder(method_name)
        return holder.spec(holder.input_names)

    def _output_spec(self, method_name="forward"):
        """InputSpecs describing the outputs of `method_name`."""
        holder = self._holder(method_name)
        return holder.spec(holder.output_names)
