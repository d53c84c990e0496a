"""TESS: the Toronto emotional speech set, 2800 recordings in seven emotions (Paddle's cache layout:
DATA_HOME/TESS_Toronto_emotional_speech_set/**/<speaker>_<word>_<emotion>.wav)."""
import os
from collections import namedtuple

from .dataset import DATA_HOME, AudioClassificationDataset, require_archive

__all__ = ["TESS"]


class TESS(AudioClassificationDataset):
    """The TESS dataset split into n_folds folds by file order; fold `split` is the dev set.

    Args:
        mode (str, optional): "train" or "dev". Default: "train".
        n_folds (int, optional): Number of folds. Default: 5.
        split (int, optional): The dev fold, 1 to n_folds. Default: 1.
        feat_type (str, optional): "raw", "spectrogram", "melspectrogram", "logmelspectrogram" or "mfcc".
            Default: "raw".
        archive (dict|None, optional): {"url", "md5"} of the archive. Default: Paddle's.
        **kwargs: Arguments of the feature layer.

    Returns:
        Dataset: the dataset.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> ds = paddle.audio.datasets.TESS(mode="dev")  # doctest: +SKIP("needs the TESS archive")
    """

    archive = {"url": "https://bj.bcebos.com/paddleaudio/datasets/TESS_Toronto_emotional_speech_set.zip",
               "md5": "1465311b24d1de704c4c63e4ccc470c7"}
    label_list = ["angry", "disgust", "fear", "happy", "neutral", "ps", "sad"]  # ps: pleasant surprise
    audio_path = "TESS_Toronto_emotional_speech_set"
    meta_info = namedtuple("meta_info", ["speaker", "word", "emotion"])

    def __init__(self, mode="train", n_folds=5, split=1, feat_type="raw", archive=None, **kwargs):
        assert isinstance(n_folds, int) and n_folds >= 1, \
            f"the n_folds should be integer and n_folds >= 1, but got {n_folds}"
        assert split in range(1, n_folds + 1), \
            f"The selected split should be integer and should be 1 <= split <= {n_folds}, but got {split}"
        if archive is not None:
            self.archive = archive
        files, labels = self._get_data(mode, n_folds, split)
        super().__init__(files=files, labels=labels, feat_type=feat_type, **kwargs)

    def _get_meta_info(self, files):
        return [self.meta_info(*os.path.basename(f)[:-4].split("_")) for f in files]

    def _get_data(self, mode, n_folds, split):
        root_dir = os.path.join(DATA_HOME, self.audio_path)
        require_archive([root_dir], self.archive)
        wav_files = [os.path.join(root, f) for root, _, names in os.walk(root_dir) for f in names
                     if f.endswith(".wav")]
        files, labels = [], []
        for idx, sample in enumerate(self._get_meta_info(wav_files)):
            fold = idx % n_folds + 1
            if (fold != split) == (mode == "train"):
                files.append(wav_files[idx])
                labels.append(self.label_list.index(sample.emotion))
        return files, labels
