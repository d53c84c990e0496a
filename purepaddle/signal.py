"""paddle.signal: the short-time Fourier transform (stft) and its inverse (istft), built on frame/overlap_add.

stft pads the signal (center), cuts it into frames of n_fft samples every hop_length, multiplies each frame
by the window (zero-padded to n_fft, centered) and transforms it; istft transforms back, windows, sums the
frames at hop_length strides and divides by the summed squared window (the NOLA envelope). Every step is an op
with a gradient, so both are differentiable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.tensor import Tensor

from ._core.dispatch import apply
from ._core.mode import in_dynamic_mode
from .nn.functional.common.pad import pad as _pad
from .ops.signal import Frame, OverlapAdd
from .tensor import fft as _fft
from .tensor._check import check_var
from .tensor.creation.fill import ones
from .tensor.manipulation.join import tile
from .tensor.manipulation.shape import squeeze, transpose, unsqueeze

__all__ = ["stft", "istft"]


def _check_axis_hop(axis, hop_length):
    if axis not in (0, -1):
        raise ValueError(f"Unexpected axis: {axis}. It should be 0 or -1.")
    if not isinstance(hop_length, int) or isinstance(hop_length, bool) or hop_length <= 0:
        raise ValueError(f"Unexpected hop_length: {hop_length}. It should be an positive integer.")


def frame(x: Tensor, frame_length: int, hop_length: int, axis: int = -1, name: str | None = None) -> Tensor:
    """Slice a signal into overlapping frames of `frame_length` samples, one every `hop_length` samples.

    Args:
        x (Tensor): The signal: (..., seq_length) for axis=-1, (seq_length, ...) for axis=0.
        frame_length (int): Samples per frame (at most seq_length).
        hop_length (int): Samples between the starts of neighbouring frames.
        axis (int, optional): 0 or -1, the time axis. Default: -1.
        name (str|None, optional): Unused; for Paddle's signature.

    Returns:
        Tensor: (..., frame_length, num_frames) for axis=-1, (num_frames, frame_length, ...) for axis=0, with
        num_frames = 1 + (seq_length - frame_length) // hop_length.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.signal import frame
            >>> frame(paddle.arange(8), frame_length=4, hop_length=2)
            Tensor(shape=[4, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[0, 2, 4],
                    [1, 3, 5],
                    [2, 4, 6],
                    [3, 5, 7]])
    """
    check_var(x, "frame")
    _check_axis_hop(axis, hop_length)
    if not isinstance(frame_length, int) or isinstance(frame_length, bool) or frame_length <= 0:
        raise ValueError(f"Unexpected frame_length: {frame_length}. It should be an positive integer.")
    if frame_length > x.shape[axis] >= 0:
        raise ValueError("Attribute frame_length should be less equal than sequence length, "
                         f"but got ({frame_length}) > ({x.shape[axis]}).")
    return apply(Frame, x, frame_length=frame_length, hop_length=hop_length, axis=axis)


def overlap_add(x, hop_length, axis=-1, name=None):
    """Sum overlapping frames back into a signal, one frame every `hop_length` samples (the adjoint of frame).

    Args:
        x (Tensor): Frames: (..., frame_length, num_frames) for axis=-1, (num_frames, frame_length, ...) for
            axis=0.
        hop_length (int): Samples between the starts of neighbouring frames.
        axis (int, optional): 0 or -1. Default: -1.
        name (str|None, optional): Unused; for Paddle's signature.

    Returns:
        Tensor: the signal of (num_frames - 1) * hop_length + frame_length samples.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.signal import overlap_add
            >>> overlap_add(paddle.ones([4, 3]), hop_length=2)
            Tensor(shape=[8], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1., 1., 2., 2., 2., 2., 1., 1.])
    """
    check_var(x, "overlap_add")
    _check_axis_hop(axis, hop_length)
    return apply(OverlapAdd, x, hop_length=hop_length, axis=axis)


def _centered_window(window, win_length, n_fft):
    """The window zero-padded on both sides to n_fft samples (the left gets the smaller half)."""
    if win_length < n_fft:
        left = (n_fft - win_length) // 2
        window = _pad(window, pad=[left, n_fft - win_length - left], mode="constant")
    return window


def _check_window(window, win_length):
    assert len(window.shape) == 1 and window.shape[0] == win_length, (
        f"expected a 1D window tensor of size equal to win_length({win_length}), but got window with shape "
        f"{window.shape}.")


def _check_istft_size(x, n_fft, onesided, fft_size):
    """Paddle's eager-only checks of istft's input size."""
    assert x.size != 0, "x should not be an empty tensor."
    if onesided:
        assert fft_size == n_fft // 2 + 1, (f"fft_size should be equal to n_fft // 2 + 1({n_fft // 2 + 1}) when "
                                            f"onesided is True, but got {fft_size}.")
    else:
        assert fft_size == n_fft, f"fft_size should be equal to n_fft({n_fft}) when onesided is False, but got " \
                                  f"{fft_size}."


def stft(x, n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode="reflect",
         normalized=False, onesided=None, name=None):
    """Short-time Fourier transform: the spectrum of each windowed frame of a signal.

    Args:
        x (Tensor): The signal, (seq_length,) or (batch, seq_length); real or complex.
        n_fft (int): Samples per frame (the transform length).
        hop_length (int|None, optional): Samples between neighbouring frames. Default: n_fft // 4.
        win_length (int|None, optional): Window length (at most n_fft; the window is zero-padded to n_fft,
            centered). Default: n_fft.
        window (Tensor|None, optional): 1-D window of win_length samples. Default: ones.
        center (bool, optional): Pad the signal by n_fft // 2 on both sides first, so frame t is centered at
            t * hop_length. Default: True.
        pad_mode (str, optional): "reflect" or "constant" padding when center. Default: "reflect".
        normalized (bool, optional): Scale the transform by 1/sqrt(n_fft) ("ortho"). Default: False.
        onesided (bool|None, optional): Keep the n_fft // 2 + 1 non-negative frequencies. Default: True for
            a real signal and window, and must be False for complex ones.
        name (str|None, optional): Unused; for Paddle's signature.

    Returns:
        Tensor: complex, (batch, freq, num_frames) or (freq, num_frames) for a 1-D signal.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.signal import stft
            >>> x = paddle.randn([8, 48000], dtype=paddle.float64)
            >>> stft(x, n_fft=512).shape
            paddle.Size([8, 257, 376])
    """
    check_var(x, "stft")
    rank = len(x.shape)
    assert rank in (1, 2), f"x should be a 1D or 2D real tensor, but got rank of x is {rank}"
    if rank == 1:
        x = unsqueeze(x, 0)
    if hop_length is None:
        hop_length = int(n_fft // 4)
    assert hop_length > 0, f"hop_length should be > 0, but got {hop_length}."
    if win_length is None:
        win_length = n_fft
    assert not in_dynamic_mode() or 0 < n_fft <= x.shape[-1], f"n_fft should be in (0, seq_length({x.shape[-1]})], but got {n_fft}."
    assert 0 < win_length <= n_fft, f"win_length should be in (0, n_fft({n_fft})], but got {win_length}."
    if window is not None:
        _check_window(window, win_length)
    else:
        window = ones((win_length,), dtype=x.dtype)
    window = _centered_window(window, win_length, n_fft)
    if center:
        assert pad_mode in ("constant", "reflect"), \
            f'pad_mode should be "reflect" or "constant", but got "{pad_mode}".'
        half = n_fft // 2
        x = squeeze(_pad(unsqueeze(x, -1), pad=[half, half], mode=pad_mode, data_format="NLC"), -1)
    frames = transpose(frame(x, n_fft, hop_length, axis=-1), [0, 2, 1])  # (batch, num_frames, n_fft)
    frames = frames * window
    norm = "ortho" if normalized else "backward"
    complex_frames = frames.dtype.is_complex
    if onesided is None:
        onesided = not complex_frames
    if complex_frames:
        assert not onesided, "onesided should be False when input or window is a complex Tensor."
    if not x.dtype.is_complex:
        out = _fft._r2c(frames, None, -1, norm, True, onesided, None)
    else:
        out = _fft._c2c(frames, None, -1, norm, True, None)
    out = transpose(out, [0, 2, 1])  # (batch, freq, num_frames)
    return squeeze(out, 0) if rank == 1 else out


def istft(x, n_fft, hop_length=None, win_length=None, window=None, center=True, normalized=False, onesided=True,
          length=None, return_complex=False, name=None):
    """Inverse short-time Fourier transform: the least-squares signal whose stft is x.

    Args:
        x (Tensor): complex stft, (batch, freq, num_frames) or (freq, num_frames).
        n_fft (int): The transform length of the stft.
        hop_length (int|None, optional): Samples between frames (at most win_length). Default: n_fft // 4.
        win_length (int|None, optional): Window length (at most n_fft). Default: n_fft.
        window (Tensor|None, optional): 1-D window of win_length samples. Default: ones.
        center (bool, optional): Whether the stft padded the signal (its padding is cut off). Default: True.
        normalized (bool, optional): Whether the stft was normalized ("ortho"). Default: False.
        onesided (bool, optional): Whether x holds n_fft // 2 + 1 bins (True) or n_fft bins. Default: True.
        length (int|None, optional): Samples of the output (cut or kept). Default: all the frames cover.
        return_complex (bool, optional): Return a complex signal (needs onesided=False). Default: False.
        name (str|None, optional): Unused; for Paddle's signature.

    Returns:
        Tensor: the signal, (batch, seq_length) or (seq_length,).

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> from paddle.signal import stft, istft
            >>> x = paddle.to_tensor(np.random.default_rng(0).standard_normal([2, 64]))
            >>> y = istft(stft(x, n_fft=16), n_fft=16)
            >>> bool(paddle.allclose(x, y))
            True
    """
    check_var(x, "istft")
    if not in_dynamic_mode() and x.dtype.name not in ("complex64", "complex128"):  # eagerly Paddle takes real x
        raise TypeError(f"The data type of 'x' in istft must be ['complex64', 'complex128'], but received "
                        f"{x.dtype.name}. ")
    rank = len(x.shape)
    assert rank in (2, 3), f"x should be a 2D or 3D complex tensor, but got rank of x is {rank}"
    if rank == 2:
        x = unsqueeze(x, 0)
    if hop_length is None:
        hop_length = int(n_fft // 4)
    if win_length is None:
        win_length = n_fft
    assert 0 < hop_length <= win_length, \
        f"hop_length should be in (0, win_length({win_length})], but got {hop_length}."
    assert 0 < win_length <= n_fft, f"win_length should be in (0, n_fft({n_fft})], but got {win_length}."
    n_frames, fft_size = x.shape[-1], x.shape[-2]
    if in_dynamic_mode():
        _check_istft_size(x, n_fft, onesided, fft_size)
    if window is not None:
        _check_window(window, win_length)
    else:
        window = ones((win_length,), dtype="float32" if x.dtype.name in ("float32", "complex64") else "float64")
    window = _centered_window(window, win_length, n_fft)
    x = transpose(x, [0, 2, 1])  # (batch, num_frames, freq)
    norm = "ortho" if normalized else "backward"
    if return_complex:
        assert not onesided, \
            "onesided should be False when input(output of istft) or window is a complex Tensor."
        out = _fft._c2c(x, None, -1, norm, False, None)
    else:
        assert not window.dtype.is_complex, \
            "Data type of window should not be complex when return_complex is False."
        if onesided is False:
            x = x[:, :, :n_fft // 2 + 1]
        out = _fft._c2r(x, None, -1, norm, False, None)
    out = overlap_add(transpose(out * window, [0, 2, 1]), hop_length, axis=-1)  # (batch, seq_length)
    squares = transpose(tile(unsqueeze(window * window, 0), [n_frames, 1]), [1, 0])  # (n_fft, num_frames)
    envelope = overlap_add(squares, hop_length, axis=-1)
    start = n_fft // 2 if center else 0
    if length is None:
        if center:
            out = out[:, start:-start]
            envelope = envelope[start:-start]
    else:
        out = out[:, start:start + length]
        envelope = envelope[start:start + length]
    if in_dynamic_mode() and float(envelope.abs().min().item()) < 1e-11:
        raise ValueError(
            "Abort istft because Nonzero Overlap Add (NOLA) condition failed. For more information about NOLA "
            "constraint please see `scipy.signal.check_NOLA`(https://docs.scipy.org/doc/scipy/reference/"
            "generated/scipy.signal.check_NOLA.html).")
    out = out / envelope
    return squeeze(out, 0) if rank == 2 else out
