"""paddle.distribution: probability distributions, transforms and KL divergence."""
from . import constraint, transform  # noqa: F401
from .continuous_bernoulli import ContinuousBernoulli  # noqa: F401
from .discrete import Bernoulli, Binomial, Categorical, Geometric, Multinomial, Poisson  # noqa: F401
from .distribution import Distribution, ExponentialFamily  # noqa: F401
from .gamma import Beta, Chi2, Dirichlet, Exponential, Gamma, StudentT  # noqa: F401
from .kl import kl_divergence, register_kl  # noqa: F401
from .lkj_cholesky import LKJCholesky  # noqa: F401
from .location_scale import Cauchy, Laplace, Normal, Uniform  # noqa: F401
from .multivariate_normal import MultivariateNormal  # noqa: F401
from .transform import (AbsTransform, AffineTransform, ChainTransform, ExpTransform,  # noqa: F401
                        IndependentTransform, PowerTransform, ReshapeTransform, SigmoidTransform, SoftmaxTransform,
                        StackTransform, StickBreakingTransform, TanhTransform, Transform)
from .transformed import Gumbel, Independent, LogNormal, TransformedDistribution  # noqa: F401

__all__ = ['Bernoulli', 'Beta', 'Categorical', 'Dirichlet', 'Distribution', 'Exponential',
           'ExponentialFamily', 'Normal', 'Uniform', 'kl_divergence', 'register_kl', 'Independent',
           'TransformedDistribution', 'Laplace', 'LogNormal', 'Gamma', 'Cauchy', 'Gumbel', 'Geometric', 'Poisson',
           'Binomial', 'Multinomial', 'Chi2', 'ContinuousBernoulli', 'MultivariateNormal', 'StudentT',
           'LKJCholesky'] + transform.__all__
