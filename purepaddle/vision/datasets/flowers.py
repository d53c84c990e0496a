"""Flowers (Oxford 102 Flowers) from Paddle's cache files: 102flowers.tgz (jpg/image_00001.jpg ...), imagelabels.mat
(`labels`, 1-based class per image) and setid.mat (`trnid`, `valid`, `tstid`: 1-based image ids per split)."""
import os
import tarfile

import numpy as np

from ..._core.dtype import get_default_dtype
from ...io import Dataset
from ..image import get_image_backend
from .cache import cached_file
from .matfile import loadmat

__all__ = ["Flowers"]

DATA_URL = "http://paddlemodels.bj.bcebos.com/flowers/102flowers.tgz"
LABEL_URL = "http://paddlemodels.bj.bcebos.com/flowers/imagelabels.mat"
SETID_URL = "http://paddlemodels.bj.bcebos.com/flowers/setid.mat"
# Paddle trains on the large `tstid` split and tests on `trnid`
MODE_FLAG_MAP = {"train": "tstid", "test": "trnid", "valid": "valid"}


def open_image(path_or_file):
    """A PIL image of a file (Pillow is needed to decode JPEG/PNG in purepaddle)."""
    try:
        from PIL import Image
    except ImportError:
        raise ImportError("reading the images of paddle.vision datasets needs Pillow; install it with "
                          "`pip install purepaddle[vision]` or `pip install pillow`") from None
    return Image.open(path_or_file)


class Flowers(Dataset):
    """Oxford 102 Flowers: RGB images of 102 classes; items (image, int64 label [1], 1-based as Paddle's).

    Without data_file / label_file / setid_file the files are read from ~/.cache/paddle/dataset/flowers/ (where
    real Paddle downloads them); purepaddle never downloads, so a missing file raises FileNotFoundError naming the
    URL and that path. The image archive is extracted once beside itself (102flowers/jpg/), as Paddle does.

    Args:
        data_file (str, optional): path of 102flowers.tgz. Default: None (Paddle's cache).
        label_file (str, optional): path of imagelabels.mat. Default: None (Paddle's cache).
        setid_file (str, optional): path of setid.mat. Default: None (Paddle's cache).
        mode (str, optional): "train", "valid" or "test". Default: "train".
        transform (Callable, optional): applied to each image. Default: None.
        download (bool, optional): False makes a missing file an error at once. Default: True.
        backend (str, optional): "pil" (PIL images) or "cv2" (HWC RGB ndarrays). Default: the image backend.

    Returns:
        Dataset: the split.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.datasets import Flowers
            >>> flowers = Flowers(mode='test')  # doctest: +SKIP("needs the Flowers files in Paddle's cache")
    """

    def __init__(self, data_file=None, label_file=None, setid_file=None, mode="train", transform=None,
                 download=True, backend=None):
        if mode.lower() not in ("train", "valid", "test"):
            raise AssertionError(f"mode should be 'train', 'valid' or 'test', but got {mode}")
        backend = get_image_backend() if backend is None else backend
        if backend not in ("pil", "cv2"):
            raise ValueError(f"Expected backend are one of ['pil', 'cv2'], but got {backend}")
        self.backend = backend
        flag = MODE_FLAG_MAP[mode.lower()]
        if not data_file:
            data_file = cached_file(DATA_URL, "flowers", "Flowers", download)
        if not label_file:
            label_file = cached_file(LABEL_URL, "flowers", "Flowers", download, arg="label_file")
        if not setid_file:
            setid_file = cached_file(SETID_URL, "flowers", "Flowers", download, arg="setid_file")
        self.data_file, self.label_file, self.setid_file = data_file, label_file, setid_file
        self.transform = transform
        self.data_path = data_file.replace(".tgz", "/")
        os.makedirs(self.data_path, exist_ok=True)
        if not os.path.exists(os.path.join(self.data_path, "jpg")):
            with tarfile.open(data_file) as tar:
                if hasattr(tarfile, "data_filter"):  # refuse members escaping the folder where Python can
                    tar.extractall(self.data_path, filter="data")
                else:
                    tar.extractall(self.data_path)
        self.labels = np.asarray(loadmat(label_file)["labels"])[0]
        self.indexes = np.asarray(loadmat(setid_file)[flag])[0]
        self.dtype = get_default_dtype()

    def __getitem__(self, idx):
        index = self.indexes[idx]
        label = np.array([self.labels[index - 1]])
        image = open_image(os.path.join(self.data_path, f"jpg/image_{index:05}.jpg"))
        if self.backend == "cv2":
            image = np.array(image)
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil":
            return image, label.astype("int64")
        return image.astype(self.dtype), label.astype("int64")

    def __len__(self):
        return len(self.indexes)
