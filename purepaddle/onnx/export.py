"""paddle.onnx.export: a Layer saved with jit.save (legacy `.pdmodel`) and converted by paddle2onnx."""
import os
import tempfile

from ..static.files import write_file_atomic
from ..jit.save_load import INFER_MODEL_SUFFIX, INFER_PARAMS_SUFFIX
from ..jit.save_load import save as jit_save
from ..pir_utils import DygraphOldIrGuard
from .converter import convert, converter_path

__all__ = ["export"]

# the jit.save configs paddle2onnx passes on (the others are dropped without a word, as in Paddle)
_SAVE_CONFIGS = ("output_spec", "with_hook", "combine_params", "clip_extra", "skip_forward",
                 "input_names_after_prune")


def export(layer, path, input_spec=None, opset_version=9, **configs):
    """Export a Layer to ONNX: `path.onnx`, for onnxruntime and other ONNX backends.

    The layer is saved with paddle.jit.save (legacy `.pdmodel`, in a temporary directory) and
    converted by paddle2onnx, whose optional install is `pip install 'purepaddle[onnx]'`. As in
    Paddle, the opset is raised automatically when an op needs a newer one, and the model is
    checked and optimized by paddle2onnx.

    Args:
        layer (Layer): the Layer to export.
        path (str): the path prefix, `dirname/file_prefix` or `file_prefix`; `.onnx` is appended.
        input_spec (list[InputSpec|Tensor], optional): the inputs of forward; None dims stay
            dynamic in the ONNX model. Default: the inputs forward was last called with.
        opset_version (int, optional): the ONNX opset to target. Default: 9.
        **configs: `output_spec` (outputs to keep), `input_names_after_prune`, `with_hook`,
            `combine_params`, `clip_extra`, `skip_forward`, as paddle.jit.save takes them.

    Returns:
        None

    Examples:
        .. code-block:: python

            >>> # doctest: +REQUIRES(module:paddle2onnx)
            >>> import os, tempfile
            >>> import paddle
            >>> net = paddle.nn.Linear(4, 2)
            >>> path = os.path.join(tempfile.mkdtemp(), 'linear')
            >>> spec = [paddle.static.InputSpec([None, 4], 'float32', 'x')]
            >>> paddle.onnx.export(net, path, input_spec=spec)
            [Paddle2ONNX] ...
            >>> os.path.exists(path + '.onnx')
            True
    """
    converter_path()  # ImportError naming the extra before anything is traced
    path = os.fspath(path)
    if os.path.basename(path) == "":
        raise ValueError("The input path MUST be format of dirname/file_prefix [dirname\\file_prefix in Windows "
                         f"system], but the file_prefix is empty in received path: {path}")
    save_file = path + ".onnx"
    save_configs = {k: v for k, v in configs.items() if k in _SAVE_CONFIGS}
    with tempfile.TemporaryDirectory(prefix="purepaddle_onnx_") as tmp:
        prefix = os.path.join(tmp, "model")
        with DygraphOldIrGuard():  # paddle2onnx 1.3 converts the legacy `.pdmodel` (as Paddle exports)
            jit_save(layer, prefix, input_spec, **save_configs)
        model_file, params_file = prefix + INFER_MODEL_SUFFIX, prefix + INFER_PARAMS_SUFFIX
        if not os.path.isfile(model_file):
            raise RuntimeError(f"paddle.onnx.export: jit.save wrote no legacy model file ({sorted(os.listdir(tmp))})"
                               "; paddle2onnx converts `.pdmodel` programs only")
        converted = os.path.join(tmp, "model.onnx")
        convert(model_file, params_file if os.path.isfile(params_file) else "", converted, opset_version)
        with open(converted, "rb") as f:
            data = f.read()
    dirname = os.path.dirname(save_file)
    if dirname:
        os.makedirs(dirname, exist_ok=True)
    write_file_atomic(save_file, data)  # an old path.onnx stays whole until the new one is complete
