"""paddle.jit.save / paddle.jit.load: inference models (`.json` PIR program or `.pdmodel` ProgramDesc, `.pdiparams`,
`.pdiparams.info`); FLAGS_enable_pir_api (Paddle 3's default) picks the PIR form, as Paddle 3 does."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Callable, Sequence
    from typing import Any

import functools
import inspect
import os
import pickle
import types
import warnings

from .._core import dtype as _dt
from .._core.mode import in_dynamic_mode
from .._core.pickle_safe import safe_load, trusted_by_env
from .._core.storage import recover
from .._core.tensor import Parameter, Tensor
from ..nn.layer.layers import Layer
from ..static.files import file_set, open_model_file, write_file_atomic
from ..static.input import InputSpec
from ..static.persistables import (check_declared, load_combined_params, load_params_into, params_to_bytes,
                                   persistable_names)
from ..static.model_args import model_file_of_prefix, model_suffix, pir_model_files
from ..static.pir.writer import program_to_pir_bytes
from ..static.program_bytes import program_from_file, program_to_bytes
from ..static.prune import inference_program
from ..static.tensor_record import tensor_record
from ..static.variable import Variable
from . import api as _api
from .property_file import property_bytes
from .translated_layer import TranslatedLayer, _ProgramHolder, rename_vars, unique_names

__all__ = ["save", "load"]

INFER_MODEL_SUFFIX = ".pdmodel"  # the legacy form; model_suffix() names the one FLAGS_enable_pir_api picks
INFER_PARAMS_SUFFIX = ".pdiparams"
INFER_PARAMS_INFO_SUFFIX = ".pdiparams.info"
INFER_PROPERTY_SUFFIX = ".meta"

_SAVE_CONFIGS = ("output_spec", "with_hook", "combine_params", "clip_extra", "skip_forward",
                 "input_names_after_prune", "skip_prune_program", "separate_parameters")
_LOAD_CONFIGS = ("model_filename", "params_filename")


def _dygraph_only(api):
    """Paddle's error for jit.save/load called in static mode (they trace and run eager layers)."""
    if not in_dynamic_mode():
        raise AssertionError(f"We only support '{api}()' in dynamic graph mode, please call 'paddle.disable_static()' "
                             "to enter dynamic graph mode.")


# -- save ------------------------------------------------------------------------------------
def _save_configs(configs):
    """Check jit.save's **configs against the keys Paddle accepts."""
    for key in configs:
        if key not in _SAVE_CONFIGS:
            raise ValueError(f"The additional config ({key}) of `paddle.jit.save` is not supported.")
    return configs


def _bakes_hooks(layer, configs):
    """Whether the saved forward runs the layer's own forward pre/post hooks: with_hook=True, or (as in
    Paddle) whenever the outermost layer has hooks; sublayers' hooks always run, as their __call__ does."""
    hooked = isinstance(layer, Layer) and bool(layer._forward_pre_hooks or layer._forward_post_hooks)
    with_hook = bool(configs.get("with_hook")) or hooked
    if with_hook and configs.get("output_spec"):
        raise RuntimeError("Currently not support specify output_spec while founding pre/post hooks in your "
                           "outermost layer.")
    return hooked


def _hooked_forward(layer, fn, spec):
    """A StaticFunction tracing layer's forward wrapped in its forward pre/post hooks (fn: the bound
    forward, a method or a to_static one; spec: the input_spec it is traced with unless fn has its own)."""
    if isinstance(fn, _api.StaticFunction):
        func, spec = fn._dygraph_function, fn._input_spec if fn._input_spec is not None else spec
    else:
        func = fn.__func__

    @functools.wraps(func)  # the signature of forward, so input specs bind as they do to forward
    def hooked(self, *args, **kwargs):
        return self(*args, **kwargs)  # the hooks around the (converted) forward, as a call runs them

    # not a decorator of forward's source: dy2static must transcribe this wrapper, not unwrap it to forward
    del hooked.__wrapped__
    hooked.__signature__ = inspect.signature(func)
    return _api.StaticFunction(types.MethodType(hooked, layer), spec)


def _inner_spec(input_spec):
    """jit.save's input_spec as a list, Tensors turned into InputSpecs."""
    if input_spec is None:
        return None
    if not isinstance(input_spec, (list, tuple)):
        raise TypeError(f"The input input_spec should be 'list', but received input_spec's type is "
                        f"{type(input_spec)}.")
    out = []
    for s in input_spec:
        if isinstance(s, (Tensor, Variable)):
            s = InputSpec.from_tensor(s)
        out.append(s)
    return out


def _static_methods(layer):
    """Names of the layer's methods converted by to_static (class-level or on the instance)."""
    names = set()
    for name in set(dir(type(layer))) | set(layer.__dict__):
        if name.startswith("__"):
            continue
        attr = layer.__dict__.get(name, inspect.getattr_static(type(layer), name, None))
        if isinstance(attr, _api.StaticFunction):
            names.add(name)
    return names


def _concrete_programs(layer, input_spec, configs):
    """([(method name, ConcreteProgram, state tensors owner Layer or None)] to save, [(property value, key)]).

    input_spec reaches a to_static function once: a method traced here gets it as its own spec, one
    already decorated gets it as jit.save's (which its decorator's spec overrides, with a warning).
    """
    out, properties = [], []
    hooked = _bakes_hooks(layer, configs)
    if isinstance(layer, Layer):
        methods = _static_methods(layer)
        if isinstance(layer, TranslatedLayer):
            methods |= set(layer._program_holder_dict)
        if input_spec is not None and methods - {"forward"}:
            raise ValueError("If there are static functions other than 'forward' that need to be saved, the input "
                             f"'input_spec' should be None, but received the type of 'input_spec' is "
                             f"{type(input_spec)}.")
        for name in sorted(methods | {"forward"}):
            fn = getattr(layer, name)
            if isinstance(fn, _api.StaticFunction) and fn.is_property:
                properties.append((fn(), f"{type(layer).__name__}.{name}"))
                continue
            if name == "forward" and configs.get("skip_forward"):
                continue
            given, spec = input_spec, input_spec
            if spec is None and isinstance(layer, TranslatedLayer):
                spec = layer._input_spec(name)  # a loaded layer knows its inputs
            if name == "forward" and hooked:
                if not isinstance(fn, _api.StaticFunction):
                    given = None
                fn = _hooked_forward(layer, fn, spec)
            elif not isinstance(fn, _api.StaticFunction):
                fn, given = _api.StaticFunction(fn, spec), None
            out.append((name, fn.concrete_program_specify_input_spec(given), layer))
    elif isinstance(layer, _api.StaticFunction) and layer.is_property:
        pass  # Paddle keys a function's property by the function object, which its .meta can not hold
    else:
        fn, given = layer, input_spec
        if not isinstance(fn, _api.StaticFunction):
            fn, given = _api.StaticFunction(layer, input_spec), None
        owner = fn.class_instance if isinstance(fn.class_instance, Layer) else None
        out.append(("forward", fn.concrete_program_specify_input_spec(given), owner))
    return out, properties


def _feed_names(cp, input_spec, configs):
    """The saved feed targets: every input, or those input_spec / input_names_after_prune name."""
    names = [v.name for v in cp.inputs]
    keep = configs.get("input_names_after_prune")
    specs = [s for s in (input_spec or []) if isinstance(s, InputSpec)]
    if keep is not None:
        specs = [s for s in specs if s.name in keep]
    if input_spec is None or len(specs) == len(names):
        return names
    for s in specs:
        if s.name is None:
            raise ValueError(f"The {s}'s name is None. When using jit.save, please set InputSpec's name in "
                             "to_static(input_spec=[]) and jit.save(input_spec=[]) and make sure they are consistent.")
        if s.name not in names:
            raise ValueError(f"The tensor `{s.name}` does not exists. Please make sure the name of InputSpec or "
                             "example Tensor in input_spec is the same as the name of InputSpec in `to_static` "
                             "decorated on the Layer.forward method.")
    return [s.name for s in specs]


def _fetch_names(cp, output_spec):
    """The saved fetch targets: every output (once each), or those output_spec picks."""
    names = list(dict.fromkeys(v.name for v in cp.outputs))
    if output_spec is None:
        return names
    picked = []
    for o in output_spec:
        if isinstance(o, int) and not isinstance(o, bool):
            if not 0 <= o < len(names):
                raise ValueError(f"position {o} should smaller than output's size {len(names)}")
            picked.append(names[o])
            continue
        n = getattr(o, "name", o)
        if n not in names:
            raise ValueError(f"The tensor `{n}` does not exists. Please make sure the name of example Tensor in "
                             "configs.output_spec is the output tensor of Layer.forward method.")
        picked.append(n)
    return names if len(picked) == len(names) else picked


def _var_info(cp, owner):
    """{var name: {'structured_name', 'stop_gradient', 'trainable'}} for the .pdiparams.info pickle."""
    structured, tensors = {}, {}
    if owner is not None:
        for sname, t in owner.to_static_state_dict().items():
            if isinstance(t, Tensor):
                structured.setdefault(t.name, sname)
                tensors.setdefault(t.name, t)
    for name, t in zip(cp.param_names, cp.parameters):
        tensors.setdefault(name, t)
    info = {}
    for name, t in tensors.items():
        d = {}
        if name in structured:
            d["structured_name"] = structured[name]
        d["stop_gradient"] = bool(t.stop_gradient)
        if isinstance(t, Parameter):
            d["trainable"] = bool(t.trainable)
        info[name] = d
    return info


def save(layer: Layer | Callable[..., Any], path: str, input_spec: Sequence[InputSpec | Tensor] | None = None,
         **configs: Any) -> None:
    """Save a Layer (or function) as an inference model: `path.json` (a PIR program) and `path.pdiparams`.

    The forward (and every other to_static method) is traced with `input_spec` (or the shapes it
    was last called with), pruned to its inputs and outputs, and written with feed/fetch ops and
    is_test set, as paddle.static.save_inference_model writes it. The layer keeps its mode: a
    layer in training mode is saved in inference form (BatchNorm running stats, no dropout).
    Under Paddle 3's default FLAGS_enable_pir_api the program is a PIR `path.json`, as Paddle 3 writes it;
    with FLAGS_enable_pir_api=0 a legacy `path.pdmodel`, with `path.pdiparams.info` mapping each
    parameter/buffer name to its structured name and flags.

    Args:
        layer (Layer|function): what to save.
        path (str): the file prefix, `dirname/file_prefix`.
        input_spec (list[InputSpec|Tensor], optional): the inputs of forward.
        **configs: `output_spec` (outputs to keep: output Variables or positions),
            `input_names_after_prune`, `clip_extra` (default True), `skip_forward`,
            `skip_prune_program`; `with_hook` (the layer's own forward pre/post hooks are
            saved in the forward program; as in Paddle they are whenever the layer has hooks),
            `combine_params` (`path.pdiparams` holds the persistables of every saved method,
            `path.meta` the values of `property=True` methods), `separate_parameters` (the 1.x
            layout: `dirname/__model__` and one file per variable; jit.load(dirname) reads it).

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> net = paddle.nn.Linear(4, 2)
            >>> d = tempfile.mkdtemp()
            >>> spec = [paddle.static.InputSpec([None, 4], 'float32', 'x')]
            >>> paddle.jit.save(net, os.path.join(d, 'linear'), input_spec=spec)
            >>> sorted(os.listdir(d))
            ['linear.json', 'linear.pdiparams']
            >>> paddle.set_flags({'FLAGS_enable_pir_api': False})
            >>> paddle.jit.save(net, os.path.join(d, 'legacy'), input_spec=spec)
            >>> sorted(f for f in os.listdir(d) if f.startswith('legacy'))
            ['legacy.pdiparams', 'legacy.pdiparams.info', 'legacy.pdmodel']
            >>> paddle.set_flags({'FLAGS_enable_pir_api': True})
    """
    _dygraph_only("save")
    if not _api._ENABLED[0]:
        raise RuntimeError("The paddle.jit.save doesn't work when setting 'paddle.jit.enable_to_static' to False.")
    if not (isinstance(layer, (Layer, _api.StaticFunction)) or inspect.isfunction(layer)
            or inspect.ismethod(layer)):
        raise TypeError(f"The input of paddle.jit.save should be 'Layer' or 'Function', but received input type is "
                        f"{type(layer)}.")
    if not isinstance(layer, Layer):
        warnings.warn("What you save is a function, and `jit.save` will generate the name of the model file according "
                      "to `path` you specify. When loading these files with `jit.load`, you get a `TranslatedLayer` "
                      "whose inference result is the same as the inference result of the function you saved.")
    path = os.fspath(path)
    file_prefix = os.path.basename(path)
    if file_prefix == "":
        raise ValueError("The input path MUST be format of dirname/file_prefix [dirname\\file_prefix in Windows "
                         "system], but received file_prefix is empty string.")
    configs = _save_configs(configs)
    input_spec = _inner_spec(input_spec)
    if isinstance(layer, Layer) and type(layer).__name__ == "DataParallel" and isinstance(
            getattr(layer, "_layers", None), Layer):
        layer = layer._layers  # save the wrapped layer, whose forward has the real signature
    files, info, has_param, combined = {}, {}, False, {}
    pir, suffix = pir_model_files(), model_suffix()
    programs, properties = _concrete_programs(layer, input_spec, configs)
    dirname = os.path.dirname(path)
    for method, cp, owner in programs:
        feeds = _feed_names(cp, input_spec, configs)
        fetches = _fetch_names(cp, configs.get("output_spec"))
        program = inference_program(cp.main_program, feeds, fetches,
                                    prune=not configs.get("skip_prune_program", False))
        arrays = dict(zip(cp.param_names, (t._data for t in cp.parameters)))
        names = persistable_names(program)
        if configs.get("separate_parameters"):  # as Paddle: the 1.x directory layout, `__model__` + a file a var
            files[os.path.join(dirname, "__model__")] = program_to_bytes(
                program, training_info=False, clip_extra=configs.get("clip_extra", True), tail=("feed", "fetch"))
            for n in names:
                files[os.path.join(dirname, n)] = tensor_record(arrays[n])
        else:
            stem = path if method == "forward" else f"{path}.{method}"
            if pir:
                files[stem + suffix] = program_to_pir_bytes(program, stem + suffix)
            else:
                files[stem + suffix] = program_to_bytes(
                    program, training_info=False, clip_extra=configs.get("clip_extra", True), tail=("feed", "fetch"))
            if names:  # as Paddle: no parameter file for a program reading none
                files[stem + INFER_PARAMS_SUFFIX] = params_to_bytes({n: arrays[n] for n in names})
        combined.update((n, arrays[n]) for n in names)
        for k, v in _var_info(cp, owner).items():
            info.setdefault(k, v)
        has_param = has_param or any(isinstance(t, Parameter) for t in cp.parameters)
    if configs.get("combine_params"):
        # as Paddle: `path.pdiparams` then holds every method's persistables (sorted by name; jit.load
        # reads it back), and `path.meta` the values of property=True methods
        files[path + INFER_PARAMS_SUFFIX] = params_to_bytes(combined)
        files[path + INFER_PROPERTY_SUFFIX] = property_bytes(properties)
    # as Paddle: not for a function reading no parameter, and not beside a PIR program (which states each
    # parameter's trainable itself)
    if info and (isinstance(layer, Layer) or has_param) and not pir:
        files[path + INFER_PARAMS_INFO_SUFFIX] = pickle.dumps(info, protocol=2)
    if dirname:
        os.makedirs(dirname, exist_ok=True)
    with file_set():  # every file is built first; then they land together or not at all
        for p, data in files.items():
            write_file_atomic(p, data)


# -- load ------------------------------------------------------------------------------------
def _load_paths(path, configs):
    """(model files {method: path}, params files {method: path or None}, info path or None)."""
    for key in configs:
        if key not in _LOAD_CONFIGS:
            raise ValueError(f"The additional config ({key}) of `paddle.jit.load` is not supported.")
    path = os.fspath(path)
    recover(path)  # an interrupted jit.save here is completed (or its temporaries removed) before we look
    model_file = model_file_of_prefix(path)
    prefix_exists = model_file is not None
    dir_exists = os.path.isdir(path)
    if prefix_exists and dir_exists:
        raise ValueError(f"The {path}.pdmodel(json) and {path} directory exist at the same time, don't know which one "
                         "to load, please make sure that the specified target of ``path`` is unique.")
    if not prefix_exists and not dir_exists:
        raise ValueError(f"The ``path`` ({path}) to load model not exists. Please make sure that *.pdmodel(json) "
                         "exists or don't using ``skip_forward=True`` to jit.save.")
    if prefix_exists:
        for key in _LOAD_CONFIGS:
            if configs.get(key) is not None:
                warnings.warn(f"When loading the result saved with the specified file prefix, the ``{key}`` config "
                              "does not take effect.")
        models = {"forward": model_file}
        params = {"forward": path + INFER_PARAMS_SUFFIX}
        dirname, base = os.path.split(os.path.abspath(path))
        suffix = model_file[len(path):]
        for f in sorted(os.listdir(dirname)):
            if f.startswith(base + ".") and f.endswith(suffix):
                method = f[len(base) + 1:-len(suffix)]
                if method and "." not in method:
                    models[method] = os.path.join(dirname, f)
                    params[method] = os.path.join(dirname, f"{base}.{method}{INFER_PARAMS_SUFFIX}")
        info = path + INFER_PARAMS_INFO_SUFFIX  # written beside a legacy program only (a PIR one states trainable)
        return models, params, info if os.path.exists(info) and suffix == INFER_MODEL_SUFFIX else None
    # a directory written by save_inference_model (1.x layout: __model__ and one file per var, or named files)
    model = configs.get("model_filename") or "__model__"
    models = {"forward": os.path.join(path, os.path.basename(model))}
    pf = configs.get("params_filename")
    params = {"forward": os.path.join(path, os.path.basename(pf)) if pf else None}
    info = params["forward"] + ".info" if pf else None
    return models, params, info if info and os.path.exists(info) else None


def _read_program(path):
    """The Program of a model file (ValueError naming it when it is missing or not a ProgramDesc)."""
    if not os.path.isfile(path):
        raise ValueError(f"The ``path`` ({path}) to load model not exists.")
    return program_from_file(path)


def _load_arrays(program, params_path, model_dir):
    """{name: ndarray} of program's persistables: a combined params file, or one file per var in model_dir."""
    if params_path is None:
        return load_params_into(program, None, dirname=model_dir)
    if not os.path.exists(params_path):
        if persistable_names(program):
            raise ValueError("The model to be loaded is incomplete.")
        return {}
    return load_params_into(program, params_path)


def _combined_arrays(programs, params_path):
    """{name: ndarray} of every program's persistables when params_path holds them all (the file
    jit.save(combine_params=True) writes, which Paddle's own jit.load refuses); None when it does not."""
    if len(programs) < 2 or params_path is None:
        return None
    names = sorted({n for prog in programs.values() for n in persistable_names(prog)})
    try:
        out = load_combined_params(params_path, names)
        for prog in programs.values():
            check_declared(prog, out, params_path)
    except ValueError:
        return None
    return out


def load(path: str, **configs: Any) -> TranslatedLayer:
    """Load a model saved by paddle.jit.save (or paddle.static.save_inference_model) as a TranslatedLayer.

    Files written by paddlepaddle itself (PIR `.json` or legacy `.pdmodel`) load too; where both `path.json` and
    `path.pdmodel` exist, FLAGS_enable_pir_api picks, as in Paddle 3. The layer starts
    in eval mode; call `.train()` to fine-tune it.

    Args:
        path (str): the prefix given to jit.save, or a directory holding a save_inference_model model.
        **configs: `model_filename`, `params_filename` (for the directory form).

    Returns:
        TranslatedLayer: a layer that runs the saved program.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> net = paddle.nn.Linear(4, 2)
            >>> path = os.path.join(tempfile.mkdtemp(), 'linear')
            >>> paddle.jit.save(net, path, input_spec=[paddle.static.InputSpec([None, 4], 'float32')])
            >>> loaded = paddle.jit.load(path)
            >>> [p.shape for p in loaded.parameters()]
            [paddle.Size([2]), paddle.Size([4, 2])]
    """
    _dygraph_only("load")
    models, params, info_path = _load_paths(path, configs)
    programs = {m: _read_program(p) for m, p in models.items()}
    model_dir = os.path.dirname(models["forward"])
    arrays = {}
    for m, prog in programs.items():
        try:
            arrays.update(_load_arrays(prog, params[m], model_dir))
        except ValueError:
            combined = _combined_arrays(programs, params[m])
            if combined is None:
                raise
            arrays.update(combined)
    info = None
    if info_path is not None:
        with open_model_file(info_path) as f:
            info = _read_info(f, info_path)
    old_names = sorted(arrays)
    taken = set(n for prog in programs.values() for n in (v.name for v in prog.list_vars()))
    mapping = unique_names(old_names, taken)
    written = set(n for prog in programs.values() for b in prog.blocks for op in b.ops for n in op.output_arg_names)
    tensors = {}
    for old in old_names:
        if info is not None and old not in info:
            raise RuntimeError(f"The model to be loaded is not complete.The variable `{old}` of program cannot be "
                               "found in loaded model.")
        tensors[mapping[old]] = _persistable(mapping[old], arrays[old], info.get(old) if info is not None else None,
                                             old in written)
    holders = {}
    for m, prog in programs.items():
        rename_vars(prog, mapping)
        holders[m] = _ProgramHolder(prog)
    layer = TranslatedLayer(holders, tensors)
    layer.eval()
    return layer


def _read_info(f, path):
    """The {var name: {...}} table of a `.pdiparams.info` (restricted unpickler: data only, never code)."""
    if trusted_by_env():
        return pickle.load(f)
    info = safe_load(f, source=path)
    if not isinstance(info, dict) or not all(isinstance(k, str) and isinstance(v, dict) for k, v in info.items()):
        raise ValueError(f"The parameter info file {path} is malformed: it must map each variable name to a dict "
                         f"of its attributes, but holds a {type(info).__name__}")
    return info


def _persistable(name, array, info, written):
    """The eager tensor of a loaded persistable: a Parameter, or a buffer when info says it is none."""
    is_float = _dt.from_numpy(array.dtype).is_floating
    if info is not None:
        if info.get("trainable") is not None:
            t = Parameter(array, name=name, trainable=bool(info["trainable"]))
        else:
            t = Tensor(array, name=name, persistable=True)
        t.stop_gradient = bool(info.get("stop_gradient", not is_float))
        return t
    # no info (a save_inference_model model): every persistable is a parameter, those the program
    # writes itself (running statistics) and integer ones stop gradient
    t = Parameter(array, name=name, trainable=is_float and not written)
    t.stop_gradient = written or not is_float
    return t
