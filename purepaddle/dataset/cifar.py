"""paddle.dataset.cifar: CIFAR-10 / CIFAR-100 readers over the python-pickle archives in Paddle's cache
(~/.cache/paddle/dataset/cifar/cifar-10-python.tar.gz, cifar-100-python.tar.gz).

Samples are (3072 float32 pixels in [0, 1], int label); CIFAR-100 gives the fine labels. The batches are read
with purepaddle's restricted unpickler (data only), so a tampered archive cannot run code.
"""
import tarfile

import numpy as np

from .._core.pickle_safe import safe_load
from . import common
from ._deprecation import superseded_by

__all__ = []

URL_PREFIX = "https://dataset.bj.bcebos.com/cifar/"
CIFAR10_URL = URL_PREFIX + "cifar-10-python.tar.gz"
CIFAR10_MD5 = "c58f30108f718f92721af3b95e74349a"
CIFAR100_URL = URL_PREFIX + "cifar-100-python.tar.gz"
CIFAR100_MD5 = "eb9058c3a382ffc7106e4002c42a8d85"


def batches(filename, sub_name):
    """(data uint8 [N, 3072], labels) of each pickled batch of the archive whose member name contains sub_name,
    in archive order."""
    with tarfile.open(filename, mode="r") as f:
        for member in [m for m in f if sub_name in m.name]:
            batch = safe_load(f.extractfile(member), source=f"{filename}:{member.name}", encoding="bytes")
            labels = batch.get(b"labels", batch.get(b"fine_labels", None))
            assert labels is not None
            yield batch[b"data"], labels


def reader_creator(filename, sub_name, cycle=False):
    """A reader creator of (float32 [3072] in [0, 1], int label) over the archive's batches named sub_name.

    Args:
        filename (str): the archive.
        sub_name (str): a part of the batch members' names ('data_batch', 'test_batch', 'train', 'test').
        cycle (bool, optional): start over at the end, forever. Default False.

    Returns:
        callable: the reader creator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs a CIFAR archive")
            >>> r = paddle.dataset.cifar.reader_creator('cifar-10-python.tar.gz', 'test_batch')
    """
    def reader():
        while True:
            for data, labels in batches(filename, sub_name):
                for sample, label in zip(data, labels):
                    yield (sample / 255.0).astype(np.float32), int(label)
            if not cycle:
                break
    return reader


@superseded_by("paddle.vision.datasets.Cifar100")
def train100():
    """The CIFAR-100 training reader creator (fine labels).

    Returns:
        callable: yields (float32 [3072], int label).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/cifar/cifar-100-python.tar.gz")
            >>> image, label = next(paddle.dataset.cifar.train100()())
    """
    return reader_creator(common.download(CIFAR100_URL, "cifar", CIFAR100_MD5), "train")


@superseded_by("paddle.vision.datasets.Cifar100")
def test100():
    """The CIFAR-100 test reader creator (fine labels)."""
    return reader_creator(common.download(CIFAR100_URL, "cifar", CIFAR100_MD5), "test")


@superseded_by("paddle.vision.datasets.Cifar10")
def train10(cycle=False):
    """The CIFAR-10 training reader creator.

    Args:
        cycle (bool, optional): repeat forever. Default False.

    Returns:
        callable: yields (float32 [3072], int label).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/cifar/cifar-10-python.tar.gz")
            >>> image, label = next(paddle.dataset.cifar.train10()())
    """
    return reader_creator(common.download(CIFAR10_URL, "cifar", CIFAR10_MD5), "data_batch", cycle=cycle)


@superseded_by("paddle.vision.datasets.Cifar10")
def test10(cycle=False):
    """The CIFAR-10 test reader creator (as train10)."""
    return reader_creator(common.download(CIFAR10_URL, "cifar", CIFAR10_MD5), "test_batch", cycle=cycle)


@superseded_by("paddle.vision.datasets.Cifar10")
def fetch():
    """Check that both CIFAR archives are in the cache (purepaddle never downloads; a missing one raises)."""
    common.download(CIFAR10_URL, "cifar", CIFAR10_MD5)
    common.download(CIFAR100_URL, "cifar", CIFAR100_MD5)
