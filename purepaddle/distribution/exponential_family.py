"""ExponentialFamily: entropy from the gradient of the log-normalizer in the natural parameters."""
from .._core.autograd import grad as _grad
from .distribution import Distribution


class ExponentialFamily(Distribution):
    """Base of exponential-family distributions: entropy (and the generic KL) from the log-normalizer, whose
    gradient in the natural parameters is the mean of the sufficient statistics.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Exponential, ExponentialFamily
            >>> print(isinstance(Exponential(paddle.to_tensor(2.0)), ExponentialFamily))
            True
    """

    @property
    def _natural_parameters(self):
        raise NotImplementedError

    def _log_normalizer(self):
        raise NotImplementedError

    @property
    def _mean_carrier_measure(self):
        raise NotImplementedError

    def entropy(self):
        entropy_value = -self._mean_carrier_measure
        natural_parameters = []
        for parameter in self._natural_parameters:
            parameter = parameter.detach()
            parameter.stop_gradient = False
            natural_parameters.append(parameter)
        log_norm = self._log_normalizer(*natural_parameters)
        grads = _grad(log_norm.sum(), natural_parameters, create_graph=True)
        entropy_value += log_norm
        for p, g in zip(natural_parameters, grads):
            entropy_value -= p * g
        return entropy_value
