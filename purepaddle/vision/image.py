"""paddle.vision image backend selection and image_load."""
import numpy as np

__all__ = ["set_image_backend", "get_image_backend", "image_load"]

_BACKENDS = ("pil", "cv2", "tensor")


def pillow_installed():
    """Whether Pillow can be imported (Paddle requires it; purepaddle lists it as optional)."""
    try:
        import PIL  # noqa: F401
    except ImportError:
        return False
    return True


def _default_backend():
    """'pil' as in Paddle when Pillow is installed; otherwise 'cv2' (images stay NumPy arrays)."""
    return "pil" if pillow_installed() else "cv2"


_image_backend = [None]


def set_image_backend(backend):
    """Choose how datasets return images: 'pil' (PIL.Image), 'cv2' (HWC ndarray) or 'tensor'.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.vision.set_image_backend('cv2')
            >>> paddle.vision.get_image_backend()
            'cv2'
    """
    if backend not in _BACKENDS:
        raise ValueError(f"Expected backend are one of {list(_BACKENDS)}, but got {backend}")
    _image_backend[0] = backend


def get_image_backend():
    """The current image backend name ('pil' by default when Pillow is installed, else 'cv2').

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.vision.get_image_backend() in ('pil', 'cv2', 'tensor')
            True
    """
    if _image_backend[0] is None:
        _image_backend[0] = _default_backend()
    return _image_backend[0]


def image_load(path, backend=None):
    """Read an image file as a PIL image ('pil') or a BGR HWC ndarray ('cv2'); decoding needs
    Pillow (for 'cv2' too: purepaddle does not use OpenCV) or OpenCV when installed.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> img = paddle.vision.image_load('example.jpg')  # doctest: +SKIP("needs Pillow and an image file")
    """
    backend = get_image_backend() if backend is None else backend
    if backend not in ("pil", "cv2"):
        raise ValueError(f"Expected backend are one of ['pil', 'cv2'], but got {backend}")
    try:
        from PIL import Image
    except ImportError:
        Image = None
    if backend == "cv2":
        try:
            import cv2
            return cv2.imread(path)
        except ImportError:
            pass
    if Image is None:
        raise ImportError("paddle.vision.image_load needs Pillow to decode image files (pip install pillow)")
    img = Image.open(path)
    if backend == "pil":
        return img
    arr = np.asarray(img.convert("RGB"))
    return np.ascontiguousarray(arr[..., ::-1])  # OpenCV's channel order
