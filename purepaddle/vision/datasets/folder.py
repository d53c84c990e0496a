"""DatasetFolder / ImageFolder: images read from a directory tree (one sub-directory per class, or just files)."""
import os

import numpy as np

from ..._core.dtype import get_default_dtype
from ...io import Dataset
from ..image import get_image_backend, image_load

__all__ = ["DatasetFolder", "ImageFolder", "IMG_EXTENSIONS", "has_valid_extension", "make_dataset",
           "default_loader"]

IMG_EXTENSIONS = (".jpg", ".jpeg", ".png", ".ppm", ".bmp", ".pgm", ".tif", ".tiff", ".webp")


def has_valid_extension(filename, extensions):
    """Whether filename ends with one of extensions (case-insensitive)."""
    if not isinstance(extensions, (list, tuple)):
        raise AssertionError("`extensions` must be list or tuple.")
    return filename.lower().endswith(tuple(x.lower() for x in extensions))


def _files(path, is_valid_file):
    """Every valid file under path, walked in sorted order (following links), as Paddle lists them."""
    for root, _, fnames in sorted(os.walk(path, followlinks=True)):
        for fname in sorted(fnames):
            f = os.path.join(root, fname)
            if is_valid_file(f):
                yield f


def make_dataset(dir, class_to_idx, extensions, is_valid_file=None):
    """(path, class index) of every valid file under each class directory of dir."""
    dir = os.path.expanduser(dir)
    if extensions is not None:
        def is_valid_file(x):
            return has_valid_extension(x, extensions)
    images = []
    for target in sorted(class_to_idx):
        d = os.path.join(dir, target)
        if os.path.isdir(d):
            images += [(f, class_to_idx[target]) for f in _files(d, is_valid_file)]
    return images


def default_loader(path):
    """An RGB image: a PIL image for the 'pil' backend, an RGB HWC ndarray for 'cv2'."""
    if get_image_backend() == "cv2":
        return np.ascontiguousarray(image_load(path, "cv2")[..., ::-1])
    return image_load(path, "pil").convert("RGB")


class DatasetFolder(Dataset):
    """A classification dataset from root/<class>/**/<file>: classes are the sorted sub-directory names.

    Args:
        root (str): the root directory.
        loader (Callable, optional): reads one file; default: PIL (pil backend) or an RGB ndarray (cv2).
        extensions (list|tuple, optional): accepted file endings. Default: IMG_EXTENSIONS.
        transform (Callable, optional): applied to each image. Default: None.
        is_valid_file (Callable, optional): path -> bool, used when extensions is None. Default: None.

    Returns:
        Dataset: items (image, class index).

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import numpy as np
            >>> from paddle.vision.datasets import DatasetFolder
            >>> root = tempfile.mkdtemp()
            >>> for c in ('cat', 'dog'):
            ...     os.makedirs(os.path.join(root, c))
            ...     np.save(os.path.join(root, c, 'a.npy'), np.zeros(2))
            >>> data = DatasetFolder(root, loader=np.load, extensions=('.npy',))
            >>> data.classes, len(data), data[1][1]
            (['cat', 'dog'], 2, 1)
    """

    def __init__(self, root, loader=None, extensions=None, transform=None, is_valid_file=None):
        self.root = root
        self.transform = transform
        if extensions is None:
            extensions = IMG_EXTENSIONS
        classes, class_to_idx = self._find_classes(self.root)
        samples = make_dataset(self.root, class_to_idx, extensions, is_valid_file)
        if not samples:
            raise RuntimeError("Found 0 directories in subfolders of: " + self.root + "\nSupported extensions are: "
                               + ",".join(extensions))
        self.loader = default_loader if loader is None else loader
        self.extensions = extensions
        self.classes = classes
        self.class_to_idx = class_to_idx
        self.samples = samples
        self.targets = [s[1] for s in samples]
        self.dtype = get_default_dtype()

    def _find_classes(self, dir):
        classes = sorted(d.name for d in os.scandir(dir) if d.is_dir())
        return classes, {c: i for i, c in enumerate(classes)}

    def __getitem__(self, index):
        path, target = self.samples[index]
        sample = self.loader(path)
        if self.transform is not None:
            sample = self.transform(sample)
        return sample, target

    def __len__(self):
        return len(self.samples)


class ImageFolder(Dataset):
    """An unlabelled dataset of every valid file under root (sorted walk); items are [image].

    Args:
        root (str): the root directory.
        loader (Callable, optional): reads one file; default: PIL (pil backend) or an RGB ndarray (cv2).
        extensions (list|tuple, optional): accepted file endings. Default: IMG_EXTENSIONS.
        transform (Callable, optional): applied to each image. Default: None.
        is_valid_file (Callable, optional): path -> bool, used when extensions is None. Default: None.

    Returns:
        Dataset: items [image].

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import numpy as np
            >>> from paddle.vision.datasets import ImageFolder
            >>> root = tempfile.mkdtemp()
            >>> np.save(os.path.join(root, 'a.npy'), np.ones(2))
            >>> data = ImageFolder(root, loader=np.load, extensions=('.npy',))
            >>> len(data), data[0][0].tolist()
            (1, [1.0, 1.0])
    """

    def __init__(self, root, loader=None, extensions=None, transform=None, is_valid_file=None):
        self.root = root
        if extensions is None:
            extensions = IMG_EXTENSIONS
        if extensions is not None:
            def is_valid_file(x):
                return has_valid_extension(x, extensions)
        samples = list(_files(os.path.expanduser(root), is_valid_file))
        if not samples:
            raise RuntimeError("Found 0 files in subfolders of: " + self.root + "\nSupported extensions are: "
                               + ",".join(extensions))
        self.loader = default_loader if loader is None else loader
        self.extensions = extensions
        self.samples = samples
        self.transform = transform

    def __getitem__(self, index):
        sample = self.loader(self.samples[index])
        if self.transform is not None:
            sample = self.transform(sample)
        return [sample]

    def __len__(self):
        return len(self.samples)
