"""Operator: one op of a Block in the legacy ProgramDesc IR (type, input/output names, attrs)."""
import numpy as _np

from .._core import dtype as _dt
from . import name as _name
from .proto_text import op_text

# attributes every op carries in a Program, kept apart from the op's own attrs
OP_ROLE_FORWARD, OP_ROLE_BACKWARD, OP_ROLE_OPTIMIZE, OP_ROLE_LOSS = 0, 1, 2, 256
OP_ROLE_LRSCHED = 16
FRAMEWORK_ATTRS = ("op_device", "op_namescope", "op_role", "op_role_var", "with_quant_attr", "op_callstack")


class Operator:
    """One op in a Block: its type, {slot: [var names]} inputs/outputs and attributes.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data('x', [2])
            >>> y = paddle.add(x, x)
            >>> op = paddle.static.default_main_program().global_block().ops[-1]
            >>> op.type, op.input('X'), op.output('Out')
            ('elementwise_add', ['x'], ['elementwise_add_0.tmp_0'])
            >>> paddle.disable_static()
    """

    __slots__ = ("block", "type", "inputs", "outputs", "attrs", "_fw", "__weakref__")

    def __init__(self, block, type, inputs=None, outputs=None, attrs=None, fw_attrs=None):
        self.block = block
        self.type = type
        self.inputs = inputs if inputs is not None else {}     # {slot: [names]}
        self.outputs = outputs if outputs is not None else {}  # {slot: [names]}
        self.attrs = attrs if attrs is not None else {}        # the op's own attributes
        if fw_attrs is None:
            fw_attrs = {"op_device": "", "op_namescope": _name.current_namescope(),
                        "op_role": block.program._op_role, "op_role_var": [], "with_quant_attr": False}
        self._fw = fw_attrs                                    # framework attributes (op_role, ...)

    def input(self, name):
        """Names of the variables in input slot `name`."""
        return list(self.inputs.get(name, []))

    def output(self, name):
        """Names of the variables in output slot `name`."""
        return list(self.outputs.get(name, []))

    @property
    def input_names(self):
        return sorted(self.inputs)

    @property
    def output_names(self):
        return sorted(self.outputs)

    @property
    def input_arg_names(self):
        return [n for s in sorted(self.inputs) for n in self.inputs[s]]

    @property
    def output_arg_names(self):
        return [n for s in sorted(self.outputs) for n in self.outputs[s]]

    @property
    def attr_names(self):
        return list(self.attrs) + [k for k in self._fw if k not in self.attrs]

    @property
    def idx(self):
        for i, op in enumerate(self.block.ops):
            if op is self:
                return i
        raise ValueError("Can't find op itself in it's block. It could be a bug of Paddle.")

    def attr(self, name):
        """The value of attribute `name` (None when absent)."""
        if name in self.attrs:
            return self.attrs[name]
        return self._fw.get(name)

    def has_attr(self, name):
        return name in self.attrs or name in self._fw

    @property
    def desc(self):
        """The OpDesc view (Paddle's C++ desc API: type(), attr(name), input(name), ...)."""
        return _OpDescView(self)

    def _block_attr(self, name):
        """The Block held by attribute `name` (a control-flow op's sub_block)."""
        b = self.attrs.get(name)
        if not isinstance(b, type(self.block)):  # the Block class (program.py builds on this module)
            raise ValueError(f"Required attribute {name} of op {self.type} is not a block")
        return b

    def _block_attr_id(self, name):
        """The index of the Block held by attribute `name`."""
        return self._block_attr(name).idx

    def all_attrs(self):
        d = dict(self._fw)
        d.update(self.attrs)
        return d

    def _set_attr(self, name, val):
        if name in FRAMEWORK_ATTRS and name not in self.attrs:
            self._fw[name] = val
        else:
            self.attrs[name] = val
        self.block.program._version += 1

    def _remove_attr(self, name):
        self.attrs.pop(name, None)
        self._fw.pop(name, None)
        self.block.program._version += 1

    def _rename_input(self, old, new):
        for names in self.inputs.values():
            for i, n in enumerate(names):
                if n == old:
                    names[i] = new
        self.block.program._version += 1

    def _rename_output(self, old, new):
        for names in self.outputs.values():
            for i, n in enumerate(names):
                if n == old:
                    names[i] = new
        self.block.program._version += 1

    def _is_backward_op(self):
        return bool(int(self._fw.get("op_role", 0)) & OP_ROLE_BACKWARD)

    def _is_optimize_op(self):
        return bool(int(self._fw.get("op_role", 0)) & OP_ROLE_OPTIMIZE)

    def _to_readable_code(self, skip_op_callstack=True):
        outs = ", ".join(f"{s}={self.outputs[s]}" for s in sorted(self.outputs))
        ins = ", ".join(f"{s}={self.inputs[s]}" for s in sorted(self.inputs))
        attrs = self.all_attrs()
        a = ", ".join(f"{k} = {_attr_str(attrs[k], type(self.block))}" for k in sorted(attrs)
                      if not (skip_op_callstack and k == "op_callstack"))
        call = f"{self.type}(inputs={{{ins}}}, {a})"
        return f"{{{outs}}} = {call}" if outs else call

    def __str__(self):
        return self._to_readable_code()

    __repr__ = __str__

    def to_string(self, throw_on_error):
        """The protobuf-text description of this op."""
        return op_text(self, 0)


OpDesc = Operator


class _OpDescView:
    """Operator.desc: the op through Paddle's C++ OpDesc method names."""

    __slots__ = ("_op",)

    def __init__(self, op):
        self._op = op

    def type(self):
        return self._op.type

    def attr(self, name):
        if not self._op.has_attr(name):
            raise ValueError(f"(NotFound) Attribute {name} is not found.")
        return self._op.attr(name)

    def __getattr__(self, name):  # input, output, has_attr, attr_names, input_arg_names, ...
        value = getattr(self._op, name)
        return value if callable(value) else (lambda: value)


def _attr_str(v, Block):
    """An attribute value as Paddle prints it; Block is the Block class (program.py builds on this module)."""
    if isinstance(v, Block):  # a control-flow op's sub_block, as Paddle prints it
        return f"block[{v.idx}]"
    if isinstance(v, list) and v and all(isinstance(b, Block) for b in v):  # pylayer's blocks
        return "[" + ", ".join(f"block[{b.idx}]" for b in v) + "]"
    if isinstance(v, _dt.DType):
        return str(v.proto)
    if type(v) is float:  # attributes are 32-bit floats in a ProgramDesc
        return str(float(_np.float32(v)))
    return str(v)
