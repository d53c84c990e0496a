"""paddle.audio.backends: choosing the backend that reads and writes audio files."""
from .audio_info import AudioInfo  # noqa: F401
from .init_backend import get_current_backend, list_available_backends, set_backend  # noqa: F401

__all__ = ["get_current_backend", "list_available_backends", "set_backend"]
