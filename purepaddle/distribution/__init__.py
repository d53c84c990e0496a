"""paddle.distribution: probability distributions, transforms and KL divergence (one module per distribution,
named as Paddle names them)."""
from . import constraint, kl, transform, variable  # noqa: F401
from .bernoulli import Bernoulli  # noqa: F401
from .beta import Beta  # noqa: F401
from .binomial import Binomial  # noqa: F401
from .categorical import Categorical  # noqa: F401
from .cauchy import Cauchy  # noqa: F401
from .chi2 import Chi2  # noqa: F401
from .continuous_bernoulli import ContinuousBernoulli  # noqa: F401
from .dirichlet import Dirichlet  # noqa: F401
from .distribution import Distribution  # noqa: F401
from .exponential import Exponential  # noqa: F401
from .exponential_family import ExponentialFamily  # noqa: F401
from .gamma import Gamma  # noqa: F401
from .geometric import Geometric  # noqa: F401
from .gumbel import Gumbel  # noqa: F401
from .independent import Independent  # noqa: F401
from .kl import kl_divergence, register_kl  # noqa: F401
from .laplace import Laplace  # noqa: F401
from .lkj_cholesky import LKJCholesky  # noqa: F401
from .lognormal import LogNormal  # noqa: F401
from .multinomial import Multinomial  # noqa: F401
from .multivariate_normal import MultivariateNormal  # noqa: F401
from .normal import Normal  # noqa: F401
from .poisson import Poisson  # noqa: F401
from .student_t import StudentT  # noqa: F401
from .transform import (AbsTransform, AffineTransform, ChainTransform, ExpTransform,  # noqa: F401
                        IndependentTransform, PowerTransform, ReshapeTransform, SigmoidTransform, SoftmaxTransform,
                        StackTransform, StickBreakingTransform, TanhTransform, Transform)
from .transformed_distribution import TransformedDistribution  # noqa: F401
from .uniform import Uniform  # noqa: F401

__all__ = ['Bernoulli', 'Beta', 'Categorical', 'Cauchy', 'Chi2', 'ContinuousBernoulli', 'Dirichlet', 'Distribution',
           'Exponential', 'ExponentialFamily', 'Multinomial', 'MultivariateNormal', 'Normal', 'Uniform',
           'kl_divergence', 'register_kl', 'Independent', 'TransformedDistribution', 'Laplace', 'LogNormal',
           'LKJCholesky', 'Gamma', 'Gumbel', 'Geometric', 'Binomial', 'Poisson', 'StudentT'] + transform.__all__
