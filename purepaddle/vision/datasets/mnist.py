"""MNIST and FashionMNIST read from the standard idx files on disk (purepaddle never downloads)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Callable
    from typing import Any

import os

import numpy as np

from ..._core.dtype import get_default_dtype
from ...io import Dataset
from ...utils.download import DATA_HOME  # Paddle's download cache (the one every dataset reads)
from ..image import get_image_backend, pillow_installed

__all__ = ["MNIST", "FashionMNIST"]


def _read_idx(path, magic, what):
    """The payload of an idx file (gzip'ed or not) as uint8, after checking its magic number."""
    with open(path, "rb") as f:
        raw = f.read()
    if raw[:2] == b"\x1f\x8b":
        import gzip  # only .gz files need it (import paddle stays lighter)
        raw = gzip.decompress(raw)
    head = np.frombuffer(raw[:4], dtype=">u4")
    if len(raw) < 8 or int(head[0]) != magic:
        raise ValueError(f"{path} is not an idx {what} file (expected magic number {magic}, "
                         f"found {int(head[0]) if head.size else 'nothing'})")
    ndim = magic & 0xFF
    dims = np.frombuffer(raw[4:4 + 4 * ndim], dtype=">u4").astype(np.int64)
    data = np.frombuffer(raw, dtype=np.uint8, offset=4 + 4 * ndim)
    if data.size != int(np.prod(dims)):
        raise ValueError(f"{path}: header says {dims.tolist()} but holds {data.size} values")
    return data.reshape(dims)


class MNIST(Dataset):
    """MNIST handwritten digits (60000 train / 10000 test, 28x28) from local idx(.gz) files.

    Without image_path/label_path the files are looked up where Paddle caches its downloads,
    ~/.cache/paddle/dataset/mnist/ (for example train-images-idx3-ubyte.gz); purepaddle never
    downloads, so a missing file raises FileNotFoundError naming the file and where to put it.
    Items are (image, label): a 28x28 float32 array (backend 'cv2') or PIL image ('pil'), after
    `transform`, and an int64 array [1]. With no backend given and Pillow not installed, the image is
    the 28x28 uint8 array the PIL image would hold, so `ToTensor` scales it to [0, 1] as in Paddle.

    Args:
        image_path (str|None, optional): The images file (idx3 gz); None means the one in Paddle's cache
            directory. Default: None.
        label_path (str|None, optional): The labels file (idx1 gz); None means the one in Paddle's cache
            directory. Default: None.
        mode (str, optional): 'train' (60000 samples) or 'test' (10000). Default: "train".
        transform (Callable[[Any], Any]|None, optional): A transform applied to each image; None for none.
            Default: None.
        download (bool, optional): Whether a missing file may be fetched (offline, a clear error says where to
            put it). Default: True.
        backend (str|None, optional): 'pil' (PIL images) or 'cv2' (numpy arrays); None means the current image
            backend. Default: None.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.datasets import MNIST
            >>> # doctest: +SKIP("needs the MNIST files in ~/.cache/paddle/dataset/mnist")
            >>> mnist = MNIST(mode='test', backend='cv2')
            >>> len(mnist)
            10000
    """

    NAME = "mnist"
    URL_PREFIX = "https://dataset.bj.bcebos.com/mnist/"
    TEST_IMAGE_URL = URL_PREFIX + "t10k-images-idx3-ubyte.gz"
    TEST_IMAGE_MD5 = "9fb629c4189551a2d022fa330f9573f3"
    TEST_LABEL_URL = URL_PREFIX + "t10k-labels-idx1-ubyte.gz"
    TEST_LABEL_MD5 = "ec29112dd5afa0611ce80d1b7f02629c"
    TRAIN_IMAGE_URL = URL_PREFIX + "train-images-idx3-ubyte.gz"
    TRAIN_IMAGE_MD5 = "f68b3c2dcbeaaa9fbdd348bbdeb94873"
    TRAIN_LABEL_URL = URL_PREFIX + "train-labels-idx1-ubyte.gz"
    TRAIN_LABEL_MD5 = "d53e105ee54ea40749a09fcbcd1e9432"

    def __init__(self, image_path: str | None = None, label_path: str | None = None, mode: str = "train",
                 transform: Callable[[Any], Any] | None = None, download: bool = True,
                 backend: str | None = None) -> None:
        assert mode.lower() in ("train", "test"), f"mode should be 'train' or 'test', but got {mode}"
        # Paddle's default backend hands transforms a PIL image of uint8 pixels (ToTensor scales it to
        # [0, 1]); without Pillow the same pixels come as a uint8 array, so a tutorial's inputs stay right
        self._uint8_images = backend is None and get_image_backend() == "cv2" and not pillow_installed()
        if backend is None:
            backend = get_image_backend()
        if backend not in ("pil", "cv2"):
            raise ValueError(f"Expected backend are one of ['pil', 'cv2'], but got {backend}")
        self.backend = backend
        self.mode = mode.lower()
        train = self.mode == "train"
        self.image_path = image_path or self._cached(download, "image_path",
                                                     self.TRAIN_IMAGE_URL if train else self.TEST_IMAGE_URL)
        self.label_path = label_path or self._cached(download, "label_path",
                                                     self.TRAIN_LABEL_URL if train else self.TEST_LABEL_URL)
        self.transform = transform
        self._parse_dataset()
        self.dtype = get_default_dtype()

    def _cached(self, download, arg, url):
        """The file's path in Paddle's download cache; a clear error when it is not there."""
        fname = url.rsplit("/", 1)[-1]
        folder = os.path.join(DATA_HOME, self.NAME)
        path = os.path.join(folder, fname)
        if not download:
            raise AssertionError(f"{arg.split('_')[0]}_path is not set and downloading automatically is disabled "
                                 f"(pass {arg}=, or place {fname} in {folder})")
        if not os.path.exists(path):
            raise FileNotFoundError(
                f"{type(self).__name__}({self.mode!r}): {fname} not found. purepaddle never downloads data sets "
                f"(download=True cannot fetch it offline): get {url} and put it at {path} (the folder real Paddle "
                f"downloads to), or pass image_path= and label_path= to the files.")
        return path

    def _parse_dataset(self):
        images = _read_idx(self.image_path, 2051, "image")
        labels = _read_idx(self.label_path, 2049, "label")
        if len(images) != len(labels):
            raise ValueError(f"{self.image_path} holds {len(images)} images but {self.label_path} holds "
                             f"{len(labels)} labels")
        # flat float32 rows and [1] int64 labels, the layout Paddle's MNIST exposes to subclasses
        self.images = images.reshape(len(images), -1).astype(np.float32)
        self.labels = labels.astype(np.int64).reshape(-1, 1)

    def __getitem__(self, idx):
        image, label = self.images[idx], self.labels[idx]
        image = np.reshape(image, [28, 28])
        if self.backend == "pil":
            from PIL import Image
            image = Image.fromarray(image.astype("uint8"), mode="L")
        elif self._uint8_images:
            image = image.astype("uint8")
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil" or self._uint8_images:
            return image, label.astype("int64")
        return image.astype(self.dtype), label.astype("int64")

    def __len__(self):
        return len(self.labels)


class FashionMNIST(MNIST):
    """Fashion-MNIST (Zalando's 28x28 clothing images, 10 classes) from local idx files; see MNIST
    (cache folder ~/.cache/paddle/dataset/fashion-mnist/).

    Examples:
        .. code-block:: python

            >>> from paddle.vision.datasets import FashionMNIST
            >>> # doctest: +SKIP("needs the Fashion-MNIST files in ~/.cache/paddle/dataset/fashion-mnist")
            >>> data = FashionMNIST(mode='test', backend='cv2')
    """

    NAME = "fashion-mnist"
    URL_PREFIX = "https://dataset.bj.bcebos.com/fashion_mnist/"
    TEST_IMAGE_URL = URL_PREFIX + "t10k-images-idx3-ubyte.gz"
    TEST_IMAGE_MD5 = "bef4ecab320f06d8554ea6380940ec79"
    TEST_LABEL_URL = URL_PREFIX + "t10k-labels-idx1-ubyte.gz"
    TEST_LABEL_MD5 = "bb300cfdad3c16e7a12a480ee83cd310"
    TRAIN_IMAGE_URL = URL_PREFIX + "train-images-idx3-ubyte.gz"
    TRAIN_IMAGE_MD5 = "8d4fb7e6c68d591d4c3dfef9ec88bf0d"
    TRAIN_LABEL_URL = URL_PREFIX + "train-labels-idx1-ubyte.gz"
    TRAIN_LABEL_MD5 = "25c81989df183df01b3e8a0aad5dffbe"
