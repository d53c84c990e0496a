"""The audio backend registry: wave_backend always, paddleaudio's backends when paddleaudio >= 1.0.2 is installed."""
import sys
import warnings

from . import wave_backend

__all__ = ["list_available_backends", "get_current_backend", "set_backend"]

_CURRENT = {"name": "wave_backend", "module": wave_backend}


def current():
    """The module whose load/save/info paddle.audio runs."""
    return _CURRENT["module"]


def _paddleaudio():
    """paddleaudio when installed (>= 1.0.2), else None with Paddle's warning."""
    try:
        import paddleaudio
    except ImportError:
        warnings.warn("Failed importing paddleaudio. \nonly wave_backend(only can deal with PCM16 WAV) supported.\n"
                      "if want soundfile_backend(more audio type supported),\nplease manually installed (usually "
                      "with `pip install paddleaudio >= 1.0.2`). ", stacklevel=3)
        return None
    version = tuple(int(p) for p in paddleaudio.__version__.split(".")[:3] if p.isdigit())
    if version < (1, 0, 2):
        raise ImportError(f"the version of paddleaudio installed is {paddleaudio.__version__},\n"
                          "please ensure the paddleaudio >= 1.0.2.")
    return paddleaudio


def list_available_backends():
    """Names of the audio backends that can be set.

    Returns:
        list[str]: paddleaudio's backends (when installed) and "wave_backend".

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> "wave_backend" in paddle.audio.backends.list_available_backends()
            True
    """
    pa = _paddleaudio()
    backends = list(pa.backends.list_audio_backends()) if pa is not None else []
    return backends + ["wave_backend"]


def get_current_backend():
    """Name of the backend paddle.audio.load/save/info use.

    Returns:
        str: "wave_backend" or the paddleaudio backend set.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.audio.backends.get_current_backend()
            'wave_backend'
    """
    return _CURRENT["name"]


def set_backend(backend_name):
    """Choose the backend of paddle.audio.load/save/info.

    Args:
        backend_name (str): One of list_available_backends().

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.audio.backends.set_backend("wave_backend")
    """
    if backend_name not in list_available_backends():
        raise NotImplementedError
    if backend_name == "wave_backend":
        _CURRENT.update(name=backend_name, module=wave_backend)
    else:
        pa = sys.modules["paddleaudio"]
        pa.backends.set_audio_backend(backend_name)
        _CURRENT.update(name=backend_name, module=pa)
