"""paddle.callbacks: the callbacks of paddle.Model (re-exported from paddle.hapi.callbacks)."""
from .hapi.callbacks import (Callback, EarlyStopping, LRScheduler, ModelCheckpoint, ProgBarLogger,  # noqa: F401
                             ReduceLROnPlateau, TensorBoard, VisualDL, WandbCallback)

__all__ = ["Callback", "ProgBarLogger", "ModelCheckpoint", "VisualDL", "LRScheduler", "EarlyStopping",
           "ReduceLROnPlateau", "WandbCallback", "TensorBoard"]
