"""ESC-50: 2000 five-second environmental recordings in 50 classes, in five folds (Paddle's cache layout:
DATA_HOME/ESC-50-master/{audio/, meta/esc50.csv})."""
import os
from collections import namedtuple

from .dataset import DATA_HOME, AudioClassificationDataset, require_archive

__all__ = ["ESC50"]


class ESC50(AudioClassificationDataset):
    """The ESC-50 dataset: fold `split` is the dev set, the other four the train set.

    Args:
        mode (str, optional): "train" or "dev". Default: "train".
        split (int, optional): The dev fold, 1 to 5. Default: 1.
        feat_type (str, optional): "raw", "spectrogram", "melspectrogram", "logmelspectrogram" or "mfcc".
            Default: "raw".
        archive (dict|None, optional): {"url", "md5"} of the archive. Default: Paddle's.
        **kwargs: Arguments of the feature layer.

    Returns:
        Dataset: the dataset.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> ds = paddle.audio.datasets.ESC50(mode="dev")  # doctest: +SKIP("needs the ESC-50 archive")
    """

    archive = {"url": "https://paddleaudio.bj.bcebos.com/datasets/ESC-50-master.zip",
               "md5": "7771e4b9d86d0945acce719c7a59305a"}
    label_list = [
        'Dog', 'Rooster', 'Pig', 'Cow', 'Frog', 'Cat', 'Hen', 'Insects (flying)', 'Sheep', 'Crow', 'Rain',
        'Sea waves', 'Crackling fire', 'Crickets', 'Chirping birds', 'Water drops', 'Wind', 'Pouring water',
        'Toilet flush', 'Thunderstorm', 'Crying baby', 'Sneezing', 'Clapping', 'Breathing', 'Coughing',
        'Footsteps', 'Laughing', 'Brushing teeth', 'Snoring', 'Drinking, sipping', 'Door knock',
        'Mouse click', 'Keyboard typing', 'Door, wood creaks', 'Can opening', 'Washing machine',
        'Vacuum cleaner', 'Clock alarm', 'Clock tick', 'Glass breaking', 'Helicopter', 'Chainsaw', 'Siren',
        'Car horn', 'Engine', 'Train', 'Church bells', 'Airplane', 'Fireworks', 'Hand saw',
    ]
    meta = os.path.join("ESC-50-master", "meta", "esc50.csv")
    audio_path = os.path.join("ESC-50-master", "audio")
    meta_info = namedtuple("meta_info", ["filename", "fold", "target", "category", "esc10", "src_file", "take"])

    def __init__(self, mode="train", split=1, feat_type="raw", archive=None, **kwargs):
        assert split in range(1, 6), f"The selected split should be integer, and 1 <= split <= 5, but got {split}"
        if archive is not None:
            self.archive = archive
        files, labels = self._get_data(mode, split)
        super().__init__(files=files, labels=labels, feat_type=feat_type, **kwargs)

    def _get_meta_info(self):
        with open(os.path.join(DATA_HOME, self.meta)) as rf:
            return [self.meta_info(*line.strip().split(",")) for line in rf.readlines()[1:]]

    def _get_data(self, mode, split):
        require_archive([os.path.join(DATA_HOME, self.audio_path), os.path.join(DATA_HOME, self.meta)], self.archive)
        files, labels = [], []
        for sample in self._get_meta_info():
            if (int(sample.fold) != split) == (mode == "train"):
                files.append(os.path.join(DATA_HOME, self.audio_path, sample.filename))
                labels.append(int(sample.target))
        return files, labels
