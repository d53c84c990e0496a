"""paddle.vision.models._utils: IntermediateLayerGetter, a backbone cut after the last layer asked for."""
from collections import OrderedDict

from ...nn import Linear, LayerDict
from ...tensor.manipulation import flatten

__all__ = ["IntermediateLayerGetter"]


class IntermediateLayerGetter(LayerDict):
    """The model's direct sublayers up to the last one named in `return_layers`, run in order; forward returns
    the outputs of the named ones under their new names.

    Only direct children of the model are found, and they must run one after another as registered (no
    sublayer reuse, no branches between them). A Linear met with a 4-D input gets it flattened from axis 1,
    as a classifier head after pooling expects.

    Args:
        model (Layer): the model whose sublayers are taken.
        return_layers (dict[str, str]): sublayer name -> the key of its output in the result.

    Returns:
        IntermediateLayerGetter: a LayerDict of the kept sublayers.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> m = paddle.vision.models.resnet18(pretrained=False)
            >>> getter = paddle.vision.models._utils.IntermediateLayerGetter(m, {'layer1': 'feat1'})
            >>> out = getter(paddle.rand([1, 3, 64, 64]))
            >>> [(k, list(v.shape)) for k, v in out.items()]
            [('feat1', [1, 64, 16, 16])]
    """

    def __init__(self, model, return_layers):
        children = OrderedDict(model.named_children())
        if not set(return_layers).issubset(children):
            raise ValueError("return_layers are not present in model")
        wanted = {str(k): str(v) for k, v in return_layers.items()}
        remaining = set(wanted)
        layers = OrderedDict()
        for name, layer in children.items():
            if not remaining:
                break
            layers[name] = layer
            remaining.discard(name)
        super().__init__(layers)
        self.return_layers = wanted

    def forward(self, x):
        out = OrderedDict()
        for name, layer in self.items():
            if x.ndim == 4 and (isinstance(layer, Linear) or (layer.sublayers() and
                                                             isinstance(layer.sublayers()[0], Linear))):
                x = flatten(x, 1)
            x = layer(x)
            if name in self.return_layers:
                out[self.return_layers[name]] = x
        return out
