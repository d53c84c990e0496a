"""Strategy, DistModel and to_static: a model, its loss and optimizer as one callable that runs a training step,
an evaluation step or a prediction per call, in the mode set by train()/eval()/predict().

Paddle compiles the three into static programs; here each call runs the eager forward (and backward and step in
training), which gives the same numbers. Strategy's amp and gradient_merge change those numbers and are honoured
(auto_cast around the forward; the optimizer steps every k_steps calls on the summed or averaged gradients);
sharding only saves memory in Paddle and computes the same values; pipeline with more than one stage is refused.
"""
import copy


from ..._core.tensor import Tensor
from ...nn.layer.layers import Layer
from .optim import _ShardOptimizer, average_gradients

__all__ = ["Strategy", "DistModel", "to_static"]

_DEFAULTS = {
    "sharding": {"enable": False, "stage": 1, "degree": 8, "enable_overlap": False, "param_comm_stream_num": 1,
                 "grad_comm_stream_num": 1, "param_bucket_size_numel": 1, "grad_bucket_size_numel": 1,
                 "enable_hierarchical_comm": False, "partition_algor": "greedy_even", "enable_tuning": False,
                 "tuning_range": [], "release_gradients": False, "comm_buffer_size_MB": 256,
                 "enable_tensor_fusion": False, "save_unbalanced_param": True},
    "gradient_merge": {"enable": False, "k_steps": 1, "avg": True},
    "pipeline": {"enable": False, "schedule_mode": "1F1B", "pp_degree": 1, "vpp_degree": 1, "vpp_seg_method": "",
                 "micro_batch_size": 1, "accumulate_steps": 1, "generation_batch_size": 1,
                 "enable_send_recv_overlap": False, "job_schedule_profiler_start": -1,
                 "job_schedule_profiler_stop": -1, "memory_limit_times": -1, "split_backward": False,
                 "auto_parallel_sync_shared_params": False},
    "amp": {"enable": False, "dtype": "float16", "level": "o1", "init_loss_scaling": 32768.0,
            "incr_every_n_steps": 1000, "decr_every_n_nan_or_inf": 2, "incr_ratio": 2.0, "decr_ratio": 0.8,
            "use_dynamic_loss_scaling": True, "custom_white_list": [], "custom_black_list": [],
            "custom_black_varnames": [], "use_fp16_guard": False, "use_bf16_guard": False,
            "use_master_grad": False, "use_promote": True},
    "fused_passes": {"enable": False, "fused_passes_list": []},
}
_TOP = {"auto_mode": "semi", "gradient_scale": True, "gradient_scale_using_allreduce_avg": False, "use_cache": True,
        "return_numpy": True, "all_ranks": False, "split_data": True, "seed": None, "reinit": False,
        "full_graph": True}


class _Config:
    """One category of Strategy (sharding, amp, ...): its settings as attributes."""

    def __init__(self, defaults, given=None):
        self.__dict__.update(copy.deepcopy(defaults))
        for k, v in (given or {}).items():
            if k not in defaults:
                raise ValueError(f"Strategy: unknown setting {k!r} (known: {sorted(defaults)})")
            self.__dict__[k] = v

    def to_dict(self):
        return dict(self.__dict__)

    def get(self, key, default=None):
        return self.__dict__.get(key, default)

    def __repr__(self):
        return "{" + ",".join(f'"{k}":"{v}"' for k, v in self.__dict__.items()) + ",}"


class Strategy:
    """Settings of DistModel/to_static: categories sharding, gradient_merge, pipeline, amp, fused_passes, each
    with attributes (``strategy.amp.enable = True``), plus top-level ones (return_numpy, seed, ...).

    Args:
        config (dict, optional): {category: {setting: value}} to start from.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> strategy = dist.Strategy({"gradient_merge": {"enable": True, "k_steps": 2}})
            >>> strategy.gradient_merge.k_steps, strategy.sharding.enable
            (2, False)
    """

    def __init__(self, config=None):
        config = dict(config or {})
        for name, defaults in _DEFAULTS.items():
            setattr(self, name, _Config(defaults, config.pop(name, None)))
        for k, v in _TOP.items():
            setattr(self, k, config.pop(k, v))
        if config:
            raise ValueError(f"Strategy: unknown settings {sorted(config)}")

    def to_dict(self):
        out = {k: getattr(self, k) for k in _TOP}
        out.update({k: getattr(self, k).to_dict() for k in _DEFAULTS})
        return out

    def get(self, key, default=None):
        return getattr(self, key, default)

    def __repr__(self):
        return "{" + ",".join(f'"{k}":"{v}"' for k, v in self.to_dict().items()) + ",}"


class DistModel:
    """A model with its loss, optimizer and strategy, run one step per call in the mode set by train(), eval() or
    predict(): training returns the loss after backward and the optimizer step, evaluation the loss, prediction
    the outputs (NumPy arrays when strategy.return_numpy, the default). Build it with paddle.distributed.to_static.

    Args:
        layer (paddle.nn.Layer): the model.
        loader (DataLoader|ShardDataloader): its data (each batch: inputs..., label).
        loss (Layer|Callable, optional): loss(outputs, labels).
        optimizer (Optimizer, optional): the optimizer (train mode needs it and the loss).
        strategy (Strategy, optional): the settings.
        metrics (list, optional): accepted for Paddle's signature.
        input_spec (list, optional): accepted for Paddle's signature.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> net = paddle.nn.Linear(2, 1)
            >>> data = paddle.io.TensorDataset([paddle.ones([4, 2]), paddle.zeros([4, 1])])
            >>> loader = paddle.io.DataLoader(data, batch_size=2)
            >>> model = dist.to_static(net, loader, paddle.nn.MSELoss(),
            ...                        paddle.optimizer.SGD(0.1, parameters=net.parameters()))
            >>> model.train()
            >>> for x, y in loader:
            ...     loss = model(x, y)
    """

    def __init__(self, layer, loader, loss=None, optimizer=None, strategy=None, metrics=None, input_spec=None):
        if not isinstance(layer, Layer):
            raise TypeError(f"DistModel: layer must be a paddle.nn.Layer, but received {type(layer).__name__}")
        self._layer = layer
        self._loader = loader
        self._loss = loss
        self._optimizer = optimizer
        self._strategy = strategy if strategy is not None else Strategy()
        self._metrics = metrics
        self._input_spec = input_spec
        self._mode = None
        self._merged = 0  # calls since the last optimizer step (gradient_merge)
        pipe = self._strategy.pipeline
        if pipe.enable and int(pipe.pp_degree) > 1:
            raise NotImplementedError(
                f"DistModel: strategy.pipeline with pp_degree={pipe.pp_degree} needs pipeline parallelism, which "
                "purepaddle does not run (it trains data-parallel over its ranks)")

    def train(self):
        """Each call runs a training step (forward, loss, backward, optimizer step) and returns the loss."""
        if self._loss is None or self._optimizer is None:
            raise ValueError("DistModel: train mode needs a loss and an optimizer (pass them to to_static)")
        self._mode = "train"
        self._layer.train()

    def eval(self):
        """Each call runs forward and the loss and returns the loss."""
        if self._loss is None:
            raise ValueError("DistModel: eval mode needs a loss (pass it to to_static)")
        self._mode = "eval"
        self._layer.eval()

    def predict(self):
        """Each call runs forward and returns the outputs."""
        self._mode = "predict"
        self._layer.eval()

    def _forward(self, inputs):
        amp = self._strategy.amp
        if amp.enable:
            from ...amp import auto_cast
            with auto_cast(True, custom_white_list=amp.custom_white_list or None,
                           custom_black_list=amp.custom_black_list or None, level=amp.level.upper(),
                           dtype=amp.dtype):
                return self._layer(*inputs)
        return self._layer(*inputs)

    def _out(self, value):
        if not self._strategy.return_numpy:
            return value
        if isinstance(value, Tensor):
            return value.numpy()
        if isinstance(value, (list, tuple)):
            return type(value)(self._out(v) for v in value)
        return value

    def _params(self):
        opt = self._optimizer._inner_opt if isinstance(self._optimizer, _ShardOptimizer) else self._optimizer
        plist = opt._parameter_list or []
        return [p for g in plist for p in g["params"]] if plist and isinstance(plist[0], dict) else list(plist)

    def __call__(self, *args):
        if self._mode is None:
            raise ValueError("Please call train()/eval()/predict() first.")
        if self._mode == "predict":
            from ...autograd import no_grad
            with no_grad():
                return self._out(self._forward(args))
        if len(args) < 2:
            raise ValueError(f"DistModel: {self._mode} mode takes the inputs and then the label, but got "
                             f"{len(args)} argument(s)")
        inputs, labels = args[:-1], args[-1:]
        if self._mode == "eval":
            from ...autograd import no_grad
            with no_grad():
                return self._out(self._loss(self._forward(inputs), *labels))
        loss = self._loss(self._forward(inputs), *labels)
        merge = self._strategy.gradient_merge
        k = int(merge.k_steps) if merge.enable else 1
        (loss / k if k > 1 and merge.avg else loss).backward()
        self._merged += 1
        if self._merged >= k:
            self._merged = 0
            if not isinstance(self._optimizer, _ShardOptimizer):
                average_gradients(self._params())
            self._optimizer.step()
            self._optimizer.clear_grad()
        return self._out(loss)

    def state_dict(self, mode="all"):
        """The model's parameters ("param"), the optimizer's state ("opt"), or both ("all")."""
        if mode not in ("all", "param", "opt"):
            raise ValueError(f"DistModel.state_dict: mode must be 'all', 'param' or 'opt', but got {mode!r}")
        out = {}
        if mode in ("all", "param"):
            out.update(self._layer.state_dict())
        if mode in ("all", "opt") and self._optimizer is not None:
            out.update(self._optimizer.state_dict())
        return out

    def set_state_dict(self, state_dict):
        """Load parameters (and optimizer state) saved by state_dict."""
        names = set(self._layer.state_dict())
        self._layer.set_state_dict({k: v for k, v in state_dict.items() if k in names})
        rest = {k: v for k, v in state_dict.items() if k not in names}
        if rest and self._optimizer is not None:
            self._optimizer.set_state_dict(rest)

    def parameters(self):
        return self._layer.parameters()

    def dist_main_program(self, mode=None):
        raise NotImplementedError("DistModel.dist_main_program: purepaddle's DistModel runs eagerly and builds no "
                                  "static program")


def to_static(layer, loader=None, loss=None, optimizer=None, strategy=None, input_spec=None):
    """A DistModel of `layer` (with its loader, loss, optimizer and strategy).

    Args:
        layer (paddle.nn.Layer): the model.
        loader (DataLoader|ShardDataloader, optional): its data.
        loss (Layer|Callable, optional): loss(outputs, labels).
        optimizer (Optimizer, optional): the optimizer.
        strategy (Strategy, optional): the settings.
        input_spec (list, optional): accepted for Paddle's signature.

    Returns:
        DistModel: call train()/eval()/predict(), then call it on each batch.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> model = dist.to_static(paddle.nn.Linear(2, 1))
            >>> model.predict()  # a DistModel starts in no mode
            >>> model(paddle.ones([1, 2])).shape
            (1, 1)
    """
    return DistModel(layer, loader, loss, optimizer, strategy, input_spec=input_spec)
