"""v2's process setup, paddle.v2.init: the device (use_gpu, gpu_id), the number of trainer threads
(trainer_count: each mini-batch is split among them and their gradients merged) and `seed=`."""
import os

__all__ = ["init", "RUNTIME"]


class Runtime:
    """What paddle.init set for this process: `trainer_count` threads, `use_gpu`, `gpu_id`."""

    def __init__(self):
        self.trainer_count, self.use_gpu, self.gpu_id = 1, False, 0


RUNTIME = Runtime()


def _flag(value, name):
    """A v2 boolean flag: True/False, 0/1 or the strings 'true'/'false'/'1'/'0'."""
    if isinstance(value, str):
        low = value.strip().lower()
        if low in ("true", "1", "yes", "t", "y"):
            return True
        if low in ("false", "0", "no", "f", "n", ""):
            return False
        raise ValueError(f"paddle.init: {name} must be a boolean, but received {value!r}")
    return bool(value)


def _visible_gpus():
    """The GPU ids CUDA_VISIBLE_DEVICES lists (None when it is unset)."""
    env = os.environ.get("CUDA_VISIBLE_DEVICES")
    if env is None:
        return None
    return [d.strip() for d in env.split(",") if d.strip() and d.strip() != "-1"]


def _select_gpu(gpu_id):
    """Use GPU `gpu_id` (counted among the visible ones, as the legacy binary did) or raise a clear error."""
    from ..device.cuda import device_count
    found = device_count()
    visible = _visible_gpus()
    seen = f"CUDA_VISIBLE_DEVICES={os.environ['CUDA_VISIBLE_DEVICES']!r}" if visible is not None else \
        "CUDA_VISIBLE_DEVICES unset"
    if found == 0:
        raise RuntimeError(f"paddle.init: use_gpu=True (gpu_id={gpu_id}), but this machine has no GPU that "
                           f"purepaddle can use (0 CUDA devices; {seen}). Train on the CPU with use_gpu=False "
                           f"(trainer_count=N runs N CPU threads).")
    if not 0 <= gpu_id < found:
        raise RuntimeError(f"paddle.init: gpu_id={gpu_id}, but only {found} GPU(s) are visible ({seen}); "
                           f"gpu_id counts the visible GPUs from 0")
    from ..device import set_device
    set_device(f"gpu:{gpu_id}")


def init(use_gpu=False, trainer_count=1, gpu_id=0, **kwargs):
    """v2's process setup.

    `trainer_count=N` makes each trainer split every mini-batch into N parts, computed by N threads whose
    gradients are summed before the update (the result equals one thread on the whole batch).
    `use_gpu=True` trains on GPU `gpu_id` (counted among those CUDA_VISIBLE_DEVICES lists) and raises
    RuntimeError on a machine without a GPU; with use_gpu=False `gpu_id` is ignored, as the legacy binary did.
    `seed=` seeds the random generator.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.init(use_gpu=False, trainer_count=2)
            >>> paddle.init(use_gpu=False, trainer_count=1)
    """
    trainer_count, gpu_id = int(trainer_count), int(gpu_id)
    if trainer_count < 1:
        raise ValueError(f"paddle.init: trainer_count must be >= 1, but received {trainer_count}")
    if gpu_id < 0:
        raise ValueError(f"paddle.init: gpu_id must be >= 0, but received {gpu_id}")
    use_gpu = _flag(use_gpu, "use_gpu")
    if use_gpu:
        _select_gpu(gpu_id)
    RUNTIME.trainer_count, RUNTIME.use_gpu, RUNTIME.gpu_id = trainer_count, use_gpu, gpu_id
    if "seed" in kwargs and kwargs["seed"]:
        from ..framework.random import seed
        seed(int(kwargs["seed"]))
