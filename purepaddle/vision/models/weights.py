"""Where Paddle keeps each vision model's pretrained weights, and loading them from its cache.

purepaddle never downloads: a model built with pretrained=True reads ~/.cache/paddle/hapi/weights/<file> (the
path real Paddle saves to), and names the URL and that path when the file is not there.
"""
import os

from ...framework.io import load as _load

__all__ = ["MODEL_URLS", "weights_path", "load_pretrained"]

# arch -> Paddle's download URL (the file name in the URL is the file name in the cache)
MODEL_URLS = {
    'alexnet': 'https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/AlexNet_pretrained.pdparams',
    'vgg16': 'https://paddle-hapi.bj.bcebos.com/models/vgg16.pdparams',
    'vgg19': 'https://paddle-hapi.bj.bcebos.com/models/vgg19.pdparams',
    'mobilenetv1_1.0': 'https://paddle-hapi.bj.bcebos.com/models/mobilenetv1_1.0.pdparams',
    'mobilenetv2_1.0': 'https://paddle-hapi.bj.bcebos.com/models/mobilenet_v2_x1.0.pdparams',
    'mobilenet_v3_small_x1.0': 'https://paddle-hapi.bj.bcebos.com/models/mobilenet_v3_small_x1.0.pdparams',
    'mobilenet_v3_large_x1.0': 'https://paddle-hapi.bj.bcebos.com/models/mobilenet_v3_large_x1.0.pdparams',
    'resnet18': 'https://paddle-hapi.bj.bcebos.com/models/resnet18.pdparams',
    'resnet34': 'https://paddle-hapi.bj.bcebos.com/models/resnet34.pdparams',
    'resnet50': 'https://paddle-hapi.bj.bcebos.com/models/resnet50.pdparams',
    'resnet101': 'https://paddle-hapi.bj.bcebos.com/models/resnet101.pdparams',
    'resnet152': 'https://paddle-hapi.bj.bcebos.com/models/resnet152.pdparams',
    'resnext50_32x4d': 'https://paddle-hapi.bj.bcebos.com/models/resnext50_32x4d.pdparams',
    'resnext50_64x4d': 'https://paddle-hapi.bj.bcebos.com/models/resnext50_64x4d.pdparams',
    'resnext101_32x4d': 'https://paddle-hapi.bj.bcebos.com/models/resnext101_32x4d.pdparams',
    'resnext101_64x4d': 'https://paddle-hapi.bj.bcebos.com/models/resnext101_64x4d.pdparams',
    'resnext152_32x4d': 'https://paddle-hapi.bj.bcebos.com/models/resnext152_32x4d.pdparams',
    'resnext152_64x4d': 'https://paddle-hapi.bj.bcebos.com/models/resnext152_64x4d.pdparams',
    'wide_resnet50_2': 'https://paddle-hapi.bj.bcebos.com/models/wide_resnet50_2.pdparams',
    'wide_resnet101_2': 'https://paddle-hapi.bj.bcebos.com/models/wide_resnet101_2.pdparams',
    'squeezenet1_0': 'https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/SqueezeNet1_0_pretrained.pdparams',
    'squeezenet1_1': 'https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/SqueezeNet1_1_pretrained.pdparams',
    'shufflenet_v2_x0_25': 'https://paddle-hapi.bj.bcebos.com/models/shufflenet_v2_x0_25.pdparams',
    'shufflenet_v2_x0_33': 'https://paddle-hapi.bj.bcebos.com/models/shufflenet_v2_x0_33.pdparams',
    'shufflenet_v2_x0_5': 'https://paddle-hapi.bj.bcebos.com/models/shufflenet_v2_x0_5.pdparams',
    'shufflenet_v2_x1_0': 'https://paddle-hapi.bj.bcebos.com/models/shufflenet_v2_x1_0.pdparams',
    'shufflenet_v2_x1_5': 'https://paddle-hapi.bj.bcebos.com/models/shufflenet_v2_x1_5.pdparams',
    'shufflenet_v2_x2_0': 'https://paddle-hapi.bj.bcebos.com/models/shufflenet_v2_x2_0.pdparams',
    'shufflenet_v2_swish': 'https://paddle-hapi.bj.bcebos.com/models/shufflenet_v2_swish.pdparams',
    'densenet121': 'https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/DenseNet121_pretrained.pdparams',
    'densenet161': 'https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/DenseNet161_pretrained.pdparams',
    'densenet169': 'https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/DenseNet169_pretrained.pdparams',
    'densenet201': 'https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/DenseNet201_pretrained.pdparams',
    'densenet264': 'https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/DenseNet264_pretrained.pdparams',
    'googlenet': 'https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/GoogLeNet_pretrained.pdparams',
    'inception_v3': 'https://paddle-hapi.bj.bcebos.com/models/inception_v3.pdparams',
}


def weights_path(url):
    """The file real Paddle's weight download writes `url` to: ~/.cache/paddle/hapi/weights/<file name>."""
    return os.path.join(os.path.expanduser("~"), ".cache", "paddle", "hapi", "weights", url.rsplit("/", 1)[-1])


def load_pretrained(model, arch):
    """Loads Paddle's pretrained weights for `arch` into `model` from the cache, or raises naming URL and path."""
    if arch not in MODEL_URLS:
        raise ValueError(f"{arch} model do not have a pretrained model now, you should set pretrained=False")
    url = MODEL_URLS[arch]
    path = weights_path(url)
    if not os.path.exists(path):
        raise FileNotFoundError(f"pretrained weights for {arch} not found at {path}; purepaddle does not download: "
                                f"fetch {url} and put it at {path}")
    model.set_state_dict(_load(path))
    return model
