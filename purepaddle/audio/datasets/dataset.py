"""AudioClassificationDataset: (feature, label) pairs from audio files, the feature a raw waveform or one of
paddle.audio.features computed on the fly; and the offline lookup of a dataset in Paddle's download cache."""
import os

from ...io import Dataset
from ...tensor import to_tensor
from ..backends.backend import load
from ..features import MFCC, LogMelSpectrogram, MelSpectrogram, Spectrogram

__all__ = ["AudioClassificationDataset", "DATA_HOME", "require_archive"]

DATA_HOME = os.path.expanduser(os.path.join("~", ".cache", "paddle", "dataset"))  # Paddle's download cache

_FEATURES = {"raw": None, "melspectrogram": MelSpectrogram, "mfcc": MFCC, "logmelspectrogram": LogMelSpectrogram,
             "spectrogram": Spectrogram}


def require_archive(paths, archive):
    """Raise FileNotFoundError naming the archive's URL and where to unpack it unless every path exists
    (purepaddle never downloads: there is no network on CI)."""
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        raise FileNotFoundError(
            f"{missing[0]} not found. purepaddle does not download datasets: fetch {archive['url']} (md5 "
            f"{archive['md5']}) and unpack it into {DATA_HOME}, as paddle's downloader would.")


class AudioClassificationDataset(Dataset):
    """Audio files with integer labels; item i is (feature of file i, label i).

    Args:
        files (list[str]): Audio file paths.
        labels (list[int]): Their labels.
        feat_type (str, optional): "raw" (the waveform), "spectrogram", "melspectrogram", "logmelspectrogram" or
            "mfcc". Default: "raw".
        sample_rate (int|None, optional): Sample rate (set from each file as it is read). Default: None.
        **kwargs: Arguments of the feature layer.

    Returns:
        Dataset: the dataset.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.audio.datasets.dataset import AudioClassificationDataset
            >>> paddle.audio.save("a.wav", paddle.zeros([1, 800]), 8000)
            >>> ds = AudioClassificationDataset(["a.wav"], [3])
            >>> ds[0][0].shape, ds[0][1]
            (paddle.Size([800]), 3)
    """

    def __init__(self, files, labels, feat_type="raw", sample_rate=None, **kwargs):
        super().__init__()
        if feat_type not in _FEATURES:
            raise RuntimeError(f"Unknown feat_type: {feat_type}, it must be one in {list(_FEATURES.keys())}")
        self.files, self.labels, self.feat_type, self.sample_rate = files, labels, feat_type, sample_rate
        self.feat_config = kwargs  # the feature layer's arguments

    def _convert_to_record(self, idx):
        waveform, self.sample_rate = load(self.files[idx])
        if len(waveform.shape) == 2:
            waveform = waveform.squeeze(0)
        waveform = to_tensor(waveform, dtype="float32")
        feature = _FEATURES[self.feat_type]
        if feature is None:
            return {"feat": waveform, "label": self.labels[idx]}
        config = dict(self.feat_config) if self.feat_type == "spectrogram" else dict(sr=self.sample_rate,
                                                                                      **self.feat_config)
        return {"feat": feature(**config)(waveform.unsqueeze(0)).squeeze(0), "label": self.labels[idx]}

    def __getitem__(self, idx):
        record = self._convert_to_record(idx)
        return record["feat"], record["label"]

    def __len__(self):
        return len(self.files)
