"""paddle.amp.decorate: pure float16/bfloat16 (O2) models with float32 master weights in the optimizer.

On the CPU place decorate hands models and optimizers back untouched, as real Paddle's CPU build does,
unless FLAGS_purepaddle_cpu_amp turns on the emulation of a GPU's AMP (`support.cpu_amp`)."""
from .._core import dtype as _dt
from .._core.mode import in_dynamic_mode, no_grad
from ..nn.layer.layers import Layer
from ..optimizer.optimizer import Optimizer
from .auto_cast import amp_global_state
from .support import cpu_amp

__all__ = ["decorate", "amp_decorate", "StateDictHook"]


def _norm_classes():
    from ..nn import (BatchNorm, BatchNorm1D, BatchNorm2D, BatchNorm3D, InstanceNorm1D, InstanceNorm2D,
                      InstanceNorm3D, LayerNorm, SyncBatchNorm)
    return (BatchNorm, BatchNorm1D, BatchNorm2D, BatchNorm3D, SyncBatchNorm), (LayerNorm, InstanceNorm1D,
                                                                                 InstanceNorm2D, InstanceNorm3D)


class StateDictHook:
    """state_dict hook of decorate(save_dtype=...): floating entries are saved in `save_dtype`."""

    def __init__(self, save_dtype):
        self._save_dtype = save_dtype

    def __call__(self, state_dict):
        d = _dt.convert_dtype(self._save_dtype)
        for key in state_dict:
            t = state_dict[key]
            if getattr(getattr(t, "dtype", None), "is_floating", False) and t.dtype != d:
                with no_grad():
                    cast = t.astype(d)
                cast.name = t.name
                state_dict[key] = cast


def _set_excluded_layers(models, excluded_layers):
    msg = "excluded_layers must be either a nn.Layer instance/type or a list of nn.Layer instances/types."
    instances, types = [], []
    if excluded_layers is None:
        pass
    elif isinstance(excluded_layers, Layer):
        instances = [excluded_layers]
    elif isinstance(excluded_layers, type) and issubclass(excluded_layers, Layer):
        types = [excluded_layers]
    elif isinstance(excluded_layers, list):
        for item in excluded_layers:
            if isinstance(item, Layer):
                instances.append(item)
            elif isinstance(item, type) and issubclass(item, Layer):
                types.append(item)
            else:
                raise TypeError(msg)
    else:
        raise TypeError(msg)
    for inst in instances:
        for layer in inst.sublayers(include_self=True):
            layer._cast_to_low_precision = False
    types = tuple(types)
    for model in models:
        for layer in model.sublayers(include_self=True):
            if types and isinstance(layer, types):
                layer._cast_to_low_precision = False


def _need_keep_fp32(layer, dtype, bn, ln):
    """Layers whose parameters stay float32: excluded ones, batch norms, and (for float16) the other norms."""
    if not getattr(layer, "_cast_to_low_precision", True):
        return True
    if isinstance(layer, bn):
        return True
    ld = getattr(layer, "_dtype", None)
    return getattr(ld, "name", ld) == "float16" or (dtype == "float16" and isinstance(layer, ln))


def amp_initialize(models, dtype, excluded_layers):
    """Cast every layer's own floating parameters and buffers to `dtype`, except the ones kept float32."""
    _set_excluded_layers(models, excluded_layers)
    bn, ln = _norm_classes()
    for model in models:
        for layer in model.sublayers(include_self=True):
            if _need_keep_fp32(layer, dtype, bn, ln):
                continue
            layer._to_impl(dtype=dtype, include_sublayers=False, floating_only=True)
    return models


# paddle.DataParallel, named rather than imported: distributed builds on amp (recompute replays auto_cast)
_DATA_PARALLEL = (__name__.rpartition(".amp.")[0] + ".distributed.parallel", "DataParallel")


def _is_data_parallel(model):
    return any((c.__module__, c.__qualname__) == _DATA_PARALLEL for c in type(model).__mro__)


def _check_models(models):
    for model in models:
        if not isinstance(model, Layer):
            raise RuntimeError(f"Current train mode is pure fp16, models should be paddle.nn.Layer, but receive "
                               f"{type(model)}.")
        if _is_data_parallel(model):
            raise RuntimeError("For distributed AMP training, you should first use paddle.amp.decorate() to "
                               "decorate origin model, and then call paddle.DataParallel get distributed model.")


def _check_optimizers(optimizers):
    for opt in optimizers:
        if not isinstance(opt, Optimizer) and not isinstance(getattr(opt, "inner_opt", None), Optimizer):
            raise RuntimeError(f"Current train mode is pure fp16, optimizers should be paddle.optimizer.Optimizer "
                               f"or DygraphShardingOptimizer, but receive {type(opt)}.")


def amp_decorate(models, optimizers=None, level="O1", dtype="float16", master_weight=None, save_dtype=None,
                 master_grad=False, excluded_layers=None):
    """See `decorate`."""
    if not in_dynamic_mode():
        raise AssertionError("We only support 'amp_decorate' in dynamic graph mode.")
    if level not in ("O1", "O2"):
        raise ValueError("level should be O1 or O2, O1 represent AMP train mode, O2 represent Pure fp16 train mode.")
    if dtype not in ("float16", "bfloat16"):
        raise ValueError("dtype only support float16 or bfloat16.")
    if level == "O1" or not cpu_amp():  # O1, or Paddle's CPU build: nothing to do, no warning
        return models if optimizers is None else (models, optimizers)
    if dtype == "bfloat16" and _dt.bfloat16.np_dtype is None:
        raise ImportError("paddle.amp.decorate(dtype='bfloat16') needs the optional package ml_dtypes: "
                          "pip install purepaddle[bf16]")
    if isinstance(models, Layer):
        models_is_list, models = False, [models]
    elif isinstance(models, list):
        models_is_list = True
    else:
        raise TypeError("models must be either a single model or a list of models.")
    _check_models(models)
    opts_is_list = False
    if optimizers is not None:
        if isinstance(optimizers, list):
            opts_is_list = True
        else:
            optimizers = [optimizers]
        _check_optimizers(optimizers)
    if save_dtype is not None and save_dtype not in ("float16", "bfloat16", "float32", "float64"):
        raise ValueError(f"save_dtype can only be float16 float32 or float64, but your input save_dtype is "
                         f"{save_dtype}.")
    amp_initialize(models, dtype, excluded_layers)
    if optimizers is not None:
        for opt in optimizers:
            inner = getattr(opt, "inner_opt", opt)
            if hasattr(inner, "_multi_precision"):
                inner._multi_precision = master_weight is not False
    if master_grad:
        amp_global_state().use_master_grad = True
        for m in models:
            amp_global_state().model_parameters.extend(m.parameters())
    if save_dtype is not None:
        for m in models:
            for layer in m.sublayers(include_self=True):
                layer.register_state_dict_hook(StateDictHook(save_dtype))
    models = models if models_is_list else models[0]
    if optimizers is None:
        return models
    return models, (optimizers if opts_is_list else optimizers[0])


def decorate(models, optimizers=None, level="O1", dtype="float16", master_weight=None, save_dtype=None,
             master_grad=False, excluded_layers=None):
    """Prepare models (and optimizers) for pure low-precision training (level='O2').

    At O2 every layer's floating parameters and buffers become `dtype`, except batch norms (and, for
    float16, LayerNorm/InstanceNorm) and `excluded_layers`; the optimizers keep float32 master
    weights (multi_precision, unless master_weight=False) that their state_dict saves under
    'master_weights'. At O1 the models and optimizers come back unchanged, and so they do on the CPU
    place, as in real Paddle's CPU build, unless FLAGS_purepaddle_cpu_amp (purepaddle's own flag) turns on
    the emulation of a GPU's AMP.

    Args:
        models (Layer|list[Layer]): the model(s).
        optimizers (Optimizer|list[Optimizer]|None): their optimizer(s).
        level (str): 'O1' or 'O2'. Default 'O1'.
        dtype (str): 'float16' or 'bfloat16'. Default 'float16'.
        master_weight (bool|None): keep float32 master weights (None: yes).
        save_dtype (str|None): dtype of the floating entries of state_dict().
        master_grad (bool): accepted (gradients of float16 parameters are float16 here).
        excluded_layers (Layer|type|list|None): layers (or layer types) kept in float32.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> model = paddle.nn.Linear(4, 2)
            >>> opt = paddle.optimizer.Adam(parameters=model.parameters())
            >>> model, opt = paddle.amp.decorate(model, opt, level='O2')
            >>> model.weight.dtype  # the CPU place: untouched
            paddle.float32
            >>> paddle.set_flags({'FLAGS_purepaddle_cpu_amp': True})
            >>> model, opt = paddle.amp.decorate(model, opt, level='O2')
            >>> model.weight.dtype
            paddle.float16
            >>> with paddle.amp.auto_cast(level='O2'):
            ...     loss = model(paddle.rand([3, 4])).mean()
            >>> loss.backward()
            >>> opt.step()
            >>> len(opt.state_dict()["master_weights"])
            2
    """
    return amp_decorate(models, optimizers, level, dtype, master_weight, save_dtype, master_grad, excluded_layers)
