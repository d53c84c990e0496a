"""Batch normalisation of a sparse tensor's values: the stored entries [nnz, C] are the batch, the channels the
values' last dim (NDHWC / NHWC), and the output keeps x's indices."""
import warnings

from ...nn import BatchNorm1D
from ...nn import functional as NF


class BatchNorm(BatchNorm1D):
    """Batch normalisation over the stored entries of a channel-last sparse tensor.

    As in Paddle, the first forward fixes use_global_stats (when it was None) to `not training`: a layer first
    run in training mode keeps normalising by batch statistics after eval().

    Args:
        num_features (int): the channels C.
        momentum (float): running = momentum * running + (1 - momentum) * batch.
        epsilon (float): added to the variance.
        weight_attr, bias_attr (ParamAttr|bool, optional): the scale's and shift's attributes.
        data_format (str): 'NDHWC' or 'NHWC'.
        use_global_stats (bool, optional): normalise by the running statistics.
        name (str, optional): names the running statistics.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 0], [0, 1], [0, 0], [0, 1]], [[1.], [3.]], [1, 2, 1, 2, 1])
        >>> paddle.sparse.nn.BatchNorm(1)(x).values().numpy().round(3).tolist()
        [[-1.0], [1.0]]
    """

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NDHWC", use_global_stats=None, name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format, use_global_stats, name)

    def _check_data_format(self, input):
        if input not in ("NDHWC", "NHWC"):
            raise ValueError("sparse BatchNorm only support layout of NDHWC and NHWC")

    def forward(self, input):  # noqa: A002
        self._check_data_format(self._data_format)
        if self.training:
            warnings.warn("When training, we now always track global mean and variance.")
        if self._use_global_stats is None:
            self._use_global_stats = not self.training
        values = NF.batch_norm(input.values(), self._mean, self._variance, weight=self.weight, bias=self.bias,
                               training=self.training, momentum=self._momentum, epsilon=self._epsilon,
                               data_format="NCHW", use_global_stats=self._use_global_stats)
        return input._with_values(values)


class SyncBatchNorm(BatchNorm):
    """Cross-process batch normalisation of a sparse tensor; a single process (purepaddle's) is BatchNorm.

    Args:
        num_features, momentum, epsilon, weight_attr, bias_attr, name: as BatchNorm.
        data_format (str): 'NDHWC' or 'NHWC' ('NCHW', Paddle's default, is read as channel-last too).

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 0], [0, 1], [0, 0], [0, 1]], [[1.], [3.]], [1, 2, 1, 2, 1])
        >>> paddle.sparse.nn.SyncBatchNorm(1)(x).values().numpy().round(3).tolist()
        [[-1.0], [1.0]]
    """

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NCHW", name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, "NDHWC", None, name)

    @classmethod
    def convert_sync_batchnorm(cls, layer):
        """Replace every sparse BatchNorm inside `layer` by a SyncBatchNorm holding its parameters.

        Args:
            layer (Layer): the model.

        Returns:
            Layer: the model with SyncBatchNorm layers.

        Examples:
            >>> import purepaddle as paddle
            >>> m = paddle.sparse.nn.SyncBatchNorm.convert_sync_batchnorm(paddle.sparse.nn.BatchNorm(2))
            >>> type(m).__name__
            'SyncBatchNorm'
        """
        out = layer
        if isinstance(layer, BatchNorm) and not isinstance(layer, SyncBatchNorm):
            out = cls(layer._num_features, layer._momentum, layer._epsilon, layer._weight_attr, layer._bias_attr,
                      layer._data_format, layer._name)
            if layer.weight is not None:
                out.weight, out.bias = layer.weight, layer.bias
            out._mean, out._variance = layer._mean, layer._variance
        for name, sub in layer.named_children():
            out.add_sublayer(name, cls.convert_sync_batchnorm(sub))
        return out


__all__ = ["BatchNorm", "SyncBatchNorm"]
