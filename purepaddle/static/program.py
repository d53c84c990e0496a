"""Program and Block: the legacy ProgramDesc IR, in Python (Operator lives in operator.py), and Program.desc."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Iterator

import contextlib
import copy
import warnings

from .._core import hooks
from .._core.mode import STATE
from .._core.op import OPS
from . import name as _name
from .proto_text import PROGRAM_VERSION, block_text, program_text
from .scope import global_scope
from .variable import GRAD_SUFFIX, Parameter, Variable, VarType, grad_var_name, is_optimizer_state  # noqa: F401

__all__ = ["Program", "Block", "Variable", "Parameter", "Operator", "OpDesc", "VarType", "program_guard",
           "default_main_program", "default_startup_program", "switch_main_program", "switch_startup_program",
           "grad_var_name"]

from .operator import (FRAMEWORK_ATTRS, OP_ROLE_BACKWARD, OP_ROLE_FORWARD, OP_ROLE_LOSS,  # noqa: F401
                       OP_ROLE_LRSCHED, OP_ROLE_OPTIMIZE, OpDesc, Operator)

_TRAIN_ONLY_ROLES = OP_ROLE_BACKWARD | OP_ROLE_OPTIMIZE  # what clone(for_test=True) drops

PROGRAM_CODEC = hooks.declare(
    "program_codec", "Program.desc.serialize_to_string / Program.parse_from_string: a (to_bytes(program) -> bytes, "
    "from_bytes(data) -> Program) pair; installed by static/program_bytes.py, which builds on Program")


class Block:
    """An ordered list of ops and the variables they use (block 0 is the global block)."""

    def __init__(self, program, idx, parent_idx=-1):
        self.program = program
        self.idx = idx
        self.parent_idx = parent_idx
        self.forward_block_idx = -1
        self.backward_block_idx = -1
        self.vars = {}
        self.ops = []

    # -- variables -----------------------------------------------------------------------
    def var(self, name):
        """The Variable called `name` in this block (ValueError when absent)."""
        if not isinstance(name, str):
            raise TypeError(f"var require string as parameter, but get {type(name)} instead.")
        v = self.vars.get(name)
        if v is None:
            raise ValueError(f"var {name} not in this block")
        return v

    def has_var(self, name):
        return name in self.vars

    def _find_var_recursive(self, name):
        blk = self
        while True:
            v = blk.vars.get(name)
            if v is not None:
                return v
            if blk.parent_idx < 0:
                return None
            blk = self.program.blocks[blk.parent_idx]

    def _var_recursive(self, name):
        v = self._find_var_recursive(name)
        if v is None:
            raise ValueError(f"Var {name} is not found recursively")
        return v

    def create_var(self, *args, **kwargs):
        """A new Variable in this block (Variable's keyword arguments)."""
        return Variable(self, *args, **kwargs)

    def _clone_variable(self, var, force_persistable=True):
        """A variable of this block named, shaped and typed like `var` (persistable unless told not to)."""
        persistable = True if force_persistable else var.persistable
        if var.type in (VarType.STEP_SCOPES, VarType.RAW):
            return self.create_var(name=var.name, persistable=var.persistable, type=var.type)
        return self.create_var(name=var.name, shape=list(var.shape), dtype=var.dtype, type=var.type,
                               lod_level=var.lod_level, persistable=persistable, is_data=var.is_data,
                               need_check_feed=var.need_check_feed)

    def create_parameter(self, *args, **kwargs):
        """A new Parameter in this block; `initializer(param, block)` appends its init op here unless the global
        block already has one (a parameter shared by name, such as param_attr='shared_w' given to several layers,
        is initialised once, as in Paddle; two init ops are an error)."""
        init = kwargs.pop("initializer", None)
        p = Parameter(self, *args, **kwargs)
        if init is not None:
            # communication ops also write parameters in a startup program; they are no initialisers
            inits = [op.type for op in self.program.global_block().ops if p.name in op.output_arg_names
                     and op.type not in ("c_broadcast", "c_sync_comm_stream", "coalesce_tensor")]
            if len(inits) > 1:
                raise RuntimeError(f"param {p.name} is inited by multiple init ops {inits}")
            if not inits:
                init(p, self)
        return p

    def all_parameters(self):
        return [v for v in self.vars.values() if isinstance(v, Parameter)]

    def iter_parameters(self):
        return (v for v in self.vars.values() if isinstance(v, Parameter))

    def _remove_var(self, name):
        self.vars.pop(name, None)
        self.program._version += 1

    def _rename_var(self, name, new_name, start=0):
        """Rename variable `name` in this block and in its ops (from op index `start` on)."""
        v = self.vars.pop(name, None)
        if v is None:
            raise ValueError(f"var {name} is not in current block")
        object.__setattr__(v, "_name", new_name)
        self.vars[new_name] = v
        for op in self.ops[start:]:
            for names in op.inputs.values():
                for i, n in enumerate(names):
                    if n == name:
                        names[i] = new_name
            for names in op.outputs.values():
                for i, n in enumerate(names):
                    if n == name:
                        names[i] = new_name
        self.program._version += 1
        return v

    # -- ops -----------------------------------------------------------------------------
    def append_op(self, type=None, inputs=None, outputs=None, attrs=None, **kwargs):
        """Append an op; inputs/outputs map slot -> Variable(s) or name(s).

        Output variables whose shape is still unknown get it from the op's shape inference.
        """
        op = self._make_op(type, inputs, outputs, attrs)
        self.ops.append(op)
        self.program._version += 1
        return op

    def _insert_op(self, index, type=None, inputs=None, outputs=None, attrs=None, **kwargs):
        op = self._make_op(type, inputs, outputs, attrs)
        self.ops.insert(index, op)
        self.program._version += 1
        return op

    def _prepend_op(self, type=None, inputs=None, outputs=None, attrs=None, **kwargs):
        return self._insert_op(0, type, inputs, outputs, attrs)

    def _remove_op(self, index, sync=True):
        del self.ops[index]
        self.program._version += 1

    def _make_op(self, type, inputs, outputs, attrs):
        ins = {s: self._names(v) for s, v in (inputs or {}).items()}
        outs = {s: self._names(v) for s, v in (outputs or {}).items()}
        attrs = dict(attrs or {})
        fw = None
        if any(k in FRAMEWORK_ATTRS for k in attrs):
            fw = {"op_device": "", "op_namescope": _name.current_namescope(), "op_role": self.program._op_role,
                  "op_role_var": [], "with_quant_attr": False}
            for k in FRAMEWORK_ATTRS:
                if k in attrs:
                    fw[k] = attrs.pop(k)
        op = Operator(self, type, ins, outs, attrs, fw)
        _infer_outputs(self, op)
        in_vars = [self._find_var_recursive(n) for names in ins.values() for n in names]
        if in_vars and all(v is not None and v.stop_gradient for v in in_vars):
            for names in outs.values():  # as Paddle: outputs of ops on stop-gradient inputs stop too
                for n in names:
                    v = self.vars.get(n)
                    if v is not None:
                        v.stop_gradient = True
        return op

    def _names(self, v):
        if v is None:
            return []
        if isinstance(v, (list, tuple)):
            return [x if isinstance(x, str) else x.name for x in v]
        return [v if isinstance(v, str) else v.name]

    # -- printing ------------------------------------------------------------------------
    def _to_readable_code(self, skip_op_callstack=True):
        s = (f"{{ // block_idx:{self.idx}  parent_idx:{self.parent_idx}  forward_idx:{self.forward_block_idx}"
             f"  backward_idx:{self.backward_block_idx}\n")
        for v in list(self.vars.values()):
            s += f"    {v._to_readable_code()}\n"
        s += "\n"
        for op in self.ops:
            s += f"    {op._to_readable_code(skip_op_callstack)}\n"
        return s + "}"

    def __str__(self):
        return self._to_readable_code()

    __repr__ = __str__

    def to_string(self, throw_on_error, with_details=False):
        """The protobuf-text description of this block."""
        return block_text(self, 0, with_details)


def _infer_outputs(block, op):
    """Fill unknown shapes/dtypes of an appended op's outputs from its shape inference."""
    outs = [block.vars.get(n) for names in op.outputs.values() for n in names]
    if not any(v is not None and v._shape is None for v in outs):
        return
    cls = OPS.get(op.type)
    if cls is None:
        return
    metas = []
    for slot in cls.inputs:
        names = op.inputs.get(slot, [])
        vs = [block._find_var_recursive(n) for n in names]
        metas.append(vs if slot in cls.duplicable else (vs[0] if vs else None))
    res = cls(op.attrs).infer_meta(*metas)
    res = res if cls._multi else (res,)
    for slot, m in zip(cls.outputs, res):
        names = op.outputs.get(slot, [])
        ms = m if isinstance(m, list) else [m]
        for n, meta in zip(names, ms):
            v = block.vars.get(n)
            if v is not None and meta is not None and v._shape is None:
                v._shape = list(meta.shape)
                if v._dtype is None:
                    v._dtype = meta.dtype


class Program:
    """A graph to run later: blocks of ops and variables, plus a per-program name generator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> main = paddle.static.Program()
            >>> with paddle.static.program_guard(main):
            ...     x = paddle.static.data('x', [2])
            ...     y = x + x
            >>> [op.type for op in main.global_block().ops]
            ['elementwise_add']
            >>> paddle.disable_static()
    """

    def __init__(self) -> None:
        self.blocks = [Block(self, 0)]
        self.current_block_idx = 0
        self._seed = 0
        self._name_generator = _name.UniqueNameGenerator()
        self._version = 0
        self._op_role = OP_ROLE_FORWARD
        self._appending_grad_times = 0
        self._is_start_up_program_ = False
        self._grad_var_to_var = {}

    def global_block(self):
        return self.blocks[0]

    def block(self, index):
        return self.blocks[index]

    def current_block(self):
        return self.blocks[self.current_block_idx]

    @property
    def num_blocks(self):
        return len(self.blocks)

    def _create_block(self, parent_idx=None):
        parent = self.current_block_idx if parent_idx is None else parent_idx
        b = Block(self, len(self.blocks), parent)
        self.blocks.append(b)
        self.current_block_idx = b.idx
        self._version += 1
        return b

    def _rollback(self):
        self.current_block_idx = self.current_block().parent_idx

    def list_vars(self):
        """Iterate over every variable of every block."""
        for b in self.blocks:
            yield from b.vars.values()

    def all_parameters(self):
        return [p for b in self.blocks for p in b.all_parameters()]

    @property
    def random_seed(self):
        return self._seed

    @random_seed.setter
    def random_seed(self, seed):
        if not isinstance(seed, int):
            raise ValueError(f"Program.random_seed's input seed must be an integer, but received {type(seed)}.")
        self._seed = seed

    def global_seed(self, seed=0):
        self._seed = seed

    def _sync_with_cpp(self):
        pass

    @contextlib.contextmanager
    def _backward_role_guard(self):
        prev = self._op_role
        self._op_role = OP_ROLE_BACKWARD
        try:
            yield
        finally:
            self._op_role = prev

    @contextlib.contextmanager
    def _optimized_guard(self, param_and_grads=None):
        prev = self._op_role
        self._op_role = OP_ROLE_OPTIMIZE
        try:
            yield
        finally:
            self._op_role = prev

    @contextlib.contextmanager
    def _lr_schedule_guard(self, is_with_opt=False):
        """Ops appended inside compute the learning rate (Paddle's LRSched op role)."""
        prev = self._op_role
        self._op_role = OP_ROLE_LRSCHED | (OP_ROLE_OPTIMIZE if is_with_opt else 0)
        try:
            yield
        finally:
            self._op_role = prev

    @property
    def desc(self):
        """The ProgramDesc view of this program (serialize_to_string() gives its bytes)."""
        return ProgramDescView(self)

    @staticmethod
    def parse_from_string(binary_str):
        """The Program held by a serialized ProgramDesc (Program.desc.serialize_to_string())."""
        return PROGRAM_CODEC.active[1](binary_str)

    def clone(self, for_test=False):
        """A deep copy of the program.

        for_test=True gives the inference program: backward and optimizer ops (and the gradient
        blocks of control flow) are dropped, variables only they used go with them, and every op
        with an `is_test` attribute (dropout, batch_norm, ...) switches to inference.
        """
        keep = [b for b in self.blocks if not (for_test and b.forward_block_idx != -1)]
        new_idx = {b.idx: i for i, b in enumerate(keep)}
        p = Program()
        p._seed = self._seed
        p._name_generator = self._name_generator.clone()
        p._appending_grad_times = self._appending_grad_times
        p._grad_var_to_var = dict(self._grad_var_to_var)
        p.current_block_idx = new_idx.get(self.current_block_idx, 0)
        p.blocks = [Block(p, i, new_idx.get(b.parent_idx, -1)) for i, b in enumerate(keep)]
        for b, nb in zip(keep, p.blocks):
            if not for_test:
                nb.forward_block_idx, nb.backward_block_idx = b.forward_block_idx, b.backward_block_idx
            ops = [op for op in b.ops if not (for_test and int(op._fw.get("op_role", 0)) & _TRAIN_ONLY_ROLES)]
            used = None
            if for_test:
                used = set()
                for op in ops:
                    used.update(op.input_arg_names)
                    used.update(op.output_arg_names)
            for name, v in b.vars.items():
                if used is not None and name not in used and not v.is_data and not v.is_parameter:
                    continue
                nv = copy.copy(v)
                nv.block = nb
                nv.__dict__.update(copy.deepcopy(v.__dict__))
                nb.vars[name] = nv
            for op in ops:
                attrs = {k: _clone_attr(a, p, new_idx) for k, a in op.attrs.items()}
                if for_test and "is_test" in attrs:
                    attrs["is_test"] = True
                nb.ops.append(Operator(nb, op.type, {k: list(v) for k, v in op.inputs.items()},
                                       {k: list(v) for k, v in op.outputs.items()}, attrs, copy.deepcopy(op._fw)))
        return p

    def state_dict(self, mode="all", scope=None):
        """{name: DenseTensor} of the parameters ('param'), optimizer state ('opt') or both ('all') in scope.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> paddle.enable_static()
                >>> x = paddle.static.data(name="x", shape=[10, 10], dtype='float32')
                >>> y = paddle.static.nn.fc(x, 10)
                >>> exe = paddle.static.Executor(paddle.CPUPlace())
                >>> _ = exe.run(paddle.static.default_startup_program())
                >>> sorted(paddle.static.default_main_program().state_dict('param'))
                ['fc_0.b_0', 'fc_0.w_0']
                >>> paddle.disable_static()
        """
        if mode not in ("param", "opt", "all"):
            raise ValueError(f"`mode` string should be 'param', 'opt' or 'all', but received {mode}.")
        scope = scope if scope is not None else global_scope()
        out = {}
        for var in self.list_vars():
            param, opt = isinstance(var, Parameter), is_optimizer_state(var)
            if not (param if mode == "param" else opt if mode == "opt" else param or opt):
                continue
            held = scope.find_var(var.name)
            if held is None:
                raise ValueError(f"Can not find Variable '{var.name}' in the scope. Make sure it is initialized")
            out[var.name] = held.get_tensor()
        return out

    def set_state_dict(self, state_dict, scope=None):
        """Write `state_dict`'s values into this program's variables in scope (unknown names warn)."""
        if not isinstance(state_dict, dict):
            raise TypeError(f"Type of `state_dict` should be dict, but received {type(state_dict)}.")
        by_name = {v.name: v for v in self.list_vars()}
        structured = state_dict.get("StructuredToParameterName@@")
        for name, value in state_dict.items():
            if structured is not None:
                if name == "StructuredToParameterName@@":
                    continue
                name = structured.get(name, name)
            var = by_name.get(name)
            if not isinstance(var, Variable):
                warnings.warn(f"Skip loading for '{name}'. Because '{name}' not in the program.")
                continue
            try:
                var.set_value(value, scope)
            except (ValueError, TypeError) as err:
                warnings.warn(f"Skip loading for '{name}'. " + str(err))

    def _to_readable_code(self, skip_op_callstack=True):
        return "".join(b._to_readable_code(skip_op_callstack) + "\n" for b in self.blocks)

    def __str__(self):
        return self._to_readable_code()

    __repr__ = __str__

    def to_string(self, throw_on_error, with_details=False):
        """The protobuf-text description of the program (with_details adds Python attributes)."""
        if not isinstance(throw_on_error, bool):
            raise AssertionError(f"The type of throw_on_error parameter is wrong, expected bool, "
                                 f"but received {type(throw_on_error)}.")
        return program_text(self, with_details)


class ProgramDescView:
    """What Paddle's C++ ProgramDesc offers a Python caller, computed from the Program.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> prog = paddle.static.Program()
            >>> with paddle.static.program_guard(prog):
            ...     x = paddle.static.data(name='X', shape=[2, 3], dtype='float32')
            ...     y = x * 2
            >>> restored = paddle.static.Program.parse_from_string(prog.desc.serialize_to_string())
            >>> [op.type for op in restored.global_block().ops]
            ['scale']
            >>> paddle.disable_static()
    """

    __slots__ = ("_program",)

    def __init__(self, program):
        self._program = program

    def serialize_to_string(self):
        """The program as serialized ProgramDesc bytes (a `.pdmodel` file's content)."""
        return PROGRAM_CODEC.active[0](self._program)

    def num_blocks(self):
        return len(self._program.blocks)

    def _version(self):
        return PROGRAM_VERSION

    def flush(self):
        """Nothing to sync: the Program is the only copy."""


def _clone_attr(a, program, new_idx):
    """An op attr for a clone: Blocks (alone or in a list) map to the clone's blocks, the rest is copied."""
    if isinstance(a, Block):
        return program.blocks[new_idx[a.idx]]
    if isinstance(a, list) and a and all(isinstance(b, Block) for b in a):
        return [program.blocks[new_idx[b.idx]] for b in a if b.idx in new_idx]
    return copy.deepcopy(a)


# -- default programs and program_guard ----------------------------------------------------
_DEFAULT = [Program(), Program()]  # main, startup
_DEFAULT[1]._is_start_up_program_ = True


def default_main_program() -> Program:
    """The Program that static-mode ops are appended to (the innermost program_guard's main).

    Returns:
        Program: the current main program.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> main = paddle.static.Program()
            >>> with paddle.static.program_guard(main):
            ...     print(paddle.static.default_main_program() is main)
            True
            >>> paddle.disable_static()
    """
    stack = STATE.program_stack
    return stack[-1][0] if stack else _DEFAULT[0]


def default_startup_program() -> Program:
    """The Program holding the parameter initialisers (the innermost program_guard's startup).

    Returns:
        Program: the current startup program (it runs the initializers of parameters).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> main, startup = paddle.static.Program(), paddle.static.Program()
            >>> with paddle.static.program_guard(main, startup):
            ...     w = paddle.static.create_parameter([2], 'float32', name='w')
            ...     print([op.type for op in paddle.static.default_startup_program().global_block().ops])
            ['uniform_random']
            >>> paddle.disable_static()
    """
    stack = STATE.program_stack
    return stack[-1][1] if stack else _DEFAULT[1]


def switch_main_program(program):
    """Make `program` the default main program; returns the previous one."""
    stack = STATE.program_stack
    if stack:
        prev = stack[-1][0]
        stack[-1] = (program, stack[-1][1])
    else:
        prev, _DEFAULT[0] = _DEFAULT[0], program
    return prev


def switch_startup_program(program):
    """Make `program` the default startup program; returns the previous one."""
    stack = STATE.program_stack
    if stack:
        prev = stack[-1][1]
        stack[-1] = (stack[-1][0], program)
    else:
        prev, _DEFAULT[1] = _DEFAULT[1], program
    return prev


@contextlib.contextmanager
def program_guard(main_program: Program, startup_program: Program | None = None) -> Iterator[None]:
    """Append ops to `main_program` (and initialisers to `startup_program`) inside the block.

    Args:
        main_program (Program): The program that ops built inside the block go to.
        startup_program (Program|None, optional): The program that the initializers of new parameters go to;
            None keeps the current one. Default: None.

    Returns:
        A context manager; on leaving the block the previous programs are current again.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> main, startup = paddle.static.Program(), paddle.static.Program()
            >>> with paddle.static.program_guard(main, startup):
            ...     x = paddle.static.data('x', [None, 3])
            >>> main.global_block().has_var('x')
            True
            >>> paddle.disable_static()
    """
    if not isinstance(main_program, Program):
        raise TypeError(f"The type of 'main_program' in paddle.static.program_guard must be "
                        f"<class 'paddle.static.Program'>, but received {type(main_program)}.")
    if startup_program is not None:
        if not isinstance(startup_program, Program):
            raise TypeError(f"The type of 'startup_program' in paddle.static.program_guard must be "
                            f"<class 'paddle.static.Program'>, but received {type(startup_program)}.")
        startup_program._is_start_up_program_ = True
    else:
        startup_program = default_startup_program()
    stack = STATE.program_stack
    stack.append((main_program, startup_program))
    depth = len(stack)
    try:
        yield
    finally:
        del stack[depth - 1:]
