"""Config: where the inference model is and how the predictor runs it (paddle.inference.Config)."""
import os
import sys

from ..static.model_args import model_file_of_prefix
from .enums import Precision
from .passes import DEFAULT_PASSES, PASSES

__all__ = ["Config"]


def _log_error(msg):
    """An error line on stderr, as Paddle's glog prints it (the call itself goes on)."""
    print(f"E {msg}", file=sys.stderr)


class PassBuilder:
    """The ordered IR passes a predictor runs when ir_optim is on (Config.pass_builder()).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> config = paddle.inference.Config()
            >>> builder = config.pass_builder()
            >>> builder.delete_pass('fc_fuse_pass')
            >>> 'fc_fuse_pass' in builder.all_passes()
            False
    """

    def __init__(self, passes=DEFAULT_PASSES):
        self._passes = list(passes)
        self._debug = False

    def all_passes(self):
        """The pass names, in the order they run."""
        return list(self._passes)

    def analysis_passes(self):
        """Analysis phases that always run around the IR passes (loading, feed/fetch binding)."""
        return ["ir_graph_build_pass", "ir_analysis_pass", "ir_graph_to_program_pass"]

    def set_passes(self, passes):
        """Replace the pass list."""
        self._passes = [self._check(p) for p in passes]

    def append_pass(self, name):
        """Run pass `name` last."""
        self._passes.append(self._check(name))

    def insert_pass(self, idx, name):
        """Run pass `name` at position idx."""
        self._passes.insert(idx, self._check(name))

    def delete_pass(self, name):
        """Remove every occurrence of pass `name` (absent names are ignored, as in Paddle)."""
        self._passes = [p for p in self._passes if p != name]

    def turn_on_debug(self):
        """Log every pass as it runs (even with glog info disabled)."""
        self._debug = True

    def debug_string(self):
        """The pass list, one name per line."""
        return "".join(f"  - {p}\n" for p in self._passes)

    @staticmethod
    def _check(name):
        if not isinstance(name, str):
            raise TypeError(f"PassBuilder: a pass name must be str, but received {type(name).__name__}")
        if name not in PASSES:
            raise ValueError(f"(NotFound) Pass {name} has not been registered. purepaddle's passes: "
                             f"{sorted(PASSES)}")
        return name


class Config:
    """Configuration of a Predictor: model files, passes, threads, profiling.

    Config(model_file, params_file) loads a `.json` (PIR, what Paddle 3 writes) or `.pdmodel` model and its
    `.pdiparams`; Config(prefix) loads `prefix.json` (or `prefix.pdmodel`) + `prefix.pdiparams`;
    Config(model_dir) loads the 1.x layout `model_dir/__model__` with one parameter file per variable;
    Config() starts empty (set_model later).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> config = paddle.inference.Config()
            >>> config.set_model("model.json", "model.pdiparams")
            >>> config.disable_gpu()
            >>> config.switch_ir_optim(True)
            >>> config.set_cpu_math_library_num_threads(1)
            >>> config.prog_file(), config.params_file()
            ('model.json', 'model.pdiparams')
    """

    Precision = Precision
    Float32, Int8, Half, Bfloat16 = Precision.Float32, Precision.Int8, Precision.Half, Precision.Bfloat16

    def __init__(self, *args):
        self._model_dir = self._prog_file = self._params_file = ""
        self._ir_optim = True
        self._ir_debug = False
        self._use_feed_fetch_ops = False
        self._specify_input_name = False
        self._memory_optim = False
        self._cpu_threads = 1
        self._mkldnn = True
        self._mkldnn_cache = 10
        self._profile = False
        self._glog_disabled = False
        self._gpu_mem_mb = 100
        self._gpu_device_id = 0
        self._optim_cache_dir = ""
        self._buffers = None  # (program bytes, params bytes) after set_model_buffer
        self._pass_builder = PassBuilder()
        if len(args) == 1 and isinstance(args[0], Config):
            self.__dict__.update(args[0].__dict__)
            self._pass_builder = PassBuilder(args[0]._pass_builder.all_passes())
            self._pass_builder._debug = args[0]._pass_builder._debug
            return
        if len(args) > 2 or not all(isinstance(a, str) for a in args):
            raise TypeError("Config(): incompatible constructor arguments. The following argument types are "
                            "supported: Config(), Config(config: Config), Config(model_dir: str), "
                            "Config(prog_file: str, params_file: str); invoked with "
                            f"({', '.join(type(a).__name__ for a in args)})")
        if len(args) == 1:
            self._model_dir = args[0]
        elif len(args) == 2:
            self._prog_file, self._params_file = args
            if not os.path.isfile(self._prog_file):  # Paddle checks the model file here (not the params)
                raise RuntimeError(f"(NotFound) Cannot open file {self._prog_file}, please confirm whether the "
                                   "file is normal.")

    # -- the model -----------------------------------------------------------------------
    def set_model(self, *args):
        """set_model(model_dir) or set_model(prog_file, params_file)."""
        self._buffers = None
        if len(args) == 1 and isinstance(args[0], str):
            self._model_dir = args[0]
        elif len(args) == 2 and all(isinstance(a, str) for a in args):
            self._prog_file, self._params_file = args
        else:
            raise TypeError("set_model(): incompatible function arguments; supported: set_model(model_dir: str), "
                            "set_model(prog_file: str, params_file: str)")

    def set_prog_file(self, path):
        """The model file (`.json` or `.pdmodel`)."""
        self._prog_file = _str("set_prog_file", path)

    def set_params_file(self, path):
        """The combined parameters (.pdiparams) file."""
        self._params_file = _str("set_params_file", path)

    def model_dir(self):
        """The model directory (1.x layout), or ''."""
        return self._model_dir

    def prog_file(self):
        """The model file (`.json` or `.pdmodel`), or ''."""
        return self._prog_file

    def params_file(self):
        """The combined parameters (.pdiparams) file, or ''."""
        return self._params_file

    def set_model_buffer(self, prog_buffer, prog_buffer_size, params_buffer, params_buffer_size):
        """Load the model from memory: the bytes of a model (`.json` or `.pdmodel`) and of its `.pdiparams`."""
        for what, buf, size in (("prog_buffer", prog_buffer, prog_buffer_size),
                                ("params_buffer", params_buffer, params_buffer_size)):
            if not isinstance(buf, (bytes, bytearray)):
                raise TypeError(f"set_model_buffer(): {what} must be bytes (a model file read in 'rb' mode), but "
                                f"received {type(buf).__name__}")
            if size != len(buf):
                raise ValueError(f"set_model_buffer(): {what} holds {len(buf)} bytes but its size was given as "
                                 f"{size}")
        self._buffers = (bytes(prog_buffer), bytes(params_buffer))
        self._model_dir = self._prog_file = self._params_file = ""

    def model_from_memory(self):
        """Whether the model comes from set_model_buffer."""
        return self._buffers is not None

    # -- devices -------------------------------------------------------------------------
    def disable_gpu(self):
        """Run on CPU (the only place purepaddle has)."""

    def use_gpu(self):
        """Always False: purepaddle runs on CPU."""
        return False

    def enable_use_gpu(self, memory_pool_init_size_mb, device_id=0, precision_mode=Precision.Float32):
        """Ask for a GPU: like a CPU build of Paddle, this logs an error and the predictor stays on CPU."""
        if not isinstance(memory_pool_init_size_mb, int) or not isinstance(device_id, int):
            raise TypeError("enable_use_gpu(): memory_pool_init_size_mb and device_id must be int, but received "
                            f"{type(memory_pool_init_size_mb).__name__}, {type(device_id).__name__}")
        _log_error("Please use PaddlePaddle with GPU version. (purepaddle runs on CPU only; the predictor will "
                   "run on CPU.)")

    def gpu_device_id(self):
        """The GPU id asked for (unused on CPU)."""
        return self._gpu_device_id

    def memory_pool_init_size_mb(self):
        """The GPU memory pool size asked for (unused on CPU)."""
        return self._gpu_mem_mb

    def fraction_of_gpu_memory_for_pool(self):
        """0.0: no GPU memory pool on CPU."""
        return 0.0

    def use_xpu(self):
        """Always False: purepaddle runs on CPU."""
        return False

    def enable_xpu(self, *args, **kwargs):
        """XPU is not available: logs an error, the predictor stays on CPU."""
        _log_error("Please compile with XPU to EnableXpu(). (purepaddle runs on CPU only.)")

    def set_cpu_math_library_num_threads(self, cpu_math_library_num_threads):
        """Threads of the CPU math library (NumPy's BLAS pool) while a predictor made from this config runs."""
        if not isinstance(cpu_math_library_num_threads, int) or isinstance(cpu_math_library_num_threads, bool):
            raise TypeError("set_cpu_math_library_num_threads(): cpu_math_library_num_threads must be int, but "
                            f"received {type(cpu_math_library_num_threads).__name__}")
        self._cpu_threads = cpu_math_library_num_threads

    def cpu_math_library_num_threads(self):
        """The thread count set by set_cpu_math_library_num_threads."""
        return self._cpu_threads

    def enable_mkldnn(self):
        """Accepted: purepaddle has no oneDNN; NumPy kernels run either way."""
        self._mkldnn = True

    def disable_mkldnn(self):
        """Recorded (summary shows it); NumPy kernels run either way."""
        self._mkldnn = False

    def mkldnn_enabled(self):
        """Whether enable_mkldnn is on (the default, as in Paddle's CPU build)."""
        return self._mkldnn

    def set_mkldnn_cache_capacity(self, capacity):
        """Recorded for summary(); there is no oneDNN cache."""
        self._mkldnn_cache = int(capacity)

    enable_onednn, disable_onednn, onednn_enabled = enable_mkldnn, disable_mkldnn, mkldnn_enabled
    set_onednn_cache_capacity = set_mkldnn_cache_capacity

    # -- graph and execution ------------------------------------------------------------
    def switch_ir_optim(self, x=True):
        """Run the IR passes (fusions, folding, dead-op removal) when the predictor is created."""
        self._ir_optim = bool(x)

    def ir_optim(self):
        """Whether the IR passes run."""
        return self._ir_optim

    def switch_ir_debug(self, x=True):
        """Recorded for summary()."""
        self._ir_debug = bool(x)

    def switch_use_feed_fetch_ops(self, x=True):
        """Recorded: the predictor binds inputs/outputs by name (zero copy) either way."""
        self._use_feed_fetch_ops = bool(x)

    def use_feed_fetch_ops_enabled(self):
        """Whether switch_use_feed_fetch_ops(True) was called."""
        return self._use_feed_fetch_ops

    def switch_specify_input_names(self, x=True):
        """Recorded (inputs are always bound by name)."""
        self._specify_input_name = bool(x)

    def specify_input_name(self):
        """Whether switch_specify_input_names(True) was called."""
        return self._specify_input_name

    def enable_memory_optim(self, x=True):
        """Free each intermediate value right after its last use in a run."""
        self._memory_optim = bool(x)

    def enable_profile(self):
        """Time every op; the predictor prints the Profiling Report when it is released."""
        self._profile = True

    def disable_glog_info(self):
        """Silence the predictor's informational logs (pass list, profiler notice)."""
        self._glog_disabled = True

    def glog_info_disabled(self):
        """Whether disable_glog_info() was called."""
        return self._glog_disabled

    def pass_builder(self):
        """The PassBuilder holding the IR passes to run."""
        return self._pass_builder

    def delete_pass(self, pass_name):
        """Do not run pass `pass_name`."""
        self._pass_builder.delete_pass(pass_name)

    def set_optim_cache_dir(self, opt_cache_dir):
        """Recorded; optimised programs are not cached on disk."""
        self._optim_cache_dir = _str("set_optim_cache_dir", opt_cache_dir)

    def summary(self):
        """The options as an ASCII table, laid out as Paddle's Config.summary()."""
        b = lambda v: "true" if v else "false"  # noqa: E731
        model = []
        if self._model_dir:
            model.append(("model_dir", self._model_dir))
        if self._prog_file:
            model.append(("model_file", self._prog_file))
        if self._params_file:
            model.append(("params_file", self._params_file))
        sections = [
            model,
            [("cpu_math_thread", str(self._cpu_threads)), ("enable_mkldnn", b(self._mkldnn)),
             ("mkldnn_cache_capacity", str(self._mkldnn_cache)), ("use_openvino", "false"),
             ("openvino_inference_precision", "fp32")],
            [("use_gpu", "false")],
            [("use_xpu", "false")],
            [("use_cinn_compiler", "false"), ("save_optimized_model", "false"), ("ir_optim", b(self._ir_optim)),
             ("ir_debug", b(self._ir_debug)), ("use_optimized_model", "false"),
             ("memory_optim", b(self._memory_optim)), ("enable_profile", b(self._profile)),
             ("enable_log", b(not self._glog_disabled)), ("collect_shape_range_info", "false")],
        ]
        rows = [r for s in sections for r in s] + [("Option", "Value")]
        kw = max(len(k) for k, _ in rows)
        vw = max(len(v) for _, v in rows)
        rule = f"+{'-' * (kw + 2)}+{'-' * (vw + 2)}+\n"
        line = lambda k, v: f"| {k:<{kw}} | {v:<{vw}} |\n"  # noqa: E731
        out = "\n" + rule + line("Option", "Value") + rule
        for s in sections:
            out += "".join(line(k, v) for k, v in s) + rule
        return out

    # -- what create_predictor reads -----------------------------------------------------
    def _model_paths(self):
        """(prog_file, params_file or None, params_dir or None) after Paddle's rules; errors as Paddle's."""
        if self._prog_file:
            prog, params, pdir = self._prog_file, self._params_file or None, None
            if params is None and self._model_dir:
                pdir = self._model_dir
        elif self._model_dir and not os.path.isdir(self._model_dir) and model_file_of_prefix(self._model_dir):
            # a path prefix (`m/model` for m/model.json + m/model.pdiparams): Paddle fails on it with a
            # filesystem error; purepaddle loads the files, as jit.load does (docs/conformance.md)
            prog = model_file_of_prefix(self._model_dir)
            params = self._model_dir + ".pdiparams"
            params, pdir = (params if os.path.isfile(params) else None), None
        elif self._model_dir:
            prog, params, pdir = os.path.join(self._model_dir, "__model__"), None, self._model_dir
        else:
            raise ValueError("(InvalidArgument) paddle.inference.create_predictor: the Config has no model; "
                             "call Config(model_file, params_file), Config(model_dir) or config.set_model(...)")
        if not os.path.isfile(prog):
            raise RuntimeError(f"(NotFound) Cannot open file {prog}, please confirm whether the file is normal.")
        if params is not None and not os.path.isfile(params):
            raise RuntimeError(f"(Unavailable) LoadCombine operator fails to open file {params}, please check "
                               "whether the model file is complete or damaged.")
        return prog, params, pdir


def _str(api, value):
    """`value` when it is a str, else Paddle's TypeError for `api`."""
    if not isinstance(value, str):
        raise TypeError(f"{api}(): the argument must be str, but received {type(value).__name__}")
    return value
