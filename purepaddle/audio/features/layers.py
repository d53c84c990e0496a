"""Audio feature layers of paddle.audio.features: Spectrogram -> MelSpectrogram -> LogMelSpectrogram -> MFCC,
each wrapping the one before it; the window, filter bank and DCT matrix are buffers."""
import functools

from ...nn import Layer
from ...signal import stft
from ...tensor import abs as _abs
from ...tensor import matmul, pow as _pow
from ..functional import compute_fbank_matrix, create_dct, get_window, power_to_db

__all__ = ["Spectrogram", "MelSpectrogram", "LogMelSpectrogram", "MFCC"]


class Spectrogram(Layer):
    """Magnitude spectrogram |stft(x)| ** power of a batch of signals.

    Args:
        n_fft (int, optional): Transform length. Default: 512.
        hop_length (int|None, optional): Samples between frames. Default: 512.
        win_length (int|None, optional): Window length. Default: n_fft.
        window (str, optional): Window name for `get_window`. Default: "hann".
        power (float, optional): Exponent of the magnitude (> 0). Default: 1.0.
        center (bool, optional): Pad the signal so frames are centered. Default: True.
        pad_mode (str, optional): Padding when center. Default: "reflect".
        dtype (str, optional): Dtype of the window. Default: "float32".

    Returns:
        Layer: x (N, T) -> (N, n_fft // 2 + 1, num_frames).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.audio.features import Spectrogram
            >>> Spectrogram(n_fft=512)(paddle.randn([2, 16000])).shape
            paddle.Size([2, 257, 32])
    """

    def __init__(self, n_fft=512, hop_length=512, win_length=None, window="hann", power=1.0, center=True,
                 pad_mode="reflect", dtype="float32"):
        super().__init__()
        assert power > 0, "Power of spectrogram must be > 0."
        self.power = power
        if win_length is None:
            win_length = n_fft
        self.fft_window = get_window(window, win_length, fftbins=True, dtype=dtype)
        self._stft = functools.partial(stft, n_fft=n_fft, hop_length=hop_length, win_length=win_length,
                                       window=self.fft_window, center=center, pad_mode=pad_mode)
        self.register_buffer("fft_window", self.fft_window)

    def forward(self, x):
        return _pow(_abs(self._stft(x)), self.power)


class MelSpectrogram(Layer):
    """Mel spectrogram: the filter bank (compute_fbank_matrix) applied to a power spectrogram.

    Args:
        sr (int, optional): Sample rate. Default: 22050.
        n_fft (int, optional): Transform length. Default: 2048.
        hop_length (int|None, optional): Samples between frames. Default: 512.
        win_length (int|None, optional): Window length. Default: n_fft.
        window (str, optional): Window name. Default: "hann".
        power (float, optional): Exponent of the magnitude. Default: 2.0.
        center (bool, optional): Center the frames. Default: True.
        pad_mode (str, optional): Padding when center. Default: "reflect".
        n_mels (int, optional): Mel bands. Default: 64.
        f_min (float, optional): Lowest frequency. Default: 50.0.
        f_max (float|None, optional): Highest frequency. Default: sr // 2.
        htk (bool, optional): HTK mel formula. Default: False.
        norm (str|float, optional): Filter normalization. Default: "slaney".
        dtype (str, optional): Dtype of the window and filter bank. Default: "float32".

    Returns:
        Layer: x (N, T) -> (N, n_mels, num_frames).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.audio.features import MelSpectrogram
            >>> MelSpectrogram(sr=16000, n_fft=512, n_mels=40)(paddle.randn([2, 16000])).shape
            paddle.Size([2, 40, 32])
    """

    def __init__(self, sr=22050, n_fft=2048, hop_length=512, win_length=None, window="hann", power=2.0,
                 center=True, pad_mode="reflect", n_mels=64, f_min=50.0, f_max=None, htk=False, norm="slaney",
                 dtype="float32"):
        super().__init__()
        self._spectrogram = Spectrogram(n_fft=n_fft, hop_length=hop_length, win_length=win_length, window=window,
                                        power=power, center=center, pad_mode=pad_mode, dtype=dtype)
        self.n_mels, self.f_min, self.f_max, self.htk, self.norm = n_mels, f_min, f_max, htk, norm
        if f_max is None:
            f_max = sr // 2
        self.fbank_matrix = compute_fbank_matrix(sr=sr, n_fft=n_fft, n_mels=n_mels, f_min=f_min, f_max=f_max,
                                                 htk=htk, norm=norm, dtype=dtype)
        self.register_buffer("fbank_matrix", self.fbank_matrix)

    def forward(self, x):
        return matmul(self.fbank_matrix, self._spectrogram(x))


class LogMelSpectrogram(Layer):
    """Log mel spectrogram: power_to_db of a MelSpectrogram.

    Args:
        sr (int, optional): Sample rate. Default: 22050.
        n_fft (int, optional): Transform length. Default: 512.
        hop_length (int|None, optional): Samples between frames. Default: n_fft // 4.
        win_length (int|None, optional): Window length. Default: n_fft.
        window (str, optional): Window name. Default: "hann".
        power (float, optional): Exponent of the magnitude. Default: 2.0.
        center (bool, optional): Center the frames. Default: True.
        pad_mode (str, optional): Padding when center. Default: "reflect".
        n_mels (int, optional): Mel bands. Default: 64.
        f_min (float, optional): Lowest frequency. Default: 50.0.
        f_max (float|None, optional): Highest frequency. Default: sr // 2.
        htk (bool, optional): HTK mel formula. Default: False.
        norm (str|float, optional): Filter normalization. Default: "slaney".
        ref_value (float, optional): Reference power of 0 dB. Default: 1.0.
        amin (float, optional): Smallest power. Default: 1e-10.
        top_db (float|None, optional): Dynamic range kept. Default: None.
        dtype (str, optional): Dtype of the window and filter bank. Default: "float32".

    Returns:
        Layer: x (N, T) -> (N, n_mels, num_frames) in dB.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.audio.features import LogMelSpectrogram
            >>> LogMelSpectrogram(sr=16000, n_mels=40)(paddle.randn([2, 1600])).shape
            paddle.Size([2, 40, 13])
    """

    def __init__(self, sr=22050, n_fft=512, hop_length=None, win_length=None, window="hann", power=2.0,
                 center=True, pad_mode="reflect", n_mels=64, f_min=50.0, f_max=None, htk=False, norm="slaney",
                 ref_value=1.0, amin=1e-10, top_db=None, dtype="float32"):
        super().__init__()
        self._melspectrogram = MelSpectrogram(sr=sr, n_fft=n_fft, hop_length=hop_length, win_length=win_length,
                                              window=window, power=power, center=center, pad_mode=pad_mode,
                                              n_mels=n_mels, f_min=f_min, f_max=f_max, htk=htk, norm=norm,
                                              dtype=dtype)
        self.ref_value, self.amin, self.top_db = ref_value, amin, top_db

    def forward(self, x):
        return power_to_db(self._melspectrogram(x), ref_value=self.ref_value, amin=self.amin, top_db=self.top_db)


class MFCC(Layer):
    """Mel-frequency cepstral coefficients: the DCT (create_dct) of a LogMelSpectrogram over its mel bands.

    Args:
        sr (int, optional): Sample rate. Default: 22050.
        n_mfcc (int, optional): Coefficients kept (at most n_mels). Default: 40.
        n_fft (int, optional): Transform length. Default: 512.
        hop_length (int|None, optional): Samples between frames. Default: n_fft // 4.
        win_length (int|None, optional): Window length. Default: n_fft.
        window (str, optional): Window name. Default: "hann".
        power (float, optional): Exponent of the magnitude. Default: 2.0.
        center (bool, optional): Center the frames. Default: True.
        pad_mode (str, optional): Padding when center. Default: "reflect".
        n_mels (int, optional): Mel bands. Default: 64.
        f_min (float, optional): Lowest frequency. Default: 50.0.
        f_max (float|None, optional): Highest frequency. Default: sr // 2.
        htk (bool, optional): HTK mel formula. Default: False.
        norm (str|float, optional): Filter normalization. Default: "slaney".
        ref_value (float, optional): Reference power of 0 dB. Default: 1.0.
        amin (float, optional): Smallest power. Default: 1e-10.
        top_db (float|None, optional): Dynamic range kept. Default: None.
        dtype (str, optional): Dtype of the window, filter bank and DCT. Default: "float32".

    Returns:
        Layer: x (N, T) -> (N, n_mfcc, num_frames).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.audio.features import MFCC
            >>> MFCC(sr=16000, n_mfcc=13)(paddle.randn([2, 1600])).shape
            paddle.Size([2, 13, 13])
    """

    def __init__(self, sr=22050, n_mfcc=40, n_fft=512, hop_length=None, win_length=None, window="hann",
                 power=2.0, center=True, pad_mode="reflect", n_mels=64, f_min=50.0, f_max=None, htk=False,
                 norm="slaney", ref_value=1.0, amin=1e-10, top_db=None, dtype="float32"):
        super().__init__()
        assert n_mfcc <= n_mels, f"n_mfcc cannot be larger than n_mels: {n_mfcc} vs {n_mels}"
        self._log_melspectrogram = LogMelSpectrogram(
            sr=sr, n_fft=n_fft, hop_length=hop_length, win_length=win_length, window=window, power=power,
            center=center, pad_mode=pad_mode, n_mels=n_mels, f_min=f_min, f_max=f_max, htk=htk, norm=norm,
            ref_value=ref_value, amin=amin, top_db=top_db, dtype=dtype)
        self.dct_matrix = create_dct(n_mfcc=n_mfcc, n_mels=n_mels, dtype=dtype)
        self.register_buffer("dct_matrix", self.dct_matrix)

    def forward(self, x):
        log_mel = self._log_melspectrogram(x)  # (N, n_mels, L)
        return matmul(log_mel.transpose((0, 2, 1)), self.dct_matrix).transpose((0, 2, 1))
