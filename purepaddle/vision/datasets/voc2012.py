"""VOC2012 segmentation from Paddle's cache file VOCtrainval_11-May-2012.tar, read in place (no extraction): the
split lists in VOCdevkit/VOC2012/ImageSets/Segmentation/, images in JPEGImages/*.jpg and class masks in
SegmentationClass/*.png."""
import io
import tarfile

import numpy as np

from ..._core.dtype import get_default_dtype
from ...io import Dataset
from ..image import get_image_backend
from .cache import cached_file
from .flowers import open_image

__all__ = ["VOC2012"]

VOC_URL = "https://dataset.bj.bcebos.com/voc/VOCtrainval_11-May-2012.tar"
SET_FILE = "VOCdevkit/VOC2012/ImageSets/Segmentation/{}.txt"
DATA_FILE = "VOCdevkit/VOC2012/JPEGImages/{}.jpg"
LABEL_FILE = "VOCdevkit/VOC2012/SegmentationClass/{}.png"
# Paddle's split names: train reads trainval, test reads train
MODE_FLAG_MAP = {"train": "trainval", "test": "train", "valid": "val"}


class VOC2012(Dataset):
    """Pascal VOC2012 segmentation: items (image, label mask), PIL images with the 'pil' backend, HWC arrays of the
    default dtype with 'cv2'.

    Without data_file the tarball is read from ~/.cache/paddle/dataset/voc2012/VOCtrainval_11-May-2012.tar (where
    real Paddle downloads it); purepaddle never downloads, so a missing file raises FileNotFoundError naming the
    URL and that path.

    Args:
        data_file (str, optional): path of VOCtrainval_11-May-2012.tar. Default: None (Paddle's cache).
        mode (str, optional): "train" (trainval list), "valid" (val) or "test" (train). Default: "train".
        transform (Callable, optional): applied to each image (not the label). Default: None.
        download (bool, optional): False makes a missing data_file an error at once. Default: True.
        backend (str, optional): "pil" or "cv2". Default: the image backend.

    Returns:
        Dataset: the split.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.datasets import VOC2012
            >>> voc = VOC2012(mode='valid')  # doctest: +SKIP("needs the VOC2012 tarball in Paddle's cache")
    """

    def __init__(self, data_file=None, mode="train", transform=None, download=True, backend=None):
        if mode.lower() not in ("train", "valid", "test"):
            raise AssertionError(f"mode should be 'train', 'valid' or 'test', but got {mode}")
        backend = get_image_backend() if backend is None else backend
        if backend not in ("pil", "cv2"):
            raise ValueError(f"Expected backend are one of ['pil', 'cv2'], but got {backend}")
        self.backend = backend
        self.flag = MODE_FLAG_MAP[mode.lower()]
        self.data_file = data_file
        if self.data_file is None:
            self.data_file = cached_file(VOC_URL, "voc2012", "VOC2012", download)
        self.transform = transform
        self.data_tar = None
        self._load_anno()
        self.dtype = get_default_dtype()

    def _load_anno(self):
        self.data_tar = tarfile.open(self.data_file)
        self.name2mem = {m.name: m for m in self.data_tar.getmembers()}
        sets = self.data_tar.extractfile(self.name2mem[SET_FILE.format(self.flag)])
        self.data, self.labels = [], []
        for line in sets:
            stem = line.strip().decode("utf-8")
            self.data.append(DATA_FILE.format(stem))
            self.labels.append(LABEL_FILE.format(stem))

    def __getitem__(self, idx):
        data = self.data_tar.extractfile(self.name2mem[self.data[idx]]).read()
        label = self.data_tar.extractfile(self.name2mem[self.labels[idx]]).read()
        data, label = open_image(io.BytesIO(data)), open_image(io.BytesIO(label))
        if self.backend == "cv2":
            data, label = np.array(data), np.array(label)
        if self.transform is not None:
            data = self.transform(data)
        if self.backend == "cv2":
            return data.astype(self.dtype), label.astype(self.dtype)
        return data, label

    def __len__(self):
        return len(self.data)

    def __del__(self):
        if getattr(self, "data_tar", None):
            self.data_tar.close()
