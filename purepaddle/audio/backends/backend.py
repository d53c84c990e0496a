"""paddle.audio.load / save / info: each runs the current backend's function (init_backend chooses it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.tensor import Tensor

from . import init_backend

__all__ = ["info", "load", "save"]


def info(filepath):
    """Properties of an audio file, read by the current backend (paddle.audio.backends.get_current_backend()).

    Args:
        filepath (str|file): Path or binary file object of the audio.

    Returns:
        AudioInfo: sample_rate, num_samples, num_channels, bits_per_sample, encoding.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.audio.save("test.wav", paddle.zeros([1, 100]), 8000)
            >>> paddle.audio.info("test.wav").sample_rate
            8000
    """
    return init_backend.current().info(filepath)


def load(filepath, frame_offset=0, num_frames=-1, normalize=True, channels_first=True):
    """Read an audio file with the current backend.

    Args:
        filepath (str|file): Path or binary file object of the audio.
        frame_offset (int, optional): First frame read. Default: 0.
        num_frames (int, optional): Frames read; -1 reads all. Default: -1.
        normalize (bool, optional): Scale samples to [-1, 1). Default: True.
        channels_first (bool, optional): Return (channels, time). Default: True.

    Returns:
        tuple: (waveform Tensor, sample rate).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.audio.save("test.wav", paddle.zeros([2, 100]), 8000)
            >>> paddle.audio.load("test.wav")[0].shape
            paddle.Size([2, 100])
    """
    return init_backend.current().load(filepath, frame_offset, num_frames, normalize, channels_first)


def save(filepath: str, src: Tensor, sample_rate: int, channels_first: bool = True,
         encoding: str | None = None, bits_per_sample: int | None = 16) -> None:
    """Write a waveform with the current backend.

    Args:
        filepath (str): Path of the file written.
        src (Tensor): 2-D waveform.
        sample_rate (int): Samples per second.
        channels_first (bool, optional): Whether src is (channels, time). Default: True.
        encoding (str|None, optional): Encoding (the wave backend writes PCM16). Default: None.
        bits_per_sample (int|None, optional): Bits per sample (the wave backend writes 16). Default: 16.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.audio.save("test.wav", paddle.zeros([1, 100]), 8000)
    """
    return init_backend.current().save(filepath, src, sample_rate, channels_first, encoding, bits_per_sample)
