"""paddle.regularizer: L1Decay, L2Decay."""
