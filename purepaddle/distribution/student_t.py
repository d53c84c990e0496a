"""Student's t distribution."""
import math
from collections.abc import Sequence

from .. import tensor as _T
from .distribution import Distribution
from .gamma import Gamma


class StudentT(Distribution):
    r"""Student's t distribution with ``df`` degrees of freedom, location ``loc`` and scale ``scale``.

    Args:
        df (float|Tensor): Degrees of freedom (non-negative).
        loc (float|Tensor): The location.
        scale (float|Tensor): The scale (non-negative).
        name (str|None, optional): Name prefix. Default: None.

    Returns:
        StudentT: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import StudentT
            >>> dist = StudentT(df=10.0, loc=0.0, scale=1.0)
            >>> print(dist.entropy().numpy().round(4))
            1.5213
    """

    def __init__(self, df, loc, scale, name=None):
        self.name = name if name is not None else 'StudentT'
        self.df, self.loc, self.scale = self._broadcast_all(df, loc, scale)
        if not bool((self.df >= 0.0).all()):
            raise ValueError('Every element of input parameter `df` should be nonnegative.')
        if not bool((self.scale >= 0.0).all()):
            raise ValueError('Every element of input parameter `scale` should be nonnegative.')
        super().__init__(self.df.shape)
        self._chi2 = Gamma(0.5 * self.df, _T.full_like(self.df, 0.5))

    @property
    def mean(self):
        return _T.where(self.df > 1.0, self.loc, _T.full_like(self.loc, fill_value=float('nan')))

    @property
    def variance(self):
        var = self.df.clone().detach()
        var = _T.where(self.df > 2.0, self.scale.pow(2) * var / (var - 2), _T.full_like(var, fill_value=float('nan')))
        inf_condition = (self.df <= 2.0).logical_and(self.df > 1.0)
        return _T.where(inf_condition, _T.full_like(var, fill_value=float('inf')), var)

    def sample(self, shape=()):
        """loc + scale * z / sqrt(chi2 / df), z standard normal, chi2 from Gamma(df/2, 1/2)."""
        if not isinstance(shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')
        z = _T.normal(shape=self._extend_shape(shape))
        chi2 = self._chi2.sample(shape)
        return self.loc + self.scale * (z * _T.rsqrt(chi2 / self.df))

    def entropy(self):
        lbeta = _T.lgamma(0.5 * self.df) + math.lgamma(0.5) - _T.lgamma(0.5 * (self.df + 1))
        return (self.scale.log() + 0.5 * (self.df + 1) * (_T.digamma(0.5 * (self.df + 1)) - _T.digamma(0.5 * self.df))
                + 0.5 * self.df.log() + lbeta)

    def log_prob(self, value):
        value = self._check_values_dtype_in_probs(self.df, value)
        y = (value - self.loc) / self.scale
        Z = (self.scale.log() + 0.5 * self.df.log() + 0.5 * math.log(math.pi) + _T.lgamma(0.5 * self.df)
             - _T.lgamma(0.5 * (self.df + 1.0)))
        return -0.5 * (self.df + 1.0) * _T.log1p(y ** 2.0 / self.df) - Z

    def prob(self, value):
        return _T.exp(self.log_prob(value))
