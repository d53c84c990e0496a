"""TranslatedLayer: a Layer running loaded inference programs (what paddle.jit.load returns)."""
import numpy as np

from .._core.dispatch import apply
from .._core.mode import in_dynamic_mode, no_grad
from .._core.op import OPS
from .._core.tensor import Parameter, Tensor
from ..nn.layer.layers import Layer
from ..static import builder as _builder
from ..static import name as _name
from ..static.input import InputSpec
from ..static import control_flow as _cf
from ..static.program import Block, VarType, _infer_outputs
from ..static.program import default_main_program as _default_main_program
from ..static.variable import JIT_TRACE as _JIT_TRACE
from ..static.variable import Variable
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
        if any(isinstance(v, list) and v and isinstance(v[0], Block) for v in op.attrs.values()):
            raise NotImplementedError(f"paddle.jit.save of a loaded TranslatedLayer holding the op '{op.type}' "
                                      "with a list of sub-blocks is not supported")
        if any(isinstance(v, Block) for v in op.attrs.values()):
            _replay_sub_block_op(op, env)
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


def _replay_sub_block_op(op, env):
    """Copy a control-flow op (conditional_block, while, ...) and its sub-blocks into the Program being built.

    The ops are copied by name rather than applied: a loop body or a branch writes variables of the enclosing
    block in place (the loop variables, a branch's results), which only their names say. Names the op reads
    from env map to its Variables; the others get fresh names from the program's generator, declared in the
    copy of the block that declares them; the op's outputs join env.
    """
    target = _default_main_program().current_block()
    names = {_cf.EMPTY_VAR_NAME: _cf.EMPTY_VAR_NAME}
    for n, v in env.items():
        v = _static_var(v, op)
        if v is not None:
            names[n] = v.name
    blocks = {op.block.idx: target}
    _copy_op(op, target, names, blocks)
    for n in op.output_arg_names:
        if n in names and n != _cf.EMPTY_VAR_NAME:
            env[n] = target._find_var_recursive(names[n])


def _static_var(v, op):
    """The Variable standing for env value v while a trace runs (eager tensors: the trace's persistables)."""
    if isinstance(v, Variable):
        return v
    if isinstance(v, Tensor):
        if _JIT_TRACE.active is None:
            raise NotImplementedError(f"a loaded '{op.type}' op can be appended to a Program only while "
                                      "paddle.jit traces (paddle.jit.save / to_static)")
        return _JIT_TRACE.active.var(v)
    return None


def _copy_op(op, block, names, blocks):
    attrs = {k: (_copy_block(v, block, names, blocks) if isinstance(v, Block) else v) for k, v in op.attrs.items()}
    src = op.block
    ins = {s: [_copied_name(n, src, names, blocks) for n in ns] for s, ns in op.inputs.items()}
    outs = {s: [_copied_name(n, src, names, blocks) for n in ns] for s, ns in op.outputs.items()}
    block.append_op(type=op.type, inputs=ins, outputs=outs, attrs=attrs)


def _copy_block(src, parent, names, blocks):
    program = parent.program
    b = Block(program, len(program.blocks), parent.idx)
    program.blocks.append(b)
    program._version += 1
    blocks[src.idx] = b
    for op in src.ops:
        _copy_op(op, b, names, blocks)
    return b


def _copied_name(n, src, names, blocks):
    new = names.get(n)
    if new is not None:
        return new
    v = src._find_var_recursive(n)
    if v is None:
        raise ValueError(f"the loaded program reads the variable '{n}', which no block declares")
    home = blocks.get(v.block.idx) or blocks[src.idx]
    new = names[n] = home.program._name_generator.generate("translated_layer/" + n)
    if v.type in (VarType.STEP_SCOPES, VarType.RAW):
        home.create_var(name=new, type=v.type)
    else:
        home.create_var(name=new, shape=list(v.shape), dtype=v.dtype, type=v.type, stop_gradient=v.stop_gradient)
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
                outs = run(holder.runner(False), xs, params)
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
