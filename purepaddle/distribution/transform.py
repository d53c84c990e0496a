"""paddle.distribution.transform: invertible maps with their log-det-Jacobians, for TransformedDistribution."""
import enum
import math
import typing

from .. import tensor as _T
from .._core.tensor import Tensor
from ..nn import functional as F
from . import constraint, variable

__all__ = ['Transform', 'AbsTransform', 'AffineTransform', 'ChainTransform', 'ExpTransform', 'IndependentTransform',
           'PowerTransform', 'ReshapeTransform', 'SigmoidTransform', 'SoftmaxTransform', 'StackTransform',
           'StickBreakingTransform', 'TanhTransform']


class Type(enum.Enum):
    BIJECTION = 'bijection'
    INJECTION = 'injection'
    SURJECTION = 'surjection'
    OTHER = 'other'

    @classmethod
    def is_injective(cls, _type):
        return _type in (cls.BIJECTION, cls.INJECTION)


def _sum_rightmost(value, n):
    return value.sum(list(range(-n, 0))) if n > 0 else value


def _check_rank(v, rank, what):
    if not isinstance(v, Tensor):
        raise TypeError(f"Expected '{what}' is a Tensor or Real, but got {type(v)}.")
    if v.dim() < rank:
        raise ValueError(f'The dimensions of {what}({v.dim()}) should be grater than or equal to {rank}')


class Transform:
    r"""Base of transforms y = f(x): forward, inverse, forward/inverse log-det-Jacobian, shapes. Calling a
    transform on a Tensor applies it, on a Distribution gives a TransformedDistribution, on a Transform chains.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import ExpTransform
            >>> t = ExpTransform()
            >>> print(t.inverse(t.forward(paddle.to_tensor([1.0]))).numpy().round(4))
            [1.]
    """
    _type = Type.INJECTION

    @classmethod
    def _is_injective(cls):
        return Type.is_injective(cls._type)

    def __call__(self, input):
        from .transformed_distribution import TransformedDistribution  # it builds on this module
        from .distribution import Distribution
        if isinstance(input, Distribution):
            return TransformedDistribution(input, [self])
        if isinstance(input, Transform):
            return ChainTransform([self, input])
        return self.forward(input)

    def forward(self, x):
        _check_rank(x, self._domain.event_rank, 'x')
        return self._forward(x)

    def inverse(self, y):
        _check_rank(y, self._codomain.event_rank, 'y')
        return self._inverse(y)

    def forward_log_det_jacobian(self, x):
        _check_rank(x, self._domain.event_rank, 'x')
        if not self._is_injective():
            raise NotImplementedError("forward_log_det_jacobian can't be implemented for non-injectivetransforms.")
        return self._call_forward_log_det_jacobian(x)

    def inverse_log_det_jacobian(self, y):
        _check_rank(y, self._codomain.event_rank, 'y')
        return self._call_inverse_log_det_jacobian(y)

    def forward_shape(self, shape):
        if not isinstance(shape, typing.Sequence):
            raise TypeError(f"Expected shape is Sequence[int] type, but got {type(shape)}.")
        return self._forward_shape(shape)

    def inverse_shape(self, shape):
        if not isinstance(shape, typing.Sequence):
            raise TypeError(f"Expected shape is Sequence[int] type, but got {type(shape)}.")
        return self._inverse_shape(shape)

    @property
    def _domain(self):
        return variable.real

    @property
    def _codomain(self):
        return variable.real

    def _forward(self, x):
        raise NotImplementedError('Forward not implemented')

    def _inverse(self, y):
        raise NotImplementedError('Inverse not implemented')

    def _call_forward_log_det_jacobian(self, x):
        if hasattr(self, '_forward_log_det_jacobian'):
            return self._forward_log_det_jacobian(x)
        if hasattr(self, '_inverse_log_det_jacobian'):
            return -self._inverse_log_det_jacobian(self.forward(x))
        raise NotImplementedError('Neither _forward_log_det_jacobian nor _inverse_log_det_jacobianis implemented. '
                                  'One of them is required.')

    def _call_inverse_log_det_jacobian(self, y):
        if hasattr(self, '_inverse_log_det_jacobian'):
            return self._inverse_log_det_jacobian(y)
        if hasattr(self, '_forward_log_det_jacobian'):
            return -self._forward_log_det_jacobian(self._inverse(y))
        raise NotImplementedError('Neither _forward_log_det_jacobian nor _inverse_log_det_jacobian is implemented. '
                                  'One of them is required')

    def _forward_shape(self, shape):
        return shape

    def _inverse_shape(self, shape):
        return shape


class AbsTransform(Transform):
    """y = |x|; the inverse gives both preimages (-y, y).

    Returns:
        AbsTransform: the transform.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import AbsTransform
            >>> t = AbsTransform()
            >>> x = paddle.to_tensor([-1.0, 2.0])
            >>> print(t.forward(x).numpy().round(4))
            [1. 2.]
    """
    _type = Type.SURJECTION

    def _forward(self, x):
        return x.abs()

    def _inverse(self, y):
        return -y, y

    def _inverse_log_det_jacobian(self, y):
        zero = _T.zeros([], dtype=y.dtype)
        return zero, zero

    @property
    def _codomain(self):
        return variable.positive


class AffineTransform(Transform):
    """y = loc + scale * x.

    Args:
        loc (Tensor): The shift.
        scale (Tensor): The scale.

    Returns:
        AffineTransform: the transform.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import AffineTransform
            >>> t = AffineTransform(paddle.to_tensor(1.0), paddle.to_tensor(2.0))
            >>> x = paddle.to_tensor([1.0, 2.0])
            >>> print(t.forward(x).numpy().round(4))
            [3. 5.]
    """
    _type = Type.BIJECTION

    def __init__(self, loc, scale):
        if not isinstance(loc, Tensor):
            raise TypeError(f"Expected 'loc' is a Tensor, but got {type(loc)}")
        if not isinstance(scale, Tensor):
            raise TypeError(f"Expected scale is a Tensor, but got {type(scale)}")
        self._loc, self._scale = loc, scale
        super().__init__()

    @property
    def loc(self):
        return self._loc

    @property
    def scale(self):
        return self._scale

    def _forward(self, x):
        return self._loc + self._scale * x

    def _inverse(self, y):
        return (y - self._loc) / self._scale

    def _forward_log_det_jacobian(self, x):
        return _T.abs(self._scale).log()

    def _forward_shape(self, shape):
        return tuple(_T.broadcast_shape(_T.broadcast_shape(shape, self._loc.shape), self._scale.shape))

    _inverse_shape = _forward_shape


class ChainTransform(Transform):
    """The composition of transforms, applied first to last.

    Args:
        transforms (Sequence[Transform]): The transforms.

    Returns:
        ChainTransform: the transform.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import AffineTransform, ChainTransform, ExpTransform
            >>> t = ChainTransform([AffineTransform(paddle.to_tensor(0.0), paddle.to_tensor(2.0)), ExpTransform()])
            >>> x = paddle.to_tensor([0.0, 1.0])
            >>> print(t.forward(x).numpy().round(4))
            [1.     7.3891]
    """

    def __init__(self, transforms):
        if not isinstance(transforms, typing.Sequence):
            raise TypeError(f"Expected type of 'transforms' is Sequence, but got {type(transforms)}")
        if not all(isinstance(t, Transform) for t in transforms):
            raise TypeError("All elements of transforms should be Transform type.")
        self.transforms = transforms
        super().__init__()

    def _is_injective(self):
        return all(t._is_injective() for t in self.transforms)

    def _forward(self, x):
        for t in self.transforms:
            x = t.forward(x)
        return x

    def _inverse(self, y):
        for t in reversed(self.transforms):
            y = t.inverse(y)
        return y

    def _forward_log_det_jacobian(self, x):
        value = 0.0
        event_rank = self._domain.event_rank
        for t in self.transforms:
            value += _sum_rightmost(t.forward_log_det_jacobian(x), event_rank - t._domain.event_rank)
            x = t.forward(x)
            event_rank += t._codomain.event_rank - t._domain.event_rank
        return value

    def _forward_shape(self, shape):
        for t in self.transforms:
            shape = t.forward_shape(shape)
        return shape

    def _inverse_shape(self, shape):
        for t in self.transforms:
            shape = t.inverse_shape(shape)
        return shape

    @property
    def _domain(self):
        domain = self.transforms[0]._domain
        event_rank = self.transforms[-1]._codomain.event_rank
        for t in reversed(self.transforms):
            event_rank -= t._codomain.event_rank - t._domain.event_rank
            event_rank = max(event_rank, t._domain.event_rank)
        return variable.Independent(domain, event_rank - domain.event_rank)

    @property
    def _codomain(self):
        codomain = self.transforms[-1]._codomain
        event_rank = self.transforms[0]._domain.event_rank
        for t in self.transforms:
            event_rank += t._codomain.event_rank - t._domain.event_rank
            event_rank = max(event_rank, t._codomain.event_rank)
        return variable.Independent(codomain, event_rank - codomain.event_rank)


class ExpTransform(Transform):
    """y = exp(x).

    Returns:
        ExpTransform: the transform.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import ExpTransform
            >>> t = ExpTransform()
            >>> x = paddle.to_tensor([0.0, 1.0])
            >>> print(t.forward_log_det_jacobian(x).numpy().round(4))
            [0. 1.]
    """
    _type = Type.BIJECTION

    @property
    def _codomain(self):
        return variable.positive

    def _forward(self, x):
        return x.exp()

    def _inverse(self, y):
        return y.log()

    def _forward_log_det_jacobian(self, x):
        return x


class IndependentTransform(Transform):
    """Reinterprets the rightmost reinterpreted_batch_rank batch axes of base's domain as event axes.

    Args:
        base (Transform): The base transform.
        reinterpreted_batch_rank (int): How many batch axes become event axes (positive).

    Returns:
        IndependentTransform: the transform.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import ExpTransform, IndependentTransform
            >>> t = IndependentTransform(ExpTransform(), 1)
            >>> x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
            >>> print(t.forward_log_det_jacobian(x).numpy().round(4))
            [3. 7.]
    """

    def __init__(self, base, reinterpreted_batch_rank):
        if not isinstance(base, Transform):
            raise TypeError(f"Expected 'base' is Transform type, but get {type(base)}")
        if reinterpreted_batch_rank <= 0:
            raise ValueError("Expected 'reinterpreted_batch_rank' is grater than zero, but got "
                             f"{reinterpreted_batch_rank}")
        self._base = base
        self._reinterpreted_batch_rank = reinterpreted_batch_rank
        super().__init__()

    def _is_injective(self):
        return self._base._is_injective()

    def _forward(self, x):
        return self._base.forward(x)

    def _inverse(self, y):
        return self._base.inverse(y)

    def _forward_log_det_jacobian(self, x):
        return self._base.forward_log_det_jacobian(x).sum(list(range(-self._reinterpreted_batch_rank, 0)))

    def _forward_shape(self, shape):
        return self._base.forward_shape(shape)

    def _inverse_shape(self, shape):
        return self._base.inverse_shape(shape)

    @property
    def _domain(self):
        return variable.Independent(self._base._domain, self._reinterpreted_batch_rank)

    @property
    def _codomain(self):
        return variable.Independent(self._base._codomain, self._reinterpreted_batch_rank)


class PowerTransform(Transform):
    """y = x ** power.

    Args:
        power (Tensor): The exponent.

    Returns:
        PowerTransform: the transform.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import PowerTransform
            >>> t = PowerTransform(paddle.to_tensor(2.0))
            >>> x = paddle.to_tensor([1.0, 3.0])
            >>> print(t.forward(x).numpy().round(4))
            [1. 9.]
    """
    _type = Type.BIJECTION

    def __init__(self, power):
        if not isinstance(power, Tensor):
            raise TypeError(f"Expected 'power' is a tensor, but got {type(power)}")
        self._power = power
        super().__init__()

    @property
    def power(self):
        return self._power

    @property
    def _codomain(self):
        return variable.positive

    def _forward(self, x):
        return x.pow(self._power)

    def _inverse(self, y):
        return y.pow(1 / self._power)

    def _forward_log_det_jacobian(self, x):
        return (self._power * x.pow(self._power - 1)).abs().log()

    def _forward_shape(self, shape):
        return tuple(_T.broadcast_shape(shape, self._power.shape))

    _inverse_shape = _forward_shape


class ReshapeTransform(Transform):
    """Reshapes the event part of x from in_event_shape to out_event_shape.

    Args:
        in_event_shape (Sequence[int]): The event shape of x.
        out_event_shape (Sequence[int]): The event shape of y (same number of elements).

    Returns:
        ReshapeTransform: the transform.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import ReshapeTransform
            >>> t = ReshapeTransform((2, 3), (3, 2))
            >>> x = paddle.ones((1, 2, 3))
            >>> print(t.forward_shape((1, 2, 3)))
            (1, 3, 2)
    """
    _type = Type.BIJECTION

    def __init__(self, in_event_shape, out_event_shape):
        if not isinstance(in_event_shape, typing.Sequence) or not isinstance(out_event_shape, typing.Sequence):
            raise TypeError("Expected type of 'in_event_shape' and 'out_event_shape' is Sequence[int], but got "
                            f"'in_event_shape': {in_event_shape}, 'out_event_shape': {out_event_shape}")
        in_size, out_size = math.prod(in_event_shape), math.prod(out_event_shape)
        if in_size != out_size:
            raise ValueError("The numel of 'in_event_shape' should be 'out_event_shape', but got "
                             f"{in_size}!={out_size}")
        self._in_event_shape = tuple(in_event_shape)
        self._out_event_shape = tuple(out_event_shape)
        super().__init__()

    @property
    def in_event_shape(self):
        return self._in_event_shape

    @property
    def out_event_shape(self):
        return self._out_event_shape

    @property
    def _domain(self):
        return variable.Independent(variable.real, len(self._in_event_shape))

    @property
    def _codomain(self):
        return variable.Independent(variable.real, len(self._out_event_shape))

    def _forward(self, x):
        return x.reshape(tuple(x.shape)[: x.dim() - len(self._in_event_shape)] + self._out_event_shape)

    def _inverse(self, y):
        return y.reshape(tuple(y.shape)[: y.dim() - len(self._out_event_shape)] + self._in_event_shape)

    @staticmethod
    def _swap(shape, src, dst):
        if len(shape) < len(src):
            raise ValueError(f"Expected length of 'shape' is not less than {len(src)}, but got {len(shape)}")
        if tuple(shape[-len(src):]) != tuple(src):
            raise ValueError(f"Event shape mismatch, expected: {src}, but got {shape[-len(src):]}")
        return tuple(shape[: -len(src)]) + dst

    def _forward_shape(self, shape):
        return self._swap(shape, self._in_event_shape, self._out_event_shape)

    def _inverse_shape(self, shape):
        return self._swap(shape, self._out_event_shape, self._in_event_shape)

    def _forward_log_det_jacobian(self, x):
        return _T.zeros(x.shape[: x.dim() - len(self._in_event_shape)], dtype=x.dtype)


class SigmoidTransform(Transform):
    """y = sigmoid(x).

    Returns:
        SigmoidTransform: the transform.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import SigmoidTransform
            >>> t = SigmoidTransform()
            >>> x = paddle.to_tensor([0.0, 2.0])
            >>> print(t.forward(x).numpy().round(4))
            [0.5    0.8808]
    """

    @property
    def _codomain(self):
        return variable.Variable(False, 0, constraint.Range(0.0, 1.0))

    def _forward(self, x):
        return F.sigmoid(x)

    def _inverse(self, y):
        return y.log() - (-y).log1p()

    def _forward_log_det_jacobian(self, x):
        return -F.softplus(-x) - F.softplus(x)


class SoftmaxTransform(Transform):
    """y = softmax(x) over the last axis (not injective: no log-det-Jacobian).

    Returns:
        SoftmaxTransform: the transform.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import SoftmaxTransform
            >>> t = SoftmaxTransform()
            >>> x = paddle.to_tensor([1.0, 2.0])
            >>> print(t.forward(x).numpy().round(4))
            [0.2689 0.7311]
    """
    _type = Type.OTHER

    @property
    def _domain(self):
        return variable.Independent(variable.real, 1)

    @property
    def _codomain(self):
        return variable.Variable(False, 1, constraint.simplex)

    def _forward(self, x):
        x = (x - x.max(-1, keepdim=True)[0]).exp()
        return x / x.sum(-1, keepdim=True)

    def _inverse(self, y):
        return y.log()

    def _forward_shape(self, shape):
        if len(shape) < 1:
            raise ValueError(f"Expected length of shape is grater than 1, but got {len(shape)}")
        return shape

    _inverse_shape = _forward_shape


class StackTransform(Transform):
    """Applies transforms[i] to slice i of x along axis.

    Args:
        transforms (Sequence[Transform]): One transform per slice.
        axis (int, optional): The axis to slice. Default: 0.

    Returns:
        StackTransform: the transform.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import ExpTransform, PowerTransform, StackTransform
            >>> t = StackTransform([ExpTransform(), PowerTransform(paddle.to_tensor(2.0))], axis=1)
            >>> x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
            >>> print(t.forward(x).numpy().round(4))
            [[ 2.7183  4.    ]
             [20.0855 16.    ]]
    """

    def __init__(self, transforms, axis=0):
        if not transforms or not isinstance(transforms, typing.Sequence):
            raise TypeError(f"Expected 'transforms' is Sequence[Transform], but got {type(transforms)}.")
        if not all(isinstance(t, Transform) for t in transforms):
            raise TypeError('Expected all element in transforms is Transform Type.')
        if not isinstance(axis, int):
            raise TypeError(f"Expected 'axis' is int, but got{type(axis)}.")
        self._transforms = transforms
        self._axis = axis

    def _is_injective(self):
        return all(t._is_injective() for t in self._transforms)

    @property
    def transforms(self):
        return self._transforms

    @property
    def axis(self):
        return self._axis

    def _map(self, v, method):
        self._check_size(v)
        return _T.stack([getattr(t, method)(s) for s, t in zip(_T.unstack(v, self._axis), self._transforms)],
                        self._axis)

    def _forward(self, x):
        return self._map(x, 'forward')

    def _inverse(self, y):
        return self._map(y, 'inverse')

    def _forward_log_det_jacobian(self, x):
        return self._map(x, 'forward_log_det_jacobian')

    def _check_size(self, v):
        if not (-v.dim() <= self._axis < v.dim()):
            raise ValueError(f'Input dimensions {v.dim()} should be grater than stack transform axis {self._axis}.')
        if v.shape[self._axis] != len(self._transforms):
            raise ValueError(f'Input size along {self._axis} should be equal to the length of transforms.')

    @property
    def _domain(self):
        return variable.Stack([t._domain for t in self._transforms], self._axis)

    @property
    def _codomain(self):
        return variable.Stack([t._codomain for t in self._transforms], self._axis)


class StickBreakingTransform(Transform):
    """Maps R^(K-1) onto the K-simplex by stick breaking.

    Returns:
        StickBreakingTransform: the transform.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import StickBreakingTransform
            >>> t = StickBreakingTransform()
            >>> x = paddle.to_tensor([1.0, 2.0, 3.0])
            >>> print(t.forward(x).numpy().round(4))
            [0.4754 0.4129 0.1065 0.0053]
    """
    _type = Type.BIJECTION

    def _forward(self, x):
        offset = x.shape[-1] + 1 - _T.ones([x.shape[-1]]).cumsum(-1)
        z = F.sigmoid(x - offset.log())
        z_cumprod = (1 - z).cumprod(-1)
        pad = [0] * 2 * (len(x.shape) - 1)
        return F.pad(z, pad + [0, 1], value=1) * F.pad(z_cumprod, pad + [1, 0], value=1)

    def _inverse(self, y):
        y_crop = y[..., :-1]
        offset = y.shape[-1] - _T.ones([y_crop.shape[-1]]).cumsum(-1)
        sf = 1 - y_crop.cumsum(-1)
        return y_crop.log() - sf.log() + offset.log()

    def _forward_log_det_jacobian(self, x):
        y = self.forward(x)
        offset = x.shape[-1] + 1 - _T.ones([x.shape[-1]]).cumsum(-1)
        x = x - offset.log()
        return (-x + F.log_sigmoid(x) + y[..., :-1].log()).sum(-1)

    def _forward_shape(self, shape):
        if not shape:
            raise ValueError(f"Expected 'shape' is not empty, but got {shape}")
        return (*shape[:-1], shape[-1] + 1)

    def _inverse_shape(self, shape):
        if not shape:
            raise ValueError(f"Expected 'shape' is not empty, but got {shape}")
        return (*shape[:-1], shape[-1] - 1)

    @property
    def _domain(self):
        return variable.Independent(variable.real, 1)

    @property
    def _codomain(self):
        return variable.Variable(False, 1, constraint.simplex)


class TanhTransform(Transform):
    """y = tanh(x).

    Returns:
        TanhTransform: the transform.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import TanhTransform
            >>> t = TanhTransform()
            >>> x = paddle.to_tensor([0.0, 1.0])
            >>> print(t.forward(x).numpy().round(4))
            [0.     0.7616]
    """
    _type = Type.BIJECTION

    @property
    def _codomain(self):
        return variable.Variable(False, 0, constraint.Range(-1.0, 1.0))

    def _forward(self, x):
        return x.tanh()

    def _inverse(self, y):
        return y.atanh()

    def _forward_log_det_jacobian(self, x):
        return 2.0 * (math.log(2.0) - x - F.softplus(-2.0 * x))
