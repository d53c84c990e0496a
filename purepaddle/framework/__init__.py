"""paddle.framework: flags, dtype helpers, random state."""
