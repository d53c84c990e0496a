"""Digits: the UCI optdigits handwritten digits bundled with purepaddle (a purepaddle addition)."""
import os

import numpy as np

from ...io import Dataset
from ..transforms.functional import _resize_array

__all__ = ["Digits"]

DATA_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "digits.npz")
NUM_IMAGES = 1797


def load_digits_arrays():
    """The raw bundled arrays: images uint8 [1797, 8, 8] with values 0..16, labels uint8 [1797]."""
    with np.load(DATA_FILE) as f:
        return f["images"], f["labels"]


def to_mnist_like(images8, image_size=28):
    """8x8 images (0..16) -> float32 [N, 1, S, S] in [-1, 1]: bilinear upsampling of the digit to
    5/7 of S, centred with a blank border like MNIST's 20-in-28 layout."""
    inner = max(1, int(round(image_size * 20 / 28)))
    x = images8.astype(np.float32) / np.float32(16.0)
    x = _resize_array(x, inner, inner, "bilinear", 1)
    before = (image_size - inner) // 2
    x = np.pad(x, [(0, 0), (before, image_size - inner - before), (before, image_size - inner - before)])
    return (x * 2.0 - 1.0).astype(np.float32)[:, None]


class Digits(Dataset):
    """1797 handwritten digits (UCI optdigits test set, 8x8 upsampled to 1 x image_size x image_size
    float32 in [-1, 1]) shipped inside purepaddle, so training demos run offline.

    mode 'train' / 'test' split a fixed shuffled order (seed) into 1797 - num_test and num_test
    images; 'all' keeps every image in file order. Items are (image [1, S, S] float32 after
    `transform`, label int64 [1]). Source and licence: purepaddle/vision/datasets/data/README.md.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.datasets import Digits
            >>> train, test = Digits(mode='train'), Digits(mode='test')
            >>> len(train), len(test)
            (1500, 297)
            >>> image, label = train[0]
            >>> image.shape, image.dtype, label.dtype
            ((1, 28, 28), dtype('float32'), dtype('int64'))
    """

    def __init__(self, mode="train", transform=None, image_size=28, num_test=297, seed=0):
        mode = mode.lower()
        if mode not in ("train", "test", "all"):
            raise ValueError(f"Digits: mode should be 'train', 'test' or 'all', but got {mode!r}")
        if not 0 < num_test < NUM_IMAGES:
            raise ValueError(f"Digits: num_test should lie in (0, {NUM_IMAGES}), but got {num_test}")
        self.mode = mode
        self.transform = transform
        images8, labels = load_digits_arrays()
        if mode != "all":
            order = np.random.RandomState(seed).permutation(len(labels))
            keep = order[:-num_test] if mode == "train" else order[-num_test:]
            images8, labels = images8[keep], labels[keep]
        self.images = to_mnist_like(images8, image_size)
        self.labels = labels.astype(np.int64).reshape(-1, 1)

    def __getitem__(self, idx):
        image = self.images[idx]
        if self.transform is not None:
            image = self.transform(image)
        return image, self.labels[idx]

    def __len__(self):
        return len(self.labels)
