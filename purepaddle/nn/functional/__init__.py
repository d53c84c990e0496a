"""paddle.nn.functional: activations and other functional forms."""
