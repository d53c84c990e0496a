"""The chi-squared distribution (a gamma distribution)."""
from .. import tensor as _T
from .gamma import Gamma


class Chi2(Gamma):
    r"""The chi-squared distribution with ``df`` degrees of freedom: Gamma(df / 2, 1 / 2).

    Args:
        df (float|Tensor): Degrees of freedom (positive).

    Returns:
        Chi2: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Chi2
            >>> c = Chi2(paddle.to_tensor(4.0))
            >>> print(c.mean.numpy())
            4.0
    """

    def __init__(self, df):
        if self._validate_args(df):
            self.df = df
        else:
            [self.df] = self._to_tensor(df)
        if not bool((self.df > 0).all()):
            raise ValueError("The arg of `df` must be positive.")
        super().__init__(self.df * 0.5, _T.full_like(self.df, 0.5))
