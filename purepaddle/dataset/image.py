"""paddle.dataset.image: the image helpers of the fluid-era readers (decode with OpenCV, resize the short side,
crop, flip, HWC -> CHW, subtract a mean).

Decoding and resizing need opencv-python (cv2), as in Paddle: without it they fail with an assertion after a
warning on stderr; the array operations are plain NumPy.
"""
import os
import pickle
import sys
import tarfile

import numpy as np

__all__ = []


def _cv2():
    """cv2, or None after Paddle's warning."""
    try:
        import cv2
    except ImportError:
        sys.stderr.write("Warning with paddle image module: opencv-python should be imported,\n         or paddle "
                         "image module could NOT work; please install opencv-python first.")
        return None
    return cv2


def batch_images_from_tar(data_file, dataset_name, img2label, num_per_batch=1024):
    """Pickle the images of `data_file` named in img2label into batches of num_per_batch (each a dict of 'label'
    and 'data' lists) under <data_file>_batch/<dataset_name>_<pid>/, and list the batch files in a meta file.

    Args:
        data_file (str): the image tar archive.
        dataset_name (str): names the output folder.
        img2label (dict): member name -> label.
        num_per_batch (int, optional): images per batch file. Default 1024.

    Returns:
        str: the meta file's path.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs an image archive")
            >>> meta = paddle.dataset.image.batch_images_from_tar('images.tar', 'train', {'a.jpg': 0})
    """
    batch_dir = data_file + "_batch"
    out_path = f"{batch_dir}/{dataset_name}_{os.getpid()}"
    meta_file = f"{batch_dir}/{dataset_name}_{os.getpid()}.txt"
    if os.path.exists(out_path):
        return meta_file
    os.makedirs(out_path)
    data, labels, file_id = [], [], 0

    def dump():
        with open(f"{out_path}/batch_{file_id}", "wb") as f:
            pickle.dump({"label": labels, "data": data}, f, protocol=2)
    with tarfile.open(data_file) as tf:
        for mem in tf.getmembers():
            if mem.name in img2label:
                data.append(tf.extractfile(mem).read())
                labels.append(img2label[mem.name])
                if len(data) == num_per_batch:
                    dump()
                    file_id, data, labels = file_id + 1, [], []
    if data:
        dump()
    with open(meta_file, mode="a") as meta:
        meta.writelines(os.path.abspath(f"{out_path}/{name}") + "\n" for name in os.listdir(out_path))
    return meta_file


def load_image_bytes(bytes, is_color=True):  # noqa: A002  (Paddle's argument name)
    """Decode an encoded image (BGR HWC uint8, or HW when not is_color); needs OpenCV.

    Args:
        bytes (bytes): the encoded image.
        is_color (bool, optional): decode 3 channels. Default True.

    Returns:
        numpy.ndarray: the image.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs OpenCV and an image file")
            >>> im = paddle.dataset.image.load_image_bytes(open('cat.jpg', 'rb').read())
    """
    cv2 = _cv2()
    assert cv2 is not None
    return cv2.imdecode(np.asarray(bytearray(bytes), dtype=np.uint8), 1 if is_color else 0)


def load_image(file, is_color=True):
    """Read an image file (BGR HWC uint8, or HW when not is_color); needs OpenCV.

    Args:
        file (str): the path.
        is_color (bool, optional): read 3 channels. Default True.

    Returns:
        numpy.ndarray: the image.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs OpenCV and an image file")
            >>> im = paddle.dataset.image.load_image('cat.jpg')
    """
    cv2 = _cv2()
    assert cv2 is not None
    return cv2.imread(file, 1 if is_color else 0)


def resize_short(im, size):
    """Resize (bicubic, OpenCV) so the shorter side is `size`, keeping the aspect ratio (integer division).

    Args:
        im (numpy.ndarray): an HWC or HW image.
        size (int): the new short side.

    Returns:
        numpy.ndarray: the resized image.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> # doctest: +SKIP("needs OpenCV")
            >>> paddle.dataset.image.resize_short(np.zeros([20, 40, 3], 'uint8'), 10).shape
            (10, 20, 3)
    """
    cv2 = _cv2()
    assert cv2 is not None
    h, w = im.shape[:2]
    h_new, w_new = size, size
    if h > w:
        h_new = size * h // w
    else:
        w_new = size * w // h
    return cv2.resize(im, (w_new, h_new), interpolation=cv2.INTER_CUBIC)


def to_chw(im, order=(2, 0, 1)):
    """Transpose an HWC image to CHW (or by `order`).

    Args:
        im (numpy.ndarray): the image.
        order (tuple, optional): the axis order. Default (2, 0, 1).

    Returns:
        numpy.ndarray: the transposed image (a view).

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> paddle.dataset.image.to_chw(np.zeros([4, 5, 3])).shape
            (3, 4, 5)
    """
    assert len(im.shape) == len(order)
    return im.transpose(order)


def _crop(im, h_start, w_start, size, is_color):
    if is_color:
        return im[h_start:h_start + size, w_start:w_start + size, :]
    return im[h_start:h_start + size, w_start:w_start + size]


def center_crop(im, size, is_color=True):
    """The central size x size window of an HWC (or HW when not is_color) image.

    Args:
        im (numpy.ndarray): the image.
        size (int): the window side.
        is_color (bool, optional): the image has a channel axis. Default True.

    Returns:
        numpy.ndarray: the crop.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> paddle.dataset.image.center_crop(np.zeros([8, 10, 3]), 4).shape
            (4, 4, 3)
    """
    h, w = im.shape[:2]
    return _crop(im, (h - size) // 2, (w - size) // 2, size, is_color)


def random_crop(im, size, is_color=True):
    """A size x size window at a random place (NumPy's global generator: row start, then column start).

    Args:
        im (numpy.ndarray): the image.
        size (int): the window side.
        is_color (bool, optional): the image has a channel axis. Default True.

    Returns:
        numpy.ndarray: the crop.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> paddle.dataset.image.random_crop(np.zeros([8, 10, 3]), 4).shape
            (4, 4, 3)
    """
    h, w = im.shape[:2]
    h_start = np.random.randint(0, h - size + 1)
    w_start = np.random.randint(0, w - size + 1)
    return _crop(im, h_start, w_start, size, is_color)


def left_right_flip(im, is_color=True):
    """Mirror an image left to right (a view).

    Args:
        im (numpy.ndarray): an HWC or HW image.
        is_color (bool, optional): the image has a channel axis. Default True.

    Returns:
        numpy.ndarray: the flipped image.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> paddle.dataset.image.left_right_flip(np.arange(6).reshape(1, 3, 2))[0, :, 0].tolist()
            [4, 2, 0]
    """
    if len(im.shape) == 3 and is_color:
        return im[:, ::-1, :]
    return im[:, ::-1]


def simple_transform(im, resize_size, crop_size, is_train, is_color=True, mean=None):
    """resize_short, then a random crop and a random flip (training) or a center crop, CHW float32, minus mean.

    Args:
        im (numpy.ndarray): an HWC image.
        resize_size (int): the short side after resizing.
        crop_size (int): the crop side.
        is_train (bool): random crop and flip (True) or center crop.
        is_color (bool, optional): the image has channels. Default True.
        mean (list|numpy.ndarray|None, optional): a per-channel (or per-pixel) mean to subtract.

    Returns:
        numpy.ndarray: the float32 image.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> # doctest: +SKIP("needs OpenCV")
            >>> paddle.dataset.image.simple_transform(np.zeros([20, 30, 3], 'uint8'), 16, 12, False).shape
            (3, 12, 12)
    """
    im = resize_short(im, resize_size)
    if is_train:
        im = random_crop(im, crop_size, is_color=is_color)
        if np.random.randint(2) == 0:
            im = left_right_flip(im, is_color)
    else:
        im = center_crop(im, crop_size, is_color=is_color)
    if len(im.shape) == 3:
        im = to_chw(im)
    im = im.astype("float32")
    if mean is not None:
        mean = np.array(mean, dtype=np.float32)
        if mean.ndim == 1 and is_color:
            mean = mean[:, np.newaxis, np.newaxis]
        elif mean.ndim != 1:
            assert len(mean.shape) == len(im)
        im -= mean
    return im


def load_and_transform(filename, resize_size, crop_size, is_train, is_color=True, mean=None):
    """load_image then simple_transform.

    Returns:
        numpy.ndarray: the float32 CHW image.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs OpenCV and an image file")
            >>> im = paddle.dataset.image.load_and_transform('cat.jpg', 256, 224, True)
    """
    return simple_transform(load_image(filename, is_color), resize_size, crop_size, is_train, is_color, mean)
