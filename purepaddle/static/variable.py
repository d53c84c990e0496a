"""Variable and Parameter: named values of a static Block (shape with -1 for unknown dims, dtype, flags), and
which of them a model's parameter file keeps (is_persistable, is_optimizer_state)."""
import copy

from .._core import dtype as _dt
from .._core import hooks
from .._core.methods import TensorMethods
from .._core.place import CPU
from .proto_text import var_text
from .scope import global_scope

__all__ = ["Variable", "Parameter", "VarType", "grad_var_name"]

GRAD_SUFFIX = "@GRAD"


def grad_var_name(name):
    """The name of the gradient variable of `name` (`name@GRAD`)."""
    return name + GRAD_SUFFIX


class VarType:
    """The ProgramDesc variable kind (VarDesc.VarType): DENSE_TENSOR and friends."""

    __slots__ = ("name", "value")

    def __init__(self, name, value):
        self.name, self.value = name, value

    def __repr__(self):
        return f"<VarType.{self.name}: {self.value}>"

    def __str__(self):
        return f"VarType.{self.name}"

    def __int__(self):
        return self.value

    __index__ = __int__

    def __eq__(self, other):
        return isinstance(other, (VarType, int)) and int(other) == self.value

    def __hash__(self):
        return hash(self.value)


for _n, _v in (("DENSE_TENSOR", 7), ("SELECTED_ROWS", 8), ("FEED_MINIBATCH", 9), ("FETCH_LIST", 10),
               ("STEP_SCOPES", 11), ("LOD_RANK_TABLE", 12), ("DENSE_TENSOR_ARRAY", 13), ("PLACE_LIST", 14),
               ("READER", 15), ("RAW", 17), ("TUPLE", 18)):
    setattr(VarType, _n, VarType(_n, _v))
VarType.LOD_TENSOR = VarType.DENSE_TENSOR
VarType.LOD_TENSOR_ARRAY = VarType.DENSE_TENSOR_ARRAY
_NOT_SAVED = (VarType.FEED_MINIBATCH, VarType.FETCH_LIST, VarType.READER, VarType.RAW)


def is_persistable(var):
    """Whether var's value lives in a model's parameter file (persistable, and not feed/fetch/reader/raw)."""
    return bool(var.persistable) and var.type not in _NOT_SAVED


def is_optimizer_state(var):
    """A persistable that is neither a parameter nor a feed: learning rates, moments, accumulators."""
    return not isinstance(var, Parameter) and not var.need_check_feed and is_persistable(var)

def _shape_str(shape):
    return repr(tuple(shape))


# Python control flow on a Variable's value would silently take one branch in a jit trace, so it is
# refused with a pointer while one runs
JIT_TRACE = hooks.declare(
    "jit_trace", "not None while paddle.jit traces a function into a Program (the trace's capture); "
    "Variable.__bool__/__len__ and auto_cast read it to refuse value-dependent Python; jit/trace.py installs it")


def _user_line():
    """'file:line: source' of the innermost caller outside purepaddle (the user's code)."""
    import linecache
    import sys
    f = sys._getframe(2)
    while f is not None and f.f_globals.get("__name__", "").split(".")[0] == "purepaddle":
        f = f.f_back
    if f is None:
        return "<unknown>"
    src = linecache.getline(f.f_code.co_filename, f.f_lineno).strip()
    return f"{f.f_code.co_filename}:{f.f_lineno}" + (f": `{src}`" if src else "")


def _traced_value_error(var, what):
    """The TypeError for Python control flow on a Variable's value during a paddle.jit trace."""
    return TypeError(
        f"paddle.jit.to_static: {what} needs the value of Variable '{var.name}' (shape {var.shape}), which is only "
        f"known when the program runs, at {_user_line()}. Python control flow on tensor values can not be "
        "traced: use paddle.static.nn.cond for if/else and paddle.static.nn.while_loop for loops, or run the "
        "function eagerly with paddle.jit.enable_to_static(False).")


class Variable(TensorMethods):
    """A named value in a Block: shape (-1 = unknown), dtype, and how it takes part in training.

    Every operator and Tensor method works on it: they append ops to the current Program.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data('x', [2, 3])
            >>> print(x)
            var x : DENSE_TENSOR.shape(2, 3).dtype(float32).stop_gradient(True)
            >>> paddle.disable_static()
    """

    __slots__ = ("block", "_name", "_shape", "_dtype", "stop_gradient", "_persistable", "lod_level", "type",
                 "is_data", "need_check_feed", "error_clip", "__dict__", "__weakref__")

    def __init__(self, block, type=VarType.DENSE_TENSOR, name=None, shape=None, dtype=None, lod_level=None,
                 capacity=None, persistable=None, error_clip=None, stop_gradient=False, is_data=False,
                 need_check_feed=False, belong_to_optimizer=False, **kwargs):
        self.block = block
        if name is None:
            name = block.program._name_generator("_generated_var")
        if isinstance(name, bytes):
            name = name.decode()
        if shape is not None:
            shape = [int(d) if not isinstance(d, float) else d for d in shape]
        if dtype is not None:
            dtype = _dt.convert_dtype(dtype)
        prev = block.vars.get(name)
        if prev is not None:
            _check_redefinition(prev, name, shape, dtype)
            if shape is None:
                shape = prev._shape
            if dtype is None:
                dtype = prev._dtype
            if persistable is None:
                persistable = prev._persistable
        self._name = name
        self._shape = shape
        self._dtype = dtype
        self.stop_gradient = stop_gradient
        self._persistable = bool(persistable)
        self.lod_level = lod_level or 0
        self.type = type
        self.is_data = is_data
        self.need_check_feed = need_check_feed
        self.error_clip = error_clip
        block.vars[name] = self
        block.program._version += 1

    # -- attributes ----------------------------------------------------------------------
    @property
    def name(self):
        return self._name

    @name.setter
    def name(self, value):
        self.block._rename_var(self._name, value)

    @property
    def shape(self):
        """The static shape as a tuple (-1 = unknown), as legacy Paddle returns it."""
        s = self._shape
        return () if s is None else tuple(s)

    @property
    def dtype(self):
        d = self._dtype
        return _dt.bool_ if d is None else d

    @property
    def persistable(self):
        return self._persistable

    @persistable.setter
    def persistable(self, value):
        self._persistable = bool(value)
        self.block.program._version += 1

    @property
    def ndim(self):
        return len(self.shape)

    def dim(self):
        return len(self.shape)

    ndimension = dim

    @property
    def size(self):
        """Number of elements, or -1 when some dim is unknown."""
        n = 1
        for d in self.shape:
            if d < 0:
                return -1
            n *= d
        return n

    @property
    def grad_name(self):
        return self._name + GRAD_SUFFIX

    @property
    def is_parameter(self):
        return False

    @property
    def place(self):
        return CPU

    @property
    def T(self):
        return self.transpose(list(range(self.ndim))[::-1])

    @property
    def program(self):
        return self.block.program

    def __iter__(self):
        shape = self.shape
        if not shape:
            raise TypeError("iteration over a 0-D Variable")
        if shape[0] < 0:
            raise TypeError(f"Variable '{self._name}' has an unknown first dim ({shape}); it can not be iterated "
                            "in static mode")
        for i in range(shape[0]):
            yield self[i]

    def __bool__(self):
        if JIT_TRACE.active is not None:
            raise _traced_value_error(self, "Python `if`/`while`/`and`/`or`/bool()")
        return True  # outside paddle.jit a legacy Variable is an ordinary (truthy) object, as in Paddle

    def __len__(self):
        shape = self.shape
        if JIT_TRACE.active is not None and shape:
            if shape[0] >= 0:
                return shape[0]  # a known dim is a trace-time constant, as to_static's len() gives
            raise _traced_value_error(self, "len()")
        if JIT_TRACE.active is not None:
            raise TypeError("len() of a 0-D Variable")
        raise TypeError(f"object of type '{type(self).__name__}' has no len()")

    # -- dygraph-only methods: Paddle's errors -------------------------------------------
    def _dygraph_only(self, what):
        raise AssertionError(
            f"'{what}' only can be called by `paddle.Tensor` in dynamic graph mode. Suggestions:\n"
            "  1. If you are in static graph mode, you can switch to dynamic graph mode by turning off "
            "`paddle.enable_static()` or calling `paddle.disable_static()`.\n"
            "  2. If you are using `@paddle.jit.to_static`, you can call `paddle.jit.enable_to_static(False)`. "
            f"If you have to translate dynamic graph to static graph, please use other API to replace '{what}'.")

    def numpy(self):
        self._dygraph_only("numpy")

    def gradient(self):
        self._dygraph_only("gradient")

    def backward(self, grad_tensor=None, retain_graph=False):
        raise AssertionError("We only support 'backward()' in dynamic graph mode, please call "
                             "'paddle.disable_static()' to enter dynamic graph mode.")

    def detach(self):
        """A copy of this variable cut from the gradient graph (stop_gradient=True): an `assign` op."""
        block = self.block
        name = block.program._name_generator.generate_with_ignorable_key("detach_" + self.name)
        out = Variable(block, name=name, shape=self.shape, dtype=self.dtype, stop_gradient=True)
        block.append_op(type="assign", inputs={"X": [self.name]}, outputs={"Out": [name]})
        return out

    def _set_error_clip(self, error_clip):
        """Set this variable's error_clip (a paddle.nn.clip.ErrorClipByValue): Paddle's error_clip_callback
        clips the variable's gradient with it while append_backward runs with that callback."""
        self.error_clip = error_clip

    # -- values in a scope ---------------------------------------------------------------
    def get_value(self, scope=None):
        """The DenseTensor holding this (persistable) variable's value in `scope` (default global)."""
        sv = (scope or global_scope()).find_var(self._name)
        if sv is None:
            raise ValueError(f"Can not find Variable '{self._name}' in the Scope.")
        return sv.get_tensor()

    def set_value(self, value, scope=None):
        """Write `value` (ndarray or Tensor) into this variable's tensor in `scope`."""
        import numpy as np
        arr = np.asarray(value)
        shape = self.shape
        if len(shape) != arr.ndim or any(d >= 0 and d != a for d, a in zip(shape, arr.shape)):
            raise ValueError(f"{self._name} expected a shape {list(shape)}, but the received shape is "
                             f"{list(arr.shape)}")
        (scope or global_scope()).var(self._name).get_tensor().set(arr.astype(self.dtype.np_dtype, copy=False))

    # -- static in-place ops ------------------------------------------------------------
    def _rebind_static(self, out):
        """After an in-place op in static mode: this handle now names the op's output `out`.

        A persistable target (a parameter updated in place) keeps its name: the op writes it.
        """
        blk = self.block
        if out.block is not blk and _encloses(blk, out.block):
            # in a control-flow sub-block, an in-place op on a variable of an enclosing block writes
            # that variable, as Paddle's while/conditional_block see it (the handle keeps its name)
            sub = out.block
            for op in reversed(sub.ops):
                if out._name in op.output_arg_names:
                    op._rename_output(out._name, self._name)
                    break
            sub.vars.pop(out._name, None)
            sub.program._version += 1
            return self
        if self._persistable and out.block is blk:
            for op in reversed(blk.ops):
                if out._name in op.output_arg_names:
                    op._rename_output(out._name, self._name)
                    break
            blk.vars.pop(out._name, None)
            blk.program._version += 1
            return self
        if blk.vars.get(self._name) is self:  # keep the registry entry for the old value
            old = copy.copy(self)
            blk.vars[self._name] = old
        for k in ("block", "_name", "_shape", "_dtype", "stop_gradient", "_persistable", "lod_level", "type"):
            object.__setattr__(self, k, getattr(out, k))
        self.is_data = False
        self.need_check_feed = False
        out.block.vars[out._name] = self
        return self

    def __copy__(self):
        v = type(self).__new__(type(self))
        for k in _VAR_SLOTS:
            object.__setattr__(v, k, getattr(self, k))
        v.__dict__.update(self.__dict__)
        return v

    # -- printing ------------------------------------------------------------------------
    def _to_readable_code(self):
        t = self.type.name
        if self.type in (VarType.DENSE_TENSOR, VarType.SELECTED_ROWS):
            s = (f"{self._name} : {t}.shape{_shape_str(self.shape)}.dtype({self.dtype.name})"
                 f".stop_gradient({self.stop_gradient})")
        else:
            s = f"{self._name} : {t})"
        if self.is_parameter:
            s = ("trainable param " if self.trainable else "param ") + s
        else:
            s = "var " + s
        if self._persistable:
            s = "persist " + s
        return s

    def __repr__(self):
        return self._to_readable_code()

    __str__ = __repr__

    def to_string(self, throw_on_error, with_details=False):
        """The protobuf-text description of this variable (with_details adds Python attributes)."""
        if not isinstance(throw_on_error, bool) or not isinstance(with_details, bool):
            raise AssertionError("throw_on_error and with_details must be bool")
        s = var_text(self, 0)
        if with_details:
            s += "error_clip: None\n"
            if self.is_parameter:
                for k in ("trainable", "optimize_attr", "regularizer", "do_model_average", "need_clip"):
                    s += f"{k}: {getattr(self, k, None)}\n"
        return s

    def __deepcopy__(self, memo):
        raise TypeError("a static Variable can not be deep-copied; clone its Program instead")


_VAR_SLOTS = ("block", "_name", "_shape", "_dtype", "stop_gradient", "_persistable", "lod_level", "type",
              "is_data", "need_check_feed", "error_clip")


def _encloses(outer, inner):
    """Whether block `outer` is a proper ancestor of block `inner` (same program)."""
    program = inner.program
    if outer.program is not program:
        return False
    idx = inner.parent_idx
    while idx >= 0:
        if idx == outer.idx:
            return True
        idx = program.blocks[idx].parent_idx
    return False


def _check_redefinition(prev, name, shape, dtype):
    if dtype is not None and prev._dtype is not None and dtype is not prev._dtype:
        raise ValueError(f"Variable '{name}' has been created before. The previous data type is {prev._dtype}, "
                         f"the new data type is {dtype}. They are not matched.")
    if shape is not None and prev._shape is not None and list(shape) != list(prev._shape):
        raise ValueError(f"Variable '{name}' has been created before. The previous shape is "
                         f"{_shape_str(prev._shape)}, the new shape is {_shape_str(shape)}. They are not matched.")


class Parameter(Variable):
    """A persistable, trainable Variable: created in the main program, initialised by the startup one."""

    def __init__(self, block, shape, dtype, type=VarType.DENSE_TENSOR, **kwargs):
        if shape is None:
            raise ValueError("The shape of Parameter should not be None")
        if dtype is None:
            raise ValueError("The dtype of Parameter should not be None")
        for d in shape:
            if d < 0:
                raise ValueError(f"Each dimension of shape for Parameter must be greater than 0, but received "
                                 f"{list(shape)}")
        kwargs.pop("persistable", None)
        Variable.__init__(self, block, persistable=True, shape=shape, dtype=dtype, type=type, **kwargs)
        self.trainable = kwargs.get("trainable", True)
        self.optimize_attr = kwargs.get("optimize_attr", {"learning_rate": 1.0})
        self.regularizer = kwargs.get("regularizer", None)
        self.do_model_average = kwargs.get("do_model_average", None)
        self.need_clip = kwargs.get("need_clip", True)
        self.is_distributed = False

    @property
    def trainable(self):
        return self.__dict__["_trainable"]

    @trainable.setter
    def trainable(self, value):
        if not isinstance(value, bool):
            raise ValueError("The type of trainable MUST be bool, but the type is ", type(value))
        self.__dict__["_trainable"] = value
        self.stop_gradient = not value

    @property
    def is_parameter(self):
        return True
