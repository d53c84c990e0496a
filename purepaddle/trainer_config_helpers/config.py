"""The trainer config being parsed: settings(...), define_py_data_sources2(...), outputs(...), get_config_arg.

A trainer config is a Python file that `purepaddle train --config=...` executes; these functions record what
it declares in CONFIG, which the command reads once the file has run."""

__all__ = ["CONFIG", "TrainerConfig", "settings", "define_py_data_sources2", "outputs", "get_config_arg",
           "L2Regularization", "BaseSGDOptimizer", "MomentumOptimizer", "AdamOptimizer", "AdamaxOptimizer",
           "AdaGradOptimizer", "AdaDeltaOptimizer", "RMSPropOptimizer"]


class TrainerConfig:
    """What a config declared: `opt` (settings), `data` (define_py_data_sources2), `outputs`, `data_layers`
    (in declaration order) and the `config_args` given on the command line."""

    def __init__(self, config_args=None):
        self.opt, self.data, self.outputs, self.data_layers = None, None, [], []
        self.config_args = dict(config_args or {})


class _Current:
    """The config being parsed (one at a time per process, as the legacy parser had)."""

    def __init__(self):
        self.config = TrainerConfig()


CONFIG = _Current()


class L2Regularization:
    """L2 weight decay of the given `rate` for every parameter (settings(regularization=...)).

    Examples:
        .. code-block:: python

            >>> from paddle.trainer_config_helpers import L2Regularization
            >>> L2Regularization(rate=8e-4).rate
            0.0008
    """

    def __init__(self, rate):
        self.rate = float(rate)


class BaseSGDOptimizer:
    """A learning_method for settings(): which paddle.v2 optimizer and its own arguments."""

    v2_name = "Momentum"

    def __init__(self, **kwargs):
        self.kwargs = kwargs

    def __repr__(self):
        return f"{type(self).__name__}({self.kwargs})"


def _method(name, v2_name, doc_args):
    doc = (f"settings(learning_method={name}({doc_args})): v2's paddle.optimizer.{v2_name}.\n\n"
           f"    Examples:\n        .. code-block:: python\n\n"
           f"            >>> from paddle.trainer_config_helpers import {name}\n"
           f"            >>> {name}({doc_args}).v2_name\n            '{v2_name}'\n    ")
    return type(name, (BaseSGDOptimizer,), {"v2_name": v2_name, "__doc__": doc})


MomentumOptimizer = _method("MomentumOptimizer", "Momentum", "momentum=0.9")
AdamOptimizer = _method("AdamOptimizer", "Adam", "beta1=0.9, beta2=0.999")
AdamaxOptimizer = _method("AdamaxOptimizer", "Adamax", "")
AdaGradOptimizer = _method("AdaGradOptimizer", "AdaGrad", "")
AdaDeltaOptimizer = _method("AdaDeltaOptimizer", "AdaDelta", "rho=0.95")
RMSPropOptimizer = _method("RMSPropOptimizer", "RMSProp", "rho=0.95")


class Settings:
    """What settings(...) recorded: batch_size, learning_rate, learning_method, regularization,
    gradient_clipping_threshold."""

    def __init__(self, batch_size, learning_rate, learning_method, regularization, gradient_clipping_threshold):
        self.batch_size, self.learning_rate = batch_size, learning_rate
        self.learning_method, self.regularization = learning_method, regularization
        self.gradient_clipping_threshold = gradient_clipping_threshold

    def optimizer(self):
        """The paddle.v2 optimizer these settings describe."""
        from ..v2 import optimizer as v2_optimizer
        method = self.learning_method or MomentumOptimizer()
        reg = None
        if self.regularization is not None:
            reg = v2_optimizer.L2Regularization(rate=self.regularization.rate)
        return getattr(v2_optimizer, method.v2_name)(learning_rate=self.learning_rate, regularization=reg,
                                                     gradient_clipping_threshold=self.gradient_clipping_threshold,
                                                     **method.kwargs)


def settings(batch_size, learning_rate=1e-3, learning_method=None, regularization=None, is_async=False,
             model_average=None, gradient_clipping_threshold=None, **kwargs):
    """The trainer's optimization settings: the mini-batch size, the learning rate and method
    (MomentumOptimizer() by default: plain SGD), L2Regularization and gradient_clipping_threshold.
    As in v2, the gradient is that of the summed per-sample costs.

    Examples:
        .. code-block:: python

            >>> from paddle.trainer_config_helpers import settings, AdamOptimizer
            >>> settings(batch_size=1000, learning_rate=1e-3, learning_method=AdamOptimizer())
    """
    batch_size = int(batch_size)
    if batch_size <= 0:
        raise ValueError(f"settings: batch_size must be > 0, but received {batch_size}")
    if learning_method is not None and not isinstance(learning_method, BaseSGDOptimizer):
        raise TypeError(f"settings: learning_method must be an optimizer such as MomentumOptimizer(), but "
                        f"received {learning_method!r}")
    if is_async or model_average is not None:
        raise NotImplementedError("settings: is_async and model_average are not supported by purepaddle's trainer")
    unknown = [k for k in kwargs if k not in ("learning_rate_decay_a", "learning_rate_decay_b",
                                              "learning_rate_schedule", "average_window", "do_average_in_cpu",
                                              "max_average_window")]
    if unknown:
        raise TypeError(f"settings() got unexpected keyword arguments {unknown}")
    if kwargs.get("learning_rate_decay_a") or kwargs.get("learning_rate_decay_b"):
        raise NotImplementedError("settings: learning-rate decay is not supported by purepaddle's trainer")
    CONFIG.config.opt = Settings(batch_size, float(learning_rate), learning_method, regularization,
                                 gradient_clipping_threshold)


class DataSources:
    """What define_py_data_sources2 recorded."""

    def __init__(self, train_list, test_list, module, obj, args):
        self.train_list, self.test_list, self.module, self.obj, self.args = train_list, test_list, module, obj, args


def define_py_data_sources2(train_list, test_list, module, obj, args=None):
    """The training and test data: `train_list`/`test_list` (a file naming one data file per line, a list of
    data file names, or None) read by the @provider function `obj` of the Python module `module` (a pair
    (train, test) names different ones); `args` (a dict) goes to the provider's init_hook.

    Examples:
        .. code-block:: python

            >>> from paddle.trainer_config_helpers import define_py_data_sources2
            >>> define_py_data_sources2(train_list="train.list", test_list=None, module="provider",
            ...                         obj="process", args={"dictionary": {"a": 0}})
    """
    if train_list is None and test_list is None:
        raise ValueError("define_py_data_sources2: give train_list, test_list or both")
    CONFIG.config.data = DataSources(train_list, test_list, module, obj, dict(args or {}))


def outputs(*layers):
    """The network's outputs: the cost layer(s) to train (a layer, several, or a list).

    Examples:
        .. code-block:: python

            >>> from paddle.trainer_config_helpers import *
            >>> x = data_layer(name="x", size=4)
            >>> y = data_layer(name="y", size=2)
            >>> outputs(classification_cost(input=fc_layer(input=x, size=2, act=SoftmaxActivation()), label=y))
    """
    flat = []
    for x in layers:
        flat.extend(x if isinstance(x, (list, tuple)) else [x])
    CONFIG.config.outputs = flat


def get_config_arg(name, type, default=None):  # noqa: A002  (the legacy argument name)
    """The value of `name` from `--config_args=name=value,...`, converted by `type` (bool accepts
    true/false/1/0), or `default` when not given.

    Examples:
        .. code-block:: python

            >>> from paddle.trainer_config_helpers import get_config_arg
            >>> get_config_arg("hidden", int, 128)
            128
    """
    if name not in CONFIG.config.config_args:
        return default
    raw = CONFIG.config.config_args[name]
    if type is bool:
        return str(raw).strip().lower() in ("1", "true", "yes", "t", "y")
    return type(raw)
