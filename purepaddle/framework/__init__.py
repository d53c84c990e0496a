"""paddle.framework: flags, dtype helpers, random state."""
from . import flags  # noqa: E402,F401
from .flags import get_flags, set_flags  # noqa: E402,F401
from . import random  # noqa: E402,F401
from .random import (Generator, get_cuda_rng_state, get_rng_state, manual_seed, seed,  # noqa: E402,F401
                     set_cuda_rng_state, set_rng_state)
from .dtype_info import finfo, iinfo  # noqa: E402,F401
from ..static import executor as _executor  # noqa: E402

_executor.FLAG_READER.install(flags.get)  # the static Executor reads FLAGS_* from the registry (a hook point)
from .ir_mode import in_dynamic_or_pir_mode, in_pir_mode  # noqa: E402,F401  (purepaddle builds no PIR programs)
from ..nn.param_attr import ParamAttr  # noqa: E402,F401
from .io import async_save, clear_async_save_task_queue, load, save  # noqa: E402,F401
from . import nan_inf  # noqa: E402,F401  (FLAGS_check_nan_inf: installs its op hook while the flag is on)
