"""paddle.nn normalisation layers: BatchNorm (legacy), BatchNorm1D/2D/3D, SyncBatchNorm, LayerNorm,
GroupNorm, InstanceNorm1D/2D/3D, LocalResponseNorm, SpectralNorm."""
import numbers
import warnings

import numpy as np

from ... import tensor as _T
from ..._core import dtype as _dt
from ..._core import hooks
from ..._core.dispatch import known_value
from ..._core.mode import no_grad
from .. import functional as F
from ..functional._param_alias import param_alias
from ..initializer import Constant, Normal
from ..param_attr import ParamAttr
from .layers import Layer


BATCH_STATS_SYNC = hooks.declare(
    "batch_stats_sync",
    "SyncBatchNorm.forward while training: an object with `world_size()` (the job's process count) and "
    "`sum(tensor)` -> the tensor summed over every rank, its gradient summed over the ranks likewise")


def _name_suffix(name):
    return f", name={name}" if name else ""


def _running_stats(layer, shape, dtype, mean_name, var_name, average):
    """The non-trainable running mean (zeros) and variance (ones) of a batch norm, as parameters
    named after the layer (`<layer>.w_1`, `.w_2`) like Paddle's."""
    layer._mean = layer.create_parameter(
        attr=ParamAttr(name=mean_name, initializer=Constant(0.0), trainable=False, do_model_average=average),
        shape=shape, dtype=dtype)
    layer._mean.stop_gradient = True
    layer._variance = layer.create_parameter(
        attr=ParamAttr(name=var_name, initializer=Constant(1.0), trainable=False, do_model_average=average),
        shape=shape, dtype=dtype)
    layer._variance.stop_gradient = True


class _BatchNormBase(Layer):
    """Shared construction and forward of BatchNorm1D/2D/3D and SyncBatchNorm."""

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NCHW", use_global_stats=None, name=None):
        super().__init__()
        self._num_features = num_features
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self._use_global_stats = use_global_stats
        d = _dt.get_default_dtype()
        self._dtype = "float32" if d == "float16" else d
        shape = [num_features]
        self.weight = (self.create_parameter(attr=weight_attr, shape=shape, dtype=self._dtype,
                                             default_initializer=Constant(1.0))
                       if weight_attr is not False else None)
        self.bias = (self.create_parameter(attr=bias_attr, shape=shape, dtype=self._dtype, is_bias=True)
                     if bias_attr is not False else None)
        mean_name = None if name is None else name + "_mean"
        var_name = None if name is None else name + "_variance"
        _running_stats(self, shape, self._dtype, mean_name, var_name, True)
        self._data_format = data_format
        self._in_place = False
        self._momentum = momentum
        self._epsilon = epsilon
        self._fuse_with_relu = False
        self._name = name

    def _check_input_dim(self, input):
        raise NotImplementedError("BatchNorm Base error")

    def _check_data_format(self, input):
        raise NotImplementedError("BatchNorm Base data format error")

    def forward(self, input):  # noqa: A002
        self._check_data_format(self._data_format)
        self._check_input_dim(input)
        if self.training:
            warnings.warn("When training, we now always track global mean and variance.")
        return F.batch_norm(input, self._mean, self._variance, weight=self.weight, bias=self.bias,
                            training=self.training, momentum=self._momentum, epsilon=self._epsilon,
                            data_format=self._data_format, use_global_stats=self._use_global_stats)

    def extra_repr(self):
        s = f"num_features={self._num_features}, momentum={self._momentum}, epsilon={self._epsilon}"
        if self._data_format != "NCHW":
            s += f", data_format={self._data_format}"
        if self._name is not None:
            s += f", name={self._name}"
        return s


class BatchNorm1D(_BatchNormBase):
    """Batch normalisation of a 2-D [N, C] or 3-D [N, C, L] (or NLC) input: batch statistics while
    training (moving the running mean / variance by momentum), running statistics in eval mode.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> bn = paddle.nn.BatchNorm1D(3)
            >>> bn(paddle.rand([4, 3, 5])).shape
            paddle.Size([4, 3, 5])
            >>> list(bn.state_dict().keys())
            ['weight', 'bias', '_mean', '_variance']
    """

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NCL", use_global_stats=None, name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format, use_global_stats, name)

    def _check_data_format(self, input):
        if input in ("NCHW", "NC", "NCL"):
            self._data_format = "NCHW"
        elif input in ("NHWC", "NLC"):
            self._data_format = "NHWC"
        else:
            raise ValueError("expected NC , NCL, NLC or None for data_format input")

    def _check_input_dim(self, input):
        if len(input.shape) not in (2, 3):
            raise ValueError(f"expected 2D or 3D input (got {len(input.shape)}D input)")


class BatchNorm2D(_BatchNormBase):
    """Batch normalisation of a 4-D NCHW / NHWC input (see BatchNorm1D).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> bn = paddle.nn.BatchNorm2D(1)
            >>> x = paddle.arange(12, dtype='float32').reshape([2, 1, 2, 3])
            >>> bn(x)[0, 0, 0]
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=False,
                   [-1.59325433, -1.30357170, -1.01388907])
    """

    def _check_data_format(self, input):
        if input not in ("NCHW", "NHWC"):
            raise ValueError("expected NCHW or NHWC for data_format input")
        self._data_format = input

    def _check_input_dim(self, input):
        if len(input.shape) != 4:
            raise ValueError(f"expected 4D input (got {len(input.shape)}D input)")


class BatchNorm3D(_BatchNormBase):
    """Batch normalisation of a 5-D NCDHW / NDHWC input (see BatchNorm1D).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.BatchNorm3D(2)(paddle.rand([2, 2, 2, 2, 3])).shape
            paddle.Size([2, 2, 2, 2, 3])
    """

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NCDHW", use_global_stats=None, name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format, use_global_stats, name)

    def _check_data_format(self, input):
        if input in ("NCHW", "NCDHW"):
            self._data_format = "NCHW"
        elif input in ("NHWC", "NDHWC"):
            self._data_format = "NHWC"
        else:
            raise ValueError("expected NCDHW, NDHWC or None for data_format input")

    def _check_input_dim(self, input):
        if len(input.shape) != 5:
            raise ValueError(f"expected 5D input (got {len(input.shape)}D input)")


class SyncBatchNorm(_BatchNormBase):
    """Cross-device batch normalisation; on one process it is BatchNorm over the local batch.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> sync = paddle.nn.SyncBatchNorm.convert_sync_batchnorm(paddle.nn.Sequential(paddle.nn.BatchNorm2D(3)))
            >>> type(sync[0]).__name__
            'SyncBatchNorm'
    """

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NCHW", name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format, None, name)
        shape = [num_features]
        if weight_attr is False:  # fixed scale / shift, as Paddle keeps them for the sync kernel
            self.weight = self.create_parameter(attr=None, shape=shape, dtype=self._dtype,
                                                default_initializer=Constant(1.0))
            self.weight.stop_gradient = True
        if bias_attr is False:
            self.bias = self.create_parameter(attr=None, shape=shape, dtype=self._dtype,
                                              default_initializer=Constant(0.0), is_bias=True)
            self.bias.stop_gradient = True

    def _check_data_format(self, input=None):
        if self._data_format in ("NCHW", "NCDHW", "NC", "NCL"):
            self._data_format = "NCHW"
        elif self._data_format in ("NHWC", "NDHWC", "NLC"):
            self._data_format = "NHWC"
        else:
            raise ValueError("expected 'NCDHW', 'NDHWC', 'NCL', 'NLC', 'NC', 'NCHW', 'NHWC' for data_format")

    def _check_input_dim(self, input):
        pass

    def forward(self, x):
        self._check_data_format()
        sync = BATCH_STATS_SYNC.active
        if self.training and sync is not None and sync.world_size() > 1:
            return self._synced_forward(x, sync)
        return F.batch_norm(x, self._mean, self._variance, weight=self.weight, bias=self.bias,
                            training=self.training, momentum=self._momentum, epsilon=self._epsilon,
                            data_format=self._data_format, use_global_stats=False if self.training else None)

    def _synced_forward(self, x, sync):
        """Training over several ranks: the batch mean and (biased) variance of the whole job's batch,
        each from one summed reduction (sum of x with the element count, then the sum of squared
        deviations, the two passes one process makes), so every rank normalises and moves its running
        statistics exactly as one process with the concatenated batch would. The sums' gradients are
        summed over the ranks, so each rank's input gradient is that process's gradient for its slice."""
        c_axis = len(x.shape) - 1 if self._data_format == "NHWC" else 1
        axes = [i for i in range(len(x.shape)) if i != c_axis]
        view = [1] * len(x.shape)
        view[c_axis] = self._num_features
        count = _T.full([1], float(np.prod([x.shape[i] for i in axes])), dtype=x.dtype)
        first = sync.sum(_T.concat([_T.sum(x, axis=axes), count]))
        n = first[self._num_features:]
        mean = first[:self._num_features] / n
        centred = x - mean.reshape(view)
        var = sync.sum(_T.sum(centred * centred, axis=axes)) / n
        y = centred * _T.rsqrt(var + self._epsilon).reshape(view)
        if self.weight is not None:
            y = y * self.weight.reshape(view)
        if self.bias is not None:
            y = y + self.bias.reshape(view)
        with no_grad():  # the kernel's update: running * momentum + batch * (1 - momentum)
            for running, batch in ((self._mean, mean), (self._variance, var)):
                running.set_value(running * self._momentum + batch.astype(running.dtype) * (1.0 - self._momentum))
        return y

    @classmethod
    def convert_sync_batchnorm(cls, layer):
        """Replace every BatchNorm1D/2D/3D inside layer by a SyncBatchNorm sharing its parameters."""
        out = layer
        if isinstance(layer, _BatchNormBase):
            for attr in (layer._weight_attr, layer._bias_attr):
                if attr is not None and not isinstance(attr, bool) and attr.name is not None:
                    attr.name = attr.name + "_sync"
            out = SyncBatchNorm(layer._num_features, layer._momentum, layer._epsilon, layer._weight_attr,
                                layer._bias_attr, layer._data_format, layer._name)
            if layer._weight_attr is not False and layer._bias_attr is not False:
                with no_grad():
                    out.weight = layer.weight
                    out.bias = layer.bias
            out._mean = layer._mean
            out._variance = layer._variance
        for name, sub in layer.named_children():
            out.add_sublayer(name, cls.convert_sync_batchnorm(sub))
        return out


class BatchNorm(Layer):
    """The legacy batch norm layer (fluid dygraph API): `act` applied after, `is_test`, `data_layout`,
    `use_global_stats`, `trainable_statistics`; parameters weight/bias/_mean/_variance named
    batch_norm_N.w_0 / .b_0 / .w_1 / .w_2.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> bn = paddle.nn.BatchNorm(10)
            >>> [p.name for p in bn.parameters()]
            ['batch_norm_0.w_0', 'batch_norm_0.b_0', 'batch_norm_0.w_1', 'batch_norm_0.w_2']
            >>> bn(paddle.rand([3, 10, 3, 7])).shape
            paddle.Size([3, 10, 3, 7])
    """

    def __init__(self, num_channels, act=None, is_test=False, momentum=0.9, epsilon=1e-05, param_attr=None,
                 bias_attr=None, dtype="float32", data_layout="NCHW", in_place=False, moving_mean_name=None,
                 moving_variance_name=None, do_model_average_for_mean_and_var=True, use_global_stats=False,
                 trainable_statistics=False):
        super().__init__()
        self._param_attr = param_attr
        self._bias_attr = bias_attr
        self._act = act
        self._dtype = "float32" if dtype == "float16" else dtype
        shape = [num_channels]
        self.weight = (self.create_parameter(attr=param_attr, shape=shape, dtype=self._dtype,
                                             default_initializer=Constant(1.0))
                       if param_attr is not False else None)
        self.bias = (self.create_parameter(attr=bias_attr, shape=shape, dtype=self._dtype, is_bias=True)
                     if bias_attr is not False else None)
        _running_stats(self, shape, self._dtype, moving_mean_name, moving_variance_name,
                       do_model_average_for_mean_and_var)
        self._in_place = in_place
        self._data_layout = data_layout
        self._momentum = momentum
        self._epsilon = epsilon
        self._is_test = is_test
        self._fuse_with_relu = False
        self._use_global_stats = use_global_stats
        self._trainable_statistics = trainable_statistics
        self.training = not is_test

    def forward(self, input):  # noqa: A002
        from ...ops import norm as _N
        from ..._core.dispatch import apply
        outs = apply(_N.BatchNorm, input, self.weight, self.bias, self._mean, self._variance,
                     momentum=float(np.float32(self._momentum)), epsilon=float(np.float32(self._epsilon)),
                     is_test=not self.training, data_layout=self._data_layout, fuse_with_relu=False,
                     use_global_stats=self._use_global_stats, trainable_statistics=self._trainable_statistics)
        F.norm._update_running(outs, self._mean, self._variance)
        return _activation(outs[0], self._act)


def _activation(x, act):
    """The legacy layers' `act` string applied to x."""
    if act is None:
        return x
    fn = getattr(F, act, None)
    if fn is None:
        raise ValueError(f"The activation '{act}' is not supported; use one of paddle.nn.functional's names")
    return fn(x)


class LayerNorm(Layer):
    """Layer normalisation over the trailing normalized_shape dims, with a learnable scale (ones) and
    shift (zeros) of prod(normalized_shape) elements.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> ln = paddle.nn.LayerNorm([3])
            >>> ln(paddle.to_tensor([[1., 2., 3.], [2., 4., 6.]]))
            Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=False,
                   [[-1.22473562,  0.        ,  1.22473562],
                    [-1.22474265,  0.        ,  1.22474265]])
    """

    @param_alias(eps="epsilon")
    def __init__(self, normalized_shape, epsilon=1e-05, *, elementwise_affine=True, bias=True, device=None,
                 dtype=None, weight_attr=None, bias_attr=None, name=None):
        super().__init__()
        if isinstance(normalized_shape, numbers.Integral):
            normalized_shape = [normalized_shape]
        self._normalized_shape = list(normalized_shape)
        self._epsilon = epsilon
        self._device = device
        self._dtype = _dt.get_default_dtype() if dtype is None else dtype
        if not elementwise_affine:
            weight_attr = bias_attr = False
        elif not bias:
            bias_attr = False
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        shape = [int(np.prod(self._normalized_shape))]
        self.weight = (None if weight_attr is False else
                       self.create_parameter(attr=weight_attr, dtype=self._dtype, shape=shape,
                                             default_initializer=Constant(1.0)))
        self.bias = (None if bias_attr is False else
                     self.create_parameter(attr=bias_attr, dtype=self._dtype, shape=shape,
                                           default_initializer=Constant(0.0), is_bias=True))

    def forward(self, input):  # noqa: A002
        return F.layer_norm(input, normalized_shape=self._normalized_shape, weight=self.weight, bias=self.bias,
                            epsilon=self._epsilon)

    def extra_repr(self):
        return f"normalized_shape={self._normalized_shape}, epsilon={self._epsilon}"


class GroupNorm(Layer):
    """Group normalisation: each sample's channels split into num_groups groups, each normalised,
    then a per-channel scale (ones) and shift (zeros).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> gn = paddle.nn.GroupNorm(num_channels=6, num_groups=6)
            >>> gn(paddle.arange(48, dtype="float32").reshape((2, 6, 2, 2)))[0, 0]
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=False,
                   [[-1.34163547, -0.44721183],
                    [ 0.44721183,  1.34163547]])
    """

    @param_alias(eps="epsilon")
    def __init__(self, num_groups, num_channels, epsilon=1e-05, *, affine=True, device=None, dtype=None,
                 weight_attr=None, bias_attr=None, data_format="NCHW", name=None):
        super().__init__()
        self._epsilon = epsilon
        self._num_channels = num_channels
        self._num_groups = num_groups
        self._device = device
        self._dtype = _dt.get_default_dtype() if dtype is None else dtype
        if data_format not in ("NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"):
            raise ValueError("unsupported data layout:" + data_format)
        self._data_format = "NCHW" if data_format[1] == "C" else "NHWC"
        if not affine:
            weight_attr = bias_attr = False
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        shape = [num_channels]
        self.weight = None
        if weight_attr is not False:
            self.weight = self.create_parameter(attr=weight_attr, shape=shape, dtype=self._dtype,
                                                default_initializer=Constant(1.0))
            self.weight.stop_gradient = _frozen(weight_attr)
        self.bias = None
        if bias_attr is not False:
            self.bias = self.create_parameter(attr=bias_attr, shape=shape, dtype=self._dtype,
                                              default_initializer=Constant(0.0), is_bias=True)
            self.bias.stop_gradient = _frozen(bias_attr)

    def forward(self, input):  # noqa: A002
        return F.group_norm(input, self._num_groups, self._epsilon, self.weight, self.bias, self._data_format)

    def extra_repr(self):
        return f"num_groups={self._num_groups}, num_channels={self._num_channels}, epsilon={self._epsilon}"


def _frozen(attr):
    """GroupNorm freezes a parameter whose ParamAttr has learning_rate 0."""
    return attr is not None and getattr(attr, "learning_rate", None) == 0.0


class _InstanceNormBase(Layer):
    """Shared construction and forward of InstanceNorm1D/2D/3D."""

    def __init__(self, num_features, epsilon=1e-5, momentum=0.9, weight_attr=None, bias_attr=None,
                 data_format="NCHW", name=None):
        super().__init__()
        if weight_attr is False or bias_attr is False:
            assert weight_attr == bias_attr, (
                "weight_attr and bias_attr must be set to False at the same time in InstanceNorm")
        self._momentum = momentum
        self._epsilon = epsilon
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self._num_features = num_features
        self._data_format = data_format
        if weight_attr is not False and bias_attr is not False:
            self.scale = self.create_parameter(attr=weight_attr, shape=[num_features],
                                               default_initializer=Constant(1.0), is_bias=False)
            self.bias = self.create_parameter(attr=bias_attr, shape=[num_features],
                                              default_initializer=Constant(0.0), is_bias=True)
        else:
            self.scale = None
            self.bias = None

    def _check_input_dim(self, input):
        raise NotImplementedError("InstanceNorm Base error")

    def forward(self, input):  # noqa: A002
        self._check_input_dim(input)
        return F.instance_norm(input, weight=self.scale, bias=self.bias, momentum=self._momentum,
                               eps=self._epsilon, data_format=self._data_format)

    def extra_repr(self):
        return f"num_features={self._num_features}, epsilon={self._epsilon}"


class InstanceNorm1D(_InstanceNormBase):
    """Instance normalisation of a 2-D or 3-D [N, C, L] input (each sample and channel separately).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.InstanceNorm1D(2)(paddle.rand([2, 2, 3])).shape
            paddle.Size([2, 2, 3])
    """

    def __init__(self, num_features, epsilon=1e-5, momentum=0.9, weight_attr=None, bias_attr=None,
                 data_format="NCL", name=None):
        super().__init__(num_features, epsilon, momentum, weight_attr, bias_attr, data_format, name)

    def _check_input_dim(self, input):
        if len(input.shape) not in (2, 3):
            raise ValueError(f"expected 2D or 3D input (got {len(input.shape)}D input)")


class InstanceNorm2D(_InstanceNormBase):
    """Instance normalisation of a 4-D NCHW input.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.InstanceNorm2D(2)(paddle.rand([2, 2, 2, 3])).shape
            paddle.Size([2, 2, 2, 3])
    """

    def _check_input_dim(self, input):
        if len(input.shape) != 4:
            raise ValueError(f"expected 4D input (got {len(input.shape)}D input)")


class InstanceNorm3D(_InstanceNormBase):
    """Instance normalisation of a 5-D NCDHW input.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.InstanceNorm3D(2)(paddle.rand([2, 2, 2, 2, 3])).shape
            paddle.Size([2, 2, 2, 2, 3])
    """

    def __init__(self, num_features, epsilon=1e-5, momentum=0.9, weight_attr=None, bias_attr=None,
                 data_format="NCDHW", name=None):
        super().__init__(num_features, epsilon, momentum, weight_attr, bias_attr, data_format, name)

    def _check_input_dim(self, input):
        if len(input.shape) != 5:
            raise ValueError(f"expected 5D input (got {len(input.shape)}D input)")


class LocalResponseNorm(Layer):
    """Local response normalisation across `size` neighbouring channels.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.LocalResponseNorm(size=5)(paddle.rand([3, 3, 8, 8])).shape
            paddle.Size([3, 3, 8, 8])
    """

    def __init__(self, size, alpha=0.0001, beta=0.75, k=1.0, data_format="NCHW", name=None):
        super().__init__()
        self.size = size
        self.alpha = alpha
        self.beta = beta
        self.k = k
        self.data_format = data_format
        self.name = name

    def forward(self, input):  # noqa: A002
        return F.local_response_norm(input, self.size, self.alpha, self.beta, self.k, self.data_format, self.name)

    def extra_repr(self):
        s = f"size={self.size}, alpha={self.alpha}, beta={self.beta}, k={self.k}"
        if self.data_format != "NCHW":
            s += f", data_format={self.data_format}"
        if self.name is not None:
            s += f", name={self.name}"
        return s


class SpectralNorm(Layer):
    """weight / sigma(weight), sigma the largest singular value of the weight reshaped to [h, w] along
    `dim`, estimated by power_iters power iterations from the persistent vectors weight_u, weight_v.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> sn = paddle.nn.SpectralNorm([2, 8, 32, 32], dim=1, power_iters=2)
            >>> sn(paddle.rand([2, 8, 32, 32])).shape
            paddle.Size([2, 8, 32, 32])
    """

    def __init__(self, weight_shape, dim=0, power_iters=1, eps=1e-12, dtype="float32"):
        super().__init__()
        self._power_iters = power_iters
        self._eps = eps
        self._dim = dim
        self._dtype = dtype
        self._weight_shape = list(weight_shape)
        assert np.prod(self._weight_shape) > 0, "Any dimension of `weight_shape` cannot be equal to 0."
        assert dim < len(self._weight_shape), (
            "The input `dim` should be less than the length of `weight_shape`, but received dim=" f"{dim}")
        h = self._weight_shape[dim]
        w = int(np.prod(self._weight_shape)) // h
        self.weight_u = self.create_parameter(attr=ParamAttr(), shape=[h], dtype=dtype,
                                              default_initializer=Normal(0.0, 1.0))
        self.weight_u.stop_gradient = True
        self.weight_v = self.create_parameter(attr=ParamAttr(), shape=[w], dtype=dtype,
                                              default_initializer=Normal(0.0, 1.0))
        self.weight_v.stop_gradient = True

    def forward(self, x):
        d = self._dim
        nd = len(x.shape)
        perm = [d] + [i for i in range(nd) if i != d]
        mat = _T.transpose(x, perm).reshape([x.shape[d], -1]) if d else x.reshape([x.shape[0], -1])
        u, v = self.weight_u, self.weight_v
        with no_grad():
            m = mat.detach()
            for _ in range(self._power_iters):
                v = F.normalize(_T.matmul(m, u.reshape([-1, 1]), transpose_x=True).reshape([-1]), axis=0,
                                epsilon=self._eps)
                u = F.normalize(_T.matmul(m, v.reshape([-1, 1])).reshape([-1]), axis=0, epsilon=self._eps)
            wu, wv = known_value(self.weight_u), known_value(self.weight_v)
            if wu is not None:  # the power iteration's vectors carry over to the next call
                wu[...] = u._data
                wv[...] = v._data
        sigma = _T.sum(u * _T.matmul(mat, v.reshape([-1, 1])).reshape([-1]))
        return x / sigma


__all__ = ["BatchNorm", "BatchNorm1D", "BatchNorm2D", "BatchNorm3D", "SyncBatchNorm", "LayerNorm", "GroupNorm",
           "InstanceNorm1D", "InstanceNorm2D", "InstanceNorm3D", "LocalResponseNorm", "SpectralNorm"]
