"""purepaddle: PaddlePaddle in Python on NumPy. This face re-exports the public API."""
from ._core import threads as _threads
_threads.apply()  # first: the BLAS thread count must be in the environment before NumPy loads (its docstring)
from ._core import allocator as _allocator  # noqa: F401  (glibc tuning, see its docstring)
from . import ops  # noqa: F401  (registers every op)
from ._core import dtype as _dtype
from ._core.autograd import grad
from ._core.dtype import (bfloat16, complex64, complex128, float16, float32, float64, get_default_dtype,
                          int8, int16, int32, int64, set_default_dtype, uint8)
from ._core.dtype import bool_ as bool  # noqa: A001  (paddle.bool)
from ._core.dtype import float8_e4m3fn, float8_e5m2, pstring, raw, uint16, uint32, uint64  # noqa: E402
from ._core.mode import (disable_static, enable_grad, enable_static, in_dynamic_mode, is_grad_enabled, no_grad,
                         set_grad_enabled)
from ._core.place import CPUPlace, CUDAPinnedPlace, CUDAPlace, is_compiled_with_cuda
from ._core.printing import get_printoptions, set_printoptions
from ._core.tensor import Parameter, Tensor, is_tensor
from .tensor import *  # noqa: F401,F403
from . import static  # noqa: E402
from . import autograd, base, device, distribution, fft, framework, linalg, nn, utils  # noqa: E402,F401
from . import audio, callbacks, hapi, io, metric, optimizer, regularizer, signal, vision  # noqa: E402,F401
from . import jit  # noqa: E402,F401
from . import amp, profiler  # noqa: E402,F401
from . import inference  # noqa: E402,F401
from . import incubate  # noqa: E402,F401
from . import onnx  # noqa: E402,F401
from . import version  # noqa: E402,F401
from . import dataset, reader, text  # noqa: E402,F401
from .batch import batch  # noqa: E402  (paddle.batch is the function)
from . import pir_utils  # noqa: E402,F401
from .base.framework import disable_signal_handler  # noqa: E402,F401
from .tensor._check import check_shape  # noqa: E402  (Paddle exports its static shape check at the top)
from .framework.io import async_save, clear_async_save_task_queue, load, save  # noqa: E402
from .hapi import Model, summary  # noqa: E402
from . import distributed  # noqa: E402,F401  (cheap: MPI starts only in init_parallel_env)
from .distributed.parallel import DataParallel  # noqa: E402
from .nn.initializer.lazy_init import LazyGuard  # noqa: E402
from .nn.functional import (adaptive_avg_pool1d, conv1d, conv2d, conv3d, group_norm, layer_norm,  # noqa: E402
                            pdist)
from .nn.functional.activation.softmax import compat_softmax as softmax  # noqa: E402  (torch's signature)
from .nn.param_attr import ParamAttr, WeightNormParamAttr as _WeightNormParamAttr  # noqa: E402
from ._alias import install_as_paddle  # noqa: E402
from .device import (device_guard, get_cudnn_version, get_device, is_compiled_with_cinn,  # noqa: E402
                     is_compiled_with_custom_device, is_compiled_with_distribute, is_compiled_with_ipu,
                     is_compiled_with_rocm, is_compiled_with_xpu, set_device)
from .device import get_default_device, set_default_device  # noqa: E402,F401
from .framework import get_flags, set_flags  # noqa: E402
from .framework.random import (Generator, get_cuda_rng_state, get_rng_state, manual_seed, seed,  # noqa: E402
                               set_cuda_rng_state, set_rng_state)
from .framework.dtype_info import finfo, iinfo  # noqa: E402
from .amp import (autocast, get_autocast_cpu_dtype, get_autocast_dtype, get_autocast_gpu_dtype,  # noqa: E402
                  is_autocast_enabled)
from . import cuda, functional, geometric, hub, random, sparse, special, sysconfig  # noqa: E402,F401
from . import compat, quantization  # noqa: E402,F401
from .compat.proxy import disable_torch_proxy as disable_compat, enable_torch_proxy as enable_compat  # noqa: E402
from .hapi.dynamic_flops import flops  # noqa: E402
from .device.places import XPUPinnedPlace  # noqa: E402  (a declared stub: purepaddle has no XPU)
from .utils.dlpack import from_dlpack, to_dlpack  # noqa: E402
from ._core.tensor import Size  # noqa: E402
from ._core.dtype import (complex64 as cfloat, complex128 as cdouble, float16 as half,  # noqa: E402
                          float32 as float, float64 as double)  # noqa: A001  (paddle.float, paddle.double, ...)
from math import e, inf, nan, pi  # noqa: E402  (paddle.pi, paddle.e, ...: Python floats, as in Paddle)
from numpy import newaxis  # noqa: E402  (None, as paddle.newaxis)
from .static import nn as _static_nn  # noqa: E402  (paddle.static.nn: floor-6 layers and control flow)
from .static import amp as _static_amp  # noqa: E402,F401  (paddle.static.amp: decorate, amp_init)

static.Print, static.accuracy, static.auc = _static_nn.Print, _static_nn.accuracy, _static_nn.auc
static.ctr_metric_bundle = _static_nn.metric.ctr_metric_bundle
static.__all__ += ["Print", "accuracy", "auc", "ctr_metric_bundle"]
static.py_func, static.ExponentialMovingAverage = _static_nn.py_func, _static_nn.ExponentialMovingAverage
static.__all__ += ["py_func", "ExponentialMovingAverage"]
static.WeightNormParamAttr = _WeightNormParamAttr  # paddle.static.WeightNormParamAttr (defined on floor 5)
static.__all__ += ["WeightNormParamAttr"]
dtype = _dtype.DType
__version__ = "3.3.1"
