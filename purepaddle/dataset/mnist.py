"""paddle.dataset.mnist: readers of the MNIST idx files in Paddle's cache (~/.cache/paddle/dataset/mnist/).

Samples are (image, label): 784 float32 pixels scaled to [-1, 1] and an int label, read in blocks of 100 as
Paddle's reader does (a file whose count is not a multiple of the block size fails on its last block, as there).
"""
import gzip
import struct

import numpy as np

from . import common
from ._deprecation import superseded_by

__all__ = []

# paddle.dataset sits below paddle.vision and paddle.text (they may share its parsers), so it names its files itself
URL_PREFIX = "https://dataset.bj.bcebos.com/mnist/"
TEST_IMAGE_URL = URL_PREFIX + "t10k-images-idx3-ubyte.gz"
TEST_IMAGE_MD5 = "9fb629c4189551a2d022fa330f9573f3"
TEST_LABEL_URL = URL_PREFIX + "t10k-labels-idx1-ubyte.gz"
TEST_LABEL_MD5 = "ec29112dd5afa0611ce80d1b7f02629c"
TRAIN_IMAGE_URL = URL_PREFIX + "train-images-idx3-ubyte.gz"
TRAIN_IMAGE_MD5 = "f68b3c2dcbeaaa9fbdd348bbdeb94873"
TRAIN_LABEL_URL = URL_PREFIX + "train-labels-idx1-ubyte.gz"
TRAIN_LABEL_MD5 = "d53e105ee54ea40749a09fcbcd1e9432"


def _block(buf, offset, count, what):
    """`count` bytes of buf from offset as uint8; struct's error when the file holds fewer (Paddle's failure)."""
    if offset + count > len(buf):
        raise struct.error(f"unpack_from requires a buffer of at least {offset + count} bytes for unpacking "
                           f"{count} bytes at offset {offset} (actual buffer size is {len(buf)}) in the {what} file")
    return np.frombuffer(buf, dtype=np.uint8, count=count, offset=offset)


def reader_creator(image_filename, label_filename, buffer_size):
    """A reader creator over gzip'ed idx image and label files, yielding (float32 [784] in [-1, 1], int label).

    Args:
        image_filename (str): the idx3 images file (.gz).
        label_filename (str): the idx1 labels file (.gz).
        buffer_size (int): samples decoded per block.

    Returns:
        callable: the reader creator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs the MNIST files")
            >>> r = paddle.dataset.mnist.reader_creator('t10k-images-idx3-ubyte.gz', 't10k-labels-idx1-ubyte.gz', 100)
    """
    def reader():
        with gzip.GzipFile(image_filename, "rb") as f:
            images = f.read()
        with gzip.GzipFile(label_filename, "rb") as f:
            labels = f.read()
        _, _, rows, cols = struct.unpack_from(">IIII", images, 0)
        _, count = struct.unpack_from(">II", labels, 0)
        img_at, lab_at, pixels = 16, 8, rows * cols
        for _ in range(0, count, buffer_size):
            lab = _block(labels, lab_at, buffer_size, "label")
            img = _block(images, img_at, buffer_size * pixels, "image")
            lab_at, img_at = lab_at + buffer_size, img_at + buffer_size * pixels
            block = img.reshape(buffer_size, pixels).astype("float32") / 255.0 * 2.0 - 1.0
            for i in range(buffer_size):
                yield block[i, :], int(lab[i])
    return reader


def _files(image_url, image_md5, label_url, label_md5):
    return (common.download(image_url, "mnist", image_md5), common.download(label_url, "mnist", label_md5))


@superseded_by("paddle.vision.datasets.MNIST")
def train():
    """The MNIST training set reader creator (60000 samples), from the cache.

    Returns:
        callable: yields (float32 [784] image in [-1, 1], int label).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/mnist")
            >>> image, label = next(paddle.dataset.mnist.train()())
    """
    return reader_creator(*_files(TRAIN_IMAGE_URL, TRAIN_IMAGE_MD5, TRAIN_LABEL_URL, TRAIN_LABEL_MD5), 100)


@superseded_by("paddle.vision.datasets.MNIST")
def test():
    """The MNIST test set reader creator (10000 samples), from the cache.

    Returns:
        callable: yields (float32 [784] image in [-1, 1], int label).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/mnist")
            >>> image, label = next(paddle.dataset.mnist.test()())
    """
    return reader_creator(*_files(TEST_IMAGE_URL, TEST_IMAGE_MD5, TEST_LABEL_URL, TEST_LABEL_MD5), 100)


@superseded_by("paddle.vision.datasets.MNIST")
def fetch():
    """Check that every MNIST file is in the cache (purepaddle never downloads; a missing one raises)."""
    _files(TRAIN_IMAGE_URL, TRAIN_IMAGE_MD5, TRAIN_LABEL_URL, TRAIN_LABEL_MD5)
    _files(TEST_IMAGE_URL, TEST_IMAGE_MD5, TEST_LABEL_URL, TEST_LABEL_MD5)
