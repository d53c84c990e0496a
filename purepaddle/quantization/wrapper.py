"""ObserveWrapper: a leaf layer with an observer run on its input (or output)."""
from ..nn import Layer

__all__ = ["ObserveWrapper"]


class ObserveWrapper(Layer):
    """Runs `observer` on the input and then `observed` (or `observed` first when observe_input is False).

    Args:
        observer (BaseQuanter): the observer / quanter.
        observed (Layer): the wrapped layer.
        observe_input (bool): observe the input (True) or the output.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.quantization.wrapper import ObserveWrapper
        >>> from purepaddle.quantization.observers import AbsmaxObserver
        >>> w = ObserveWrapper(AbsmaxObserver()._instance(None), paddle.nn.ReLU())
        >>> w(paddle.to_tensor([-1., 2.])).numpy().tolist()
        [0.0, 2.0]
    """

    def __init__(self, observer, observed, observe_input=True):
        super().__init__()
        self._observer, self._observed, self._observe_input = observer, observed, observe_input

    def forward(self, *inputs, **kwargs):
        if self._observe_input:
            return self._observed(self._observer(*inputs, **kwargs), **kwargs)
        return self._observer(self._observed(*inputs, **kwargs), **kwargs)
