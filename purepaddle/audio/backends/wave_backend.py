"""The wave backend of paddle.audio: PCM16 WAV files through the standard library's `wave` module."""
import wave

import numpy as np

from ...tensor import to_tensor, transpose
from .audio_info import AudioInfo

__all__ = ["info", "load", "save"]


def _not_pcm16():
    return NotImplementedError(
        "only PCM16 WAV supported. \nif want support more other audio types, please manually installed (usually "
        "with `pip install paddleaudio`). \n and use paddle.audio.backends.set_backend('soundfile') to set audio "
        "backend")


def _open(filepath):
    """(file object, wave reader); the file is closed again when it is not a WAV file."""
    file_obj = filepath if hasattr(filepath, "read") else open(filepath, "rb")  # noqa: SIM115 - closed by callers
    try:
        return file_obj, wave.open(file_obj)
    except wave.Error:
        file_obj.close()
        raise _not_pcm16() from None


def info(filepath):
    """Sample rate, number of frames and channels, bits per sample and encoding of a WAV file.

    Args:
        filepath (str|file): Path or binary file object of the audio.

    Returns:
        AudioInfo: the file's properties.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> waveform = paddle.linspace(-1.0, 1.0, 8000).tile([1, 1]) * 0.1
            >>> paddle.audio.save("test.wav", waveform, 16000)
            >>> paddle.audio.info("test.wav").num_samples
            8000
    """
    file_obj, reader = _open(filepath)
    try:
        return AudioInfo(reader.getframerate(), reader.getnframes(), reader.getnchannels(),
                         reader.getsampwidth() * 8, "PCM_S")
    finally:
        file_obj.close()


def load(filepath, frame_offset=0, num_frames=-1, normalize=True, channels_first=True):
    """Read a PCM16 WAV file.

    Args:
        filepath (str|file): Path or binary file object of the audio.
        frame_offset (int, optional): First frame read (used when num_frames is given). Default: 0.
        num_frames (int, optional): Frames read; -1 reads them all. Default: -1.
        normalize (bool, optional): Scale samples to [-1, 1) (else the raw int16 values, as float32).
            Default: True.
        channels_first (bool, optional): Return (channels, time) instead of (time, channels). Default: True.

    Returns:
        tuple: (waveform Tensor of float32, sample rate).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> waveform = paddle.linspace(-1.0, 1.0, 8000).tile([1, 1]) * 0.1
            >>> paddle.audio.save("test.wav", waveform, 16000)
            >>> wav, sr = paddle.audio.load("test.wav")
            >>> wav.shape, sr
            (paddle.Size([1, 8000]), 16000)
    """
    file_obj, reader = _open(filepath)
    try:
        channels, sample_rate, frames = reader.getnchannels(), reader.getframerate(), reader.getnframes()
        content = reader.readframes(frames)
    finally:
        file_obj.close()
    audio = np.frombuffer(content, dtype=np.int16).astype(np.float32)
    if normalize:
        audio = audio / (2 ** 15)
    waveform = np.reshape(audio, (frames, channels))
    if num_frames != -1:  # Paddle applies frame_offset only together with num_frames
        waveform = waveform[frame_offset:frame_offset + num_frames, :]
    waveform = to_tensor(waveform)
    return (transpose(waveform, perm=[1, 0]) if channels_first else waveform), sample_rate


def save(filepath, src, sample_rate, channels_first=True, encoding=None, bits_per_sample=16):
    """Write a 2-D waveform as a PCM16 WAV file (float32 samples in [-1, 1) are scaled to int16).

    Args:
        filepath (str): Path of the file written.
        src (Tensor): The waveform, (channels, time) or (time, channels).
        sample_rate (int): Samples per second.
        channels_first (bool, optional): Whether src is (channels, time). Default: True.
        encoding (str|None, optional): Only PCM16 is written. Default: None.
        bits_per_sample (int|None, optional): Only 16. Default: 16.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> waveform = paddle.linspace(-1.0, 1.0, 8000).tile([1, 1]) * 0.1
            >>> paddle.audio.save("test.wav", waveform, 16000)
    """
    assert src.ndim == 2, "Expected 2D tensor"
    audio = src.numpy()
    if channels_first:
        audio = np.transpose(audio)
    if bits_per_sample not in (None, 16):
        raise ValueError("Invalid bits_per_sample, only support 16 bit")
    if src.dtype.name == "float32":
        audio = (audio * (2 ** 15)).astype("<h")
    with wave.open(filepath, "w") as f:
        f.setnchannels(audio.shape[1])
        f.setsampwidth(2)
        f.setframerate(sample_rate)
        f.writeframes(audio.tobytes())
