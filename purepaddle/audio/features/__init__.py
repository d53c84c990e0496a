"""paddle.audio.features: spectrogram, mel spectrogram, log mel spectrogram and MFCC layers."""
from .layers import MFCC, LogMelSpectrogram, MelSpectrogram, Spectrogram  # noqa: F401

__all__ = ["LogMelSpectrogram", "MelSpectrogram", "MFCC", "Spectrogram"]
