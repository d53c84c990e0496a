"""Tests about legacy `.pdmodel` files: FLAGS_enable_pir_api is on by default (Paddle 3 writes PIR `.json` models),
so a test that checks the legacy ProgramDesc files saves inside `legacy_model_files()`."""
import contextlib

import purepaddle as paddle


@contextlib.contextmanager
def legacy_model_files():
    """jit.save / save_inference_model write `.pdmodel` (+ `.pdiparams.info`) inside the block."""
    old = paddle.get_flags("FLAGS_enable_pir_api")["FLAGS_enable_pir_api"]
    paddle.set_flags({"FLAGS_enable_pir_api": False})
    try:
        yield
    finally:
        paddle.set_flags({"FLAGS_enable_pir_api": old})
