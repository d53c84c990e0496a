"""AudioInfo: what a backend's `info` returns."""

__all__ = ["AudioInfo"]


class AudioInfo:
    """Properties of an audio file: sample_rate, num_samples (frames), num_channels, bits_per_sample, encoding."""

    def __init__(self, sample_rate, num_samples, num_channels, bits_per_sample, encoding):
        self.sample_rate = sample_rate
        self.num_samples = num_samples
        self.num_channels = num_channels
        self.bits_per_sample = bits_per_sample
        self.encoding = encoding
