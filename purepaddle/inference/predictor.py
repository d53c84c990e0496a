"""Predictor and its input/output handles (paddle.inference.Predictor / Tensor), and create_predictor."""
import sys
import weakref

import numpy as np

from .._core.op import OP_RAN, OPS
from .._core.threads import limit_blas
from .._core.tensor import Tensor as _EagerTensor
from ..static.scope import DenseTensor
from ..static.variable import Variable
from .config import Config
from .enums import PaddleDType, data_type_of
from .model import load_model, model_from_program
from .passes import optimize
from .profiler import Profile
from .runner import compile_plan

__all__ = ["Predictor", "Tensor", "create_predictor", "PredictorPool"]

_ndarray = np.ndarray


def _not_found(name):
    return RuntimeError(f"(PreconditionNotMet) The variable named {name} is not found in the scope of the "
                        "executor.\n  [Hint: scope->FindVar(name) should not be null.]")


def _no_memory(name):
    return RuntimeError(f"(PreconditionNotMet) Tensor {name} holds no memory. Call copy_from_cpu / run() first.\n"
                        "  [Hint: holder_ should not be null.]")


class Tensor:
    """A handle on one input or output of a Predictor (paddle.inference.Tensor): zero-copy binding by name.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> from paddle.static import InputSpec
            >>> # doctest: +REQUIRES(module:google.protobuf)
            >>> paddle.jit.save(paddle.nn.Linear(8, 2), 'model', input_spec=[InputSpec([None, 8], 'float32', 'x')])
            >>> config = paddle.inference.Config('model.json', 'model.pdiparams')
            >>> predictor = paddle.inference.create_predictor(config)
            >>> handle = predictor.get_input_handle(predictor.get_input_names()[0])
            >>> handle.reshape([4, 8])
            >>> handle.copy_from_cpu(np.ones([4, 8], 'float32'))
            >>> handle.shape()
            [4, 8]
    """

    __slots__ = ("_pred", "_name", "_is_input")

    def __init__(self, predictor, name, is_input):
        self._pred, self._name, self._is_input = predictor, name, is_input

    def name(self):
        """The variable this handle is bound to."""
        return self._name

    def _array(self):
        p = self._pred
        if self._is_input:
            a = p._inputs.get(self._name)
            if a is None or type(a) is _ndarray:
                return a
            return a._data if isinstance(a, _EagerTensor) else np.asarray(a)
        return p._output(self._name)

    def reshape(self, shape):
        """Set the shape of an input before copying data in (outputs are read-only)."""
        if not self._is_input:
            raise RuntimeError("(PermissionDenied) Can't reshape the output tensor, it is readonly")
        if not isinstance(shape, (list, tuple)) or not all(isinstance(d, (int, np.integer)) for d in shape):
            raise TypeError(f"Tensor.reshape(): shape must be a list of int, but received {shape!r}")
        self._pred._shapes[self._name] = [int(d) for d in shape]
        a = self._array()
        if a is not None and list(a.shape) != list(shape):
            self._pred._inputs.pop(self._name, None)  # the old data no longer fits

    def copy_from_cpu(self, data):
        """Copy a numpy array into this input (the predictor keeps its own copy)."""
        if not self._is_input:
            raise RuntimeError("(PermissionDenied) Can't reshape the output tensor, it is readonly")
        if isinstance(data, list) and data and all(isinstance(s, str) for s in data):
            raise NotImplementedError("copy_from_cpu(list[str]): string inputs (Paddle's STRINGS tensors) are not "
                                      "supported by purepaddle's predictor")
        if not isinstance(data, _ndarray):
            raise TypeError("In copy_from_cpu, we only support numpy ndarray and list[str] data type.")
        data_type_of(data.dtype)  # TypeError for dtypes inference lacks
        self._pred._inputs[self._name] = np.array(data, copy=True, order="C")
        self._pred._shapes.pop(self._name, None)

    def share_external_data(self, data):
        """Bind this input to a paddle.Tensor's (or DenseTensor's) memory: run() reads it without a copy."""
        if not self._is_input:
            raise RuntimeError("(PermissionDenied) Can't reshape the output tensor, it is readonly")
        if isinstance(data, Variable):
            raise TypeError("The interface 'share_external_data' can only be used in dynamic graph mode. Maybe you "
                            "called 'paddle.enable_static()' and you are in static graph mode now. Please use "
                            "'copy_from_cpu' instead.")
        if not isinstance(data, (_EagerTensor, DenseTensor)):
            raise TypeError("In share_external_data, we only support Tensor and DenseTensor.")
        self._pred._inputs[self._name] = data
        self._pred._shapes.pop(self._name, None)

    def copy_to_cpu(self):
        """A numpy copy of the value (an output after run(), or an input's data)."""
        a = self._array()
        if a is None:
            raise _no_memory(self._name)
        return np.array(a, copy=True, order="C")

    def shape(self):
        """The value's shape as a list ([0] before any data)."""
        a = self._array()
        if a is not None:
            return list(a.shape)
        if self._is_input and self._name in self._pred._shapes:
            return list(self._pred._shapes[self._name])
        return [0]

    def type(self):
        """The element DataType (the data's when there is data, else the model variable's)."""
        a = self._array()
        if a is not None:
            return data_type_of(a.dtype)
        dt = self._pred._core.dtypes.get(self._name)
        return data_type_of(dt) if dt is not None else PaddleDType.FLOAT32

    def lod(self):
        """The LoD (level-of-detail offsets) attached to this value ([] when none)."""
        return [list(level) for level in self._pred._lods.get(self._name, [])]

    def set_lod(self, lod):
        """Attach LoD offsets to this value (kept with the handle; the NumPy kernels read dense data)."""
        if not isinstance(lod, (list, tuple)) or not all(isinstance(level, (list, tuple)) for level in lod):
            raise TypeError(f"Tensor.set_lod(): lod must be a list of lists of int, but received {lod!r}")
        self._pred._lods[self._name] = [[int(v) for v in level] for level in lod]

    def __repr__(self):
        return f"<paddle.inference.Tensor {self._name!r} ({'input' if self._is_input else 'output'})>"


class _Core:
    """What a predictor and its clones share: the optimised program, the compiled plan, names and dtypes."""

    def __init__(self, model, config):
        program, params, stats = model.program, model.params, {}
        if config.ir_optim():
            log = not config.glog_info_disabled() or config.pass_builder()._debug
            program, params, stats = optimize(program, params, model.feeds, model.fetches,
                                              config.pass_builder().all_passes(), log=log)
        block = program.global_block()
        self.program, self.pass_stats = program, stats
        self.feeds, self.fetches = model.feeds, model.fetches
        self.plan = compile_plan(block, params, self.feeds, self.fetches, free_dead=config._memory_optim)
        self.dtypes = {}
        for name, v in block.vars.items():
            d = v._dtype
            if d is not None and d.np_dtype is not None:
                self.dtypes[name] = d.np_dtype
        for name, a in params.items():
            self.dtypes[name] = a.dtype
        self.feed_spec = [(n, s, self.dtypes.get(n)) for n, s in zip(self.feeds, self.plan.feed_slots)]
        self.load_seconds = model.load_seconds
        self.fused = {t: getattr(OPS.get(t), "fused_from", ()) for t in set(self.plan.types)
                      if getattr(OPS.get(t), "fused_from", ())}


def _release(profile):
    """Print the Profiling Report once, when a profiled predictor goes away (or at interpreter exit)."""
    if not profile.printed:
        profile.printed = True
        sys.stdout.write(str(profile.report()))
        sys.stdout.flush()


class Predictor:
    """Runs an inference model: bind inputs by name, run(), read outputs by name.

    Made by create_predictor(config). Clones share the model and its weights and have their own
    inputs and outputs.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> from paddle.static import InputSpec
            >>> # doctest: +REQUIRES(module:google.protobuf)
            >>> paddle.jit.save(paddle.nn.Linear(8, 2), 'model', input_spec=[InputSpec([None, 8], 'float32', 'x')])
            >>> config = paddle.inference.Config("model.json", "model.pdiparams")
            >>> predictor = paddle.inference.create_predictor(config)
            >>> x = predictor.get_input_handle(predictor.get_input_names()[0])
            >>> x.copy_from_cpu(np.ones([3, 8], 'float32'))
            >>> predictor.run()
            >>> y = predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()
            >>> y.shape
            (3, 2)
    """

    def __init__(self, core, config):
        self._core, self._config = core, config
        self._inputs, self._shapes, self._lods = {}, {}, {}
        self._vals = None
        self._input_hooks, self._output_hooks = [], []
        self._profile = None
        # Config.set_cpu_math_library_num_threads: NumPy's BLAS pool runs each run() at this size (Paddle's
        # default, 1, included), fixed when the predictor is made as Paddle's is
        self._threads = max(1, config._cpu_threads)
        if config._profile:
            if not config.glog_info_disabled():
                print("W Profiler is activated, which might affect the performance", file=sys.stderr)
            self._profile = Profile(core.plan, core.fused)
            if core.load_seconds:
                self._profile.add_event("load_combine", core.load_seconds)
            weakref.finalize(self, _release, self._profile)

    @classmethod
    def _from_program(cls, program, feeds, fetches, config=None, scope=None, params=None):
        """A predictor for an in-memory Program (weights copied from `params` or the scope)."""
        model = model_from_program(program, feeds, fetches, scope=scope, params=params)
        config = Config() if config is None else Config(config)
        return cls(_Core(model, config), config)

    # -- names and handles --------------------------------------------------------------------
    def get_input_names(self):
        """The model's input names, in feed order."""
        return list(self._core.feeds)

    def get_output_names(self):
        """The model's output names, in fetch order."""
        return list(self._core.fetches)

    def get_input_handle(self, name):
        """The Tensor handle of input `name`."""
        if name not in self._core.feeds:
            raise _not_found(name)
        return Tensor(self, name, True)

    def get_output_handle(self, name):
        """The Tensor handle of output `name` (any computed variable of the model may be read)."""
        if name not in self._core.plan.slot:
            raise _not_found(name)
        return Tensor(self, name, False)

    def _output(self, name):
        vals = self._vals
        return None if vals is None else vals[self._core.plan.slot[name]]

    # -- running --------------------------------------------------------------------------------
    def run(self, inputs=None):
        """Run the model on the bound inputs; with `inputs` (paddle.Tensors or arrays, feed order) return the outputs.

        Returns None when called without arguments (read outputs through the handles), else a list
        of paddle.Tensor, one per output."""
        core = self._core
        if inputs is not None:
            self._bind_list(inputs)
        plan = core.plan
        vals = plan.template.copy()
        given = self._inputs
        for name, slot, dt in core.feed_spec:
            a = given.get(name)
            if a is None:
                raise self._missing(name)
            if type(a) is not _ndarray:
                a = a._data if isinstance(a, _EagerTensor) else np.asarray(a)
            if dt is not None and a.dtype != dt:
                raise ValueError(f"(InvalidArgument) The input '{name}' of the predictor holds {a.dtype} data, but "
                                 f"the model's variable '{name}' is {np.dtype(dt).name}: copy_from_cpu an array of "
                                 "that dtype.")
            vals[slot] = a
        with limit_blas(self._threads):
            if self._profile is None and not self._output_hooks and not self._input_hooks and OP_RAN.active is None:
                plan.run(vals)
            else:
                self._run_observed(vals)
        self._vals = vals
        if inputs is None:
            return None
        return [_EagerTensor._make(np.array(vals[s], copy=True)) for s in plan.fetch_slots]

    def _run_observed(self, vals):
        self._core.plan.run_observed(vals, self._profile, self._output_hooks, self._input_hooks)
        if self._profile is not None:
            self._profile.runs += 1

    def _bind_list(self, inputs):
        feeds = self._core.feeds
        if not isinstance(inputs, (list, tuple)):
            raise TypeError(f"run(): inputs must be a list of paddle.Tensor, but received {type(inputs).__name__}")
        if len(inputs) != len(feeds):
            raise ValueError(f"(InvalidArgument) wrong feed input size, need {len(feeds)} but get {len(inputs)}.")
        for name, t in zip(feeds, inputs):
            if isinstance(t, _EagerTensor):
                self._inputs[name] = t._data
            elif isinstance(t, _ndarray):
                self._inputs[name] = t
            else:
                raise TypeError(f"run(): inputs must be paddle.Tensor (or numpy.ndarray), but input '{name}' is "
                                f"{type(t).__name__}")
            self._shapes.pop(name, None)

    def _missing(self, name):
        if name in self._shapes:
            return _no_memory(name)
        return ValueError(f"(InvalidArgument) The input '{name}' of the predictor has no data: call "
                          f"get_input_handle('{name}').copy_from_cpu(array) (or share_external_data) before run().")

    # -- lifetime and memory --------------------------------------------------------------------
    def clone(self, stream=None):
        """A predictor sharing this one's model and weights, with its own inputs and outputs."""
        return Predictor(self._core, self._config)

    def clear_intermediate_tensor(self):
        """Drop the values of intermediate variables kept from the last run (outputs stay readable)."""
        self._drop_intermediates()

    def try_shrink_memory(self):
        """Release the intermediate values kept from the last run; returns the bytes released."""
        return self._drop_intermediates()

    def _drop_intermediates(self):
        vals = self._vals
        if vals is None:
            return 0
        plan = self._core.plan
        keep = set(plan.fetch_slots) | set(plan.feed_slots)
        freed = 0
        for i, a in enumerate(vals):
            if a is not None and i not in keep and a is not plan.template[i]:
                freed += a.nbytes
                vals[i] = None
        return freed

    # -- diagnostics ----------------------------------------------------------------------------
    def register_output_hook(self, hook):
        """Call hook(op_type, var_name, paddle.Tensor) for every output of every op as the model runs."""
        if not callable(hook):
            raise TypeError(f"register_output_hook(): hook must be callable, but received {type(hook).__name__}")
        self._output_hooks.append(hook)

    def register_input_hook(self, hook):
        """Call hook(op_type, var_name, paddle.Tensor) for every input of every op before it runs."""
        if not callable(hook):
            raise TypeError(f"register_input_hook(): hook must be callable, but received {type(hook).__name__}")
        self._input_hooks.append(hook)

    def profile_report(self):
        """The ProfileReport of this predictor's runs so far (None unless Config.enable_profile() was called).

        Events are op types ('thread0::fc') with calls and total/min/max/average milliseconds,
        their share of the total, and the computation vs framework-overhead split; str() of the
        report is the text printed when the predictor is released."""
        return None if self._profile is None else self._profile.report()

    def program(self):
        """The (optimised) inference Program this predictor runs."""
        return self._core.program


def create_predictor(config):
    """Create a Predictor for the model a Config describes.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.static import InputSpec
            >>> # doctest: +REQUIRES(module:google.protobuf)
            >>> paddle.jit.save(paddle.nn.Linear(8, 2), 'model', input_spec=[InputSpec([None, 8], 'float32', 'x')])
            >>> config = paddle.inference.Config("model.json", "model.pdiparams")
            >>> config.disable_glog_info()
            >>> predictor = paddle.inference.create_predictor(config)
            >>> predictor.get_input_names()
            ['x']
    """
    if not isinstance(config, Config):
        raise TypeError(f"create_predictor(): config must be a paddle.inference.Config, but received "
                        f"{type(config).__name__}")
    config = Config(config)  # later changes to the caller's Config do not reach this predictor (or its clones)
    return Predictor(_Core(load_model(config), config), config)


class PredictorPool:
    """`size` predictors for one model (the first created, the others its clones); retrive(i) returns one."""

    def __init__(self, config, size=1):
        if not isinstance(size, int) or size < 1:
            raise ValueError(f"PredictorPool(): size must be a positive int, but received {size!r}")
        first = create_predictor(config)
        self._preds = [first] + [first.clone() for _ in range(size - 1)]

    def retrive(self, idx):
        """The predictor at index idx (Paddle's spelling)."""
        if not 0 <= idx < len(self._preds):
            raise IndexError(f"PredictorPool.retrive(): there are {len(self._preds)} predictors, idx {idx} is out "
                             "of range")
        return self._preds[idx]

    retrieve = retrive
