"""LayerHelper: how a paddle.static.nn layer names itself, its parameters and its output variables.

Paddle's legacy layers name parameters `{layer}.w_k` / `{layer}.b_k` (`conv3d_0.w_0`), temporaries
`{layer}.tmp_k`, and variables made with `create_variable` `_generated_var_k`; the static-only API check
shared by the layers lives here too (their Variable-and-dtype check, check_variable, in tensor/_check.py).
"""
import contextlib
import copy

from ..._core.dispatch import apply
from ..._core.mode import in_dynamic_mode
from ..._core.op import OPS
from ...nn.layer._helpers import create_parameter
from ...ops.math.elementwise import ElementwiseAdd
from .. import builder as _b
from ..program import default_main_program

__all__ = ["LayerHelper", "static_only", "FLOATS"]

FLOATS = ("float16", "bfloat16", "float32", "float64")
# attrs the activation ops need when a layer's `act` names them
_ACT_ATTRS = {"softmax": {"axis": -1}, "leaky_relu": {"alpha": 0.02}, "gelu": {"approximate": False},
              "elu": {"alpha": 1.0}, "relu6": {"threshold": 6.0}, "hard_sigmoid": {"slope": 0.2, "offset": 0.5},
              "swish": {"beta": 1.0}, "softplus": {"beta": 1.0, "threshold": 20.0}}


def static_only(api):
    """Raise Paddle's error for a static-graph-only API called in dynamic mode."""
    if in_dynamic_mode():
        raise AssertionError(
            f"In PaddlePaddle 2.x, we turn on dynamic graph mode by default, and '{api}()' is only supported in "
            "static graph mode. So if you want to use this api, please call 'paddle.enable_static()' before this "
            "api to enter static graph mode.")


def prod(dims):
    """The product of a list of ints (1 for an empty list)."""
    n = 1
    for d in dims:
        n *= d
    return n


class LayerHelper:
    """Names a static layer (`fc_0`, or the given name), its parameters and its temporaries."""

    def __init__(self, layer_type, name=None):
        self.program = default_main_program()
        self.name = name if name else self.program._name_generator.generate(layer_type)

    @contextlib.contextmanager
    def outputs(self):
        """Ops built inside name their outputs `{name}.tmp_k`."""
        prev = _b.CTX.helper
        _b.CTX.helper = self.name
        try:
            yield
        finally:
            _b.CTX.helper = prev

    def param(self, attr, shape, dtype, is_bias=False, default_initializer=None):
        """A Parameter `{name}.w_k` / `{name}.b_k` (None when attr is False)."""
        return create_parameter(self.name, copy.deepcopy(attr), shape, dtype, is_bias, default_initializer)

    def tmp(self, shape, dtype, stop_gradient=False):
        """A temporary `{name}.tmp_k` of the current block (shape None: the op's shape inference fills it)."""
        name = self.program._name_generator.generate_with_ignorable_key(self.name + ".tmp")
        return self.program.current_block().create_var(name=name, shape=None if shape is None else list(shape),
                                                        dtype=dtype, stop_gradient=stop_gradient)

    def var(self, dtype, stop_gradient=False):
        """A `_generated_var_k` of the current block (Paddle's helper.create_variable); its op sets the shape."""
        return self.program.current_block().create_var(dtype=dtype, stop_gradient=stop_gradient)

    def append_op(self, type, inputs, outputs, attrs=None):  # noqa: A002  (Paddle's keyword)
        """Append a legacy op to the current block (Paddle's helper.append_op)."""
        return self.program.current_block().append_op(type=type, inputs=inputs, outputs=outputs, attrs=attrs or {})

    def bias(self, x, b, axis):
        """x + b with the [C] bias `b` along dim `axis` of x (Paddle's append_bias_op); x when b is None."""
        if b is None:
            return x
        # the bias is shaped to broadcast along `axis` (purepaddle's elementwise ops align trailing dims)
        shape = [1] * len(x.shape)
        shape[axis] = -1
        b = b.reshape(shape)
        with self.outputs():
            return apply(ElementwiseAdd, x, b, axis=axis)

    def act(self, x, act):
        """Apply activation op `act` (an op type such as 'relu'), or return x."""
        if act is None:
            return x
        if isinstance(act, dict):
            act = dict(act)
            kind = act.pop("type")
        else:
            kind, act = act, {}
        cls = OPS.get(kind)
        if cls is None:
            raise ValueError(f"activation {kind!r} is not a known op type")
        attrs = dict(_ACT_ATTRS.get(kind, {}), **act)
        with self.outputs():
            return apply(cls, x, **attrs)
