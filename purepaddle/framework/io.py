"""paddle.framework.io: paddle.save / paddle.load."""
