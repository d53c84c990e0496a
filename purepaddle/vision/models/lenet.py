"""LeNet (LeCun et al. 1998) as in paddle.vision.models: features (conv/pool) then fc."""

from __future__ import annotations

from ... import nn
from ... import tensor as _T

__all__ = ["LeNet"]


class LeNet(nn.Layer):
    """LeNet for 1x28x28 inputs: Conv2D(1,6,3,padding=1)-ReLU-MaxPool2D(2,2)-Conv2D(6,16,5)-ReLU-
    MaxPool2D(2,2), then Linear(400,120)-Linear(120,84)-Linear(84,num_classes) (no fc when
    num_classes <= 0).

    Args:
        num_classes (int, optional): The size of the output; 0 or less leaves out the classifier. Default: 10.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.models import LeNet
            >>> model = LeNet()
            >>> model(paddle.rand([1, 1, 28, 28])).shape
            paddle.Size([1, 10])
    """

    def __init__(self, num_classes: int = 10) -> None:
        super().__init__()
        self.num_classes = num_classes
        self.features = nn.Sequential(
            nn.Conv2D(1, 6, 3, stride=1, padding=1),
            nn.ReLU(),
            nn.MaxPool2D(2, 2),
            nn.Conv2D(6, 16, 5, stride=1, padding=0),
            nn.ReLU(),
            nn.MaxPool2D(2, 2),
        )
        if num_classes > 0:
            self.fc = nn.Sequential(
                nn.Linear(400, 120),
                nn.Linear(120, 84),
                nn.Linear(84, num_classes),
            )

    def forward(self, inputs):
        x = self.features(inputs)
        if self.num_classes > 0:
            x = _T.flatten(x, 1)
            x = self.fc(x)
        return x
