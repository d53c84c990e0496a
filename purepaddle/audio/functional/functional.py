"""Mel scale and spectral helpers of paddle.audio.functional: hz_to_mel, mel_to_hz, mel_frequencies,
fft_frequencies, compute_fbank_matrix, power_to_db, create_dct.

The mel scale is Slaney's (linear below 1 kHz, logarithmic above) unless `htk`; each function takes a Python
float or a Tensor and is built from Tensor ops in the requested dtype, so float32 results round as Paddle's.
"""
import math

from ...nn.functional import normalize
from ...tensor import arange, cos, exp, linspace, log, log10, maximum, minimum, ones_like, zeros, zeros_like
from ...tensor._operand import is_var

__all__ = ["hz_to_mel", "mel_to_hz", "mel_frequencies", "fft_frequencies", "compute_fbank_matrix", "power_to_db",
           "create_dct"]

_F_SP = 200.0 / 3  # Hz per mel in the linear region
_MIN_LOG_HZ = 1000.0  # where the log region starts
_MIN_LOG_MEL = _MIN_LOG_HZ / _F_SP
_LOGSTEP = math.log(6.4) / 27.0  # mels per log step above 1 kHz


def hz_to_mel(freq, htk=False):
    """Convert frequencies in Hz to mels.

    Args:
        freq (Tensor|float): Frequencies in Hz.
        htk (bool, optional): Use the HTK formula 2595 * log10(1 + f / 700) instead of Slaney's. Default: False.

    Returns:
        Tensor|float: the mels, the same kind as `freq`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.audio.functional.hz_to_mel(1500.0)
            20.89752182975975
    """
    if htk:
        if is_var(freq):
            return 2595.0 * log10(1.0 + freq / 700.0)
        return 2595.0 * math.log10(1.0 + freq / 700.0)
    mels = (freq - 0.0) / _F_SP
    if is_var(freq):
        target = _MIN_LOG_MEL + log(freq / _MIN_LOG_HZ + 1e-10) / _LOGSTEP  # 1e-10 keeps log(0) away
        mask = (freq > _MIN_LOG_HZ).astype(freq.dtype)
        return target * mask + mels * (1 - mask)
    if freq >= _MIN_LOG_HZ:
        mels = _MIN_LOG_MEL + math.log(freq / _MIN_LOG_HZ + 1e-10) / _LOGSTEP
    return mels


def mel_to_hz(mel, htk=False):
    """Convert mels to frequencies in Hz (the inverse of `hz_to_mel`).

    Args:
        mel (Tensor|float): The mels.
        htk (bool, optional): Use the HTK formula. Default: False.

    Returns:
        Tensor|float: the frequencies in Hz, the same kind as `mel`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.audio.functional.mel_to_hz(21.0)
            1510.6056521145626
    """
    if htk:
        return 700.0 * (10.0 ** (mel / 2595.0) - 1.0)
    freqs = 0.0 + _F_SP * mel
    if is_var(mel):
        target = _MIN_LOG_HZ * exp(_LOGSTEP * (mel - _MIN_LOG_MEL))
        mask = (mel > _MIN_LOG_MEL).astype(mel.dtype)
        return target * mask + freqs * (1 - mask)
    if mel >= _MIN_LOG_MEL:
        freqs = _MIN_LOG_HZ * math.exp(_LOGSTEP * (mel - _MIN_LOG_MEL))
    return freqs


def mel_frequencies(n_mels=64, f_min=0.0, f_max=11025.0, htk=False, dtype="float32"):
    """Frequencies in Hz of `n_mels` points evenly spaced on the mel scale between f_min and f_max.

    Args:
        n_mels (int, optional): Number of points. Default: 64.
        f_min (float, optional): Lowest frequency in Hz. Default: 0.0.
        f_max (float, optional): Highest frequency in Hz. Default: 11025.0.
        htk (bool, optional): Use the HTK mel formula. Default: False.
        dtype (str, optional): Output dtype. Default: "float32".

    Returns:
        Tensor: n_mels frequencies.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.audio.functional.mel_frequencies(n_mels=4, f_max=8000.0).shape
            paddle.Size([4])
    """
    mels = linspace(hz_to_mel(f_min, htk=htk), hz_to_mel(f_max, htk=htk), n_mels, dtype=dtype)
    return mel_to_hz(mels, htk=htk)


def fft_frequencies(sr, n_fft, dtype="float32"):
    """Center frequencies in Hz of the 1 + n_fft // 2 bins of a one-sided spectrum.

    Args:
        sr (int): Sample rate.
        n_fft (int): Transform length.
        dtype (str, optional): Output dtype. Default: "float32".

    Returns:
        Tensor: 1 + n_fft // 2 frequencies from 0 to sr / 2.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.audio.functional.fft_frequencies(sr=16000, n_fft=8)
            Tensor(shape=[5], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.   , 2000., 4000., 6000., 8000.])
    """
    return linspace(0, float(sr) / 2, int(1 + n_fft // 2), dtype=dtype)


def compute_fbank_matrix(sr, n_fft, n_mels=64, f_min=0.0, f_max=None, htk=False, norm="slaney", dtype="float32"):
    """Triangular mel filter bank: weights (n_mels, 1 + n_fft // 2) mapping a spectrum to mel bands.

    Args:
        sr (int): Sample rate.
        n_fft (int): Transform length.
        n_mels (int, optional): Number of mel bands. Default: 64.
        f_min (float, optional): Lowest frequency in Hz. Default: 0.0.
        f_max (float|None, optional): Highest frequency in Hz. Default: sr / 2.
        htk (bool, optional): Use the HTK mel formula. Default: False.
        norm (str|float, optional): "slaney" (each filter divided by its width in Hz, constant energy per band)
            or a p for p-norm normalization of each filter. Default: "slaney".
        dtype (str, optional): Output dtype. Default: "float32".

    Returns:
        Tensor: the filter bank.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.audio.functional.compute_fbank_matrix(sr=16000, n_fft=512, n_mels=40).shape
            paddle.Size([40, 257])
    """
    if f_max is None:
        f_max = float(sr) / 2
    weights = zeros((n_mels, int(1 + n_fft // 2)), dtype=dtype)
    fftfreqs = fft_frequencies(sr=sr, n_fft=n_fft, dtype=dtype)
    mel_f = mel_frequencies(n_mels + 2, f_min=f_min, f_max=f_max, htk=htk, dtype=dtype)
    fdiff = mel_f[1:] - mel_f[:-1]
    ramps = mel_f.unsqueeze(1) - fftfreqs.unsqueeze(0)
    for i in range(n_mels):  # filter i rises over [mel_f[i], mel_f[i+1]] and falls over [mel_f[i+1], mel_f[i+2]]
        lower = -ramps[i] / fdiff[i]
        upper = ramps[i + 2] / fdiff[i + 1]
        weights[i] = maximum(zeros_like(lower), minimum(lower, upper))
    if norm == "slaney":
        weights *= (2.0 / (mel_f[2:n_mels + 2] - mel_f[:n_mels])).unsqueeze(1)
    elif isinstance(norm, (int, float)):
        weights = normalize(weights, p=norm, axis=-1)
    return weights


def power_to_db(spect, ref_value=1.0, amin=1e-10, top_db=80.0):
    """Convert a power spectrogram to decibels: 10 * log10(max(amin, spect) / ref_value), floored at
    max - top_db.

    Args:
        spect (Tensor): Power spectrogram.
        ref_value (float, optional): The reference power (0 dB). Default: 1.0.
        amin (float, optional): Smallest power taken (strictly positive). Default: 1e-10.
        top_db (float|None, optional): Dynamic range kept below the maximum; None keeps all. Default: 80.0.

    Returns:
        Tensor: the spectrogram in dB.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.audio.functional.power_to_db(paddle.to_tensor([1.0, 10.0, 1e-12]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [ 0. ,  10., -70.])
    """
    if amin <= 0:
        raise Exception("amin must be strictly positive")
    if ref_value <= 0:
        raise Exception("ref_value must be strictly positive")
    ones = ones_like(spect)
    log_spec = 10.0 * log10(maximum(ones * amin, spect))
    log_spec -= 10.0 * math.log10(max(ref_value, amin))
    if top_db is not None:
        if top_db < 0:
            raise Exception("top_db must be non-negative")
        log_spec = maximum(log_spec, ones * (log_spec.max() - top_db))
    return log_spec


def create_dct(n_mfcc, n_mels, norm="ortho", dtype="float32"):
    """DCT-II matrix (n_mels, n_mfcc) taking log-mel bands to cepstral coefficients.

    Args:
        n_mfcc (int): Number of coefficients.
        n_mels (int): Number of mel bands.
        norm (str|None, optional): "ortho" for an orthonormal basis, None for the unscaled DCT-II (times 2).
            Default: "ortho".
        dtype (str, optional): Output dtype. Default: "float32".

    Returns:
        Tensor: the DCT matrix.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.audio.functional.create_dct(n_mfcc=20, n_mels=64).shape
            paddle.Size([64, 20])
    """
    n = arange(n_mels, dtype=dtype)
    k = arange(n_mfcc, dtype=dtype).unsqueeze(1)
    dct = cos(math.pi / float(n_mels) * (n + 0.5) * k)  # (n_mfcc, n_mels)
    if norm is None:
        dct *= 2.0
    else:
        assert norm == "ortho"
        dct[0] *= 1.0 / math.sqrt(2.0)
        dct *= math.sqrt(2.0 / float(n_mels))
    return dct.T


