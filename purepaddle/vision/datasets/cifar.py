"""Cifar10 / Cifar100 from Paddle's python-pickle tarballs (cache folder ~/.cache/paddle/dataset/cifar/)."""
import pickle
import tarfile

import numpy as np

from ..._core.dtype import get_default_dtype
from ...io import Dataset
from ..image import get_image_backend
from .cache import cached_file

__all__ = ["Cifar10", "Cifar100"]

URL_PREFIX = "https://dataset.bj.bcebos.com/cifar/"
CIFAR10_URL = URL_PREFIX + "cifar-10-python.tar.gz"
CIFAR100_URL = URL_PREFIX + "cifar-100-python.tar.gz"
# the tar members holding each split's batches
MODE_FLAG_MAP = {"train10": "data_batch", "test10": "test_batch", "train100": "train", "test100": "test"}


class Cifar10(Dataset):
    """CIFAR-10: 32x32 RGB images in 10 classes; items (HWC image, int64 label).

    Without data_file the tarball is read from ~/.cache/paddle/dataset/cifar/cifar-10-python.tar.gz (where real
    Paddle downloads it); purepaddle never downloads, so a missing file raises FileNotFoundError naming the URL
    and that path.

    Args:
        data_file (str, optional): path of cifar-10-python.tar.gz. Default: None (Paddle's cache).
        mode (str, optional): "train" or "test". Default: "train".
        transform (Callable, optional): applied to each image. Default: None.
        download (bool, optional): False makes a missing data_file an error at once. Default: True.
        backend (str, optional): "pil" (PIL images) or "cv2" (ndarrays). Default: the image backend.

    Returns:
        Dataset: the split.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.datasets import Cifar10
            >>> train = Cifar10(mode='train')  # doctest: +SKIP("needs cifar-10-python.tar.gz in Paddle's cache")
    """

    _classes = 10

    def __init__(self, data_file=None, mode="train", transform=None, download=True, backend=None):
        if mode.lower() not in ("train", "test"):
            raise AssertionError(f"mode.lower() should be 'train' or 'test', but got {mode}")
        self.mode = mode.lower()
        backend = get_image_backend() if backend is None else backend
        if backend not in ("pil", "cv2"):
            raise ValueError(f"Expected backend are one of ['pil', 'cv2'], but got {backend}")
        self.backend = backend
        self.data_url = CIFAR10_URL if self._classes == 10 else CIFAR100_URL
        self.flag = MODE_FLAG_MAP[self.mode + str(self._classes)]
        self.data_file = data_file
        if self.data_file is None:
            if not download:
                raise AssertionError("data_file is not set and downloading automatically is disabled")
            self.data_file = cached_file(self.data_url, "cifar", type(self).__name__)
        self.transform = transform
        self._load_data()
        self.dtype = get_default_dtype()

    def _load_data(self):
        self.data = []
        with tarfile.open(self.data_file, mode="r") as f:
            for name in sorted(m.name for m in f if self.flag in m.name):
                batch = pickle.load(f.extractfile(name), encoding="bytes")
                labels = batch.get(b"labels", batch.get(b"fine_labels", None))
                if labels is None:
                    raise AssertionError(f"{name} holds no labels")
                self.data.extend(zip(batch[b"data"], labels))

    def __getitem__(self, idx):
        image, label = self.data[idx]
        image = np.reshape(image, [3, 32, 32]).transpose([1, 2, 0])
        if self.backend == "pil":
            from PIL import Image
            image = Image.fromarray(image.astype("uint8"))
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil":
            return image, np.array(label).astype("int64")
        return image.astype(self.dtype), np.array(label).astype("int64")

    def __len__(self):
        return len(self.data)


class Cifar100(Cifar10):
    """CIFAR-100: 32x32 RGB images in 100 fine classes; items (HWC image, int64 label).

    Reads ~/.cache/paddle/dataset/cifar/cifar-100-python.tar.gz without data_file (see Cifar10).

    Args:
        data_file (str, optional): path of cifar-100-python.tar.gz. Default: None (Paddle's cache).
        mode (str, optional): "train" or "test". Default: "train".
        transform (Callable, optional): applied to each image. Default: None.
        download (bool, optional): False makes a missing data_file an error at once. Default: True.
        backend (str, optional): "pil" or "cv2". Default: the image backend.

    Returns:
        Dataset: the split.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.datasets import Cifar100
            >>> test = Cifar100(mode='test')  # doctest: +SKIP("needs cifar-100-python.tar.gz in Paddle's cache")
    """

    _classes = 100
