"""paddle2onnx's converter (its C++ entry point), run in a child process without its Python package.

paddle2onnx's `__init__` imports `paddle`, which purepaddle is not (and real paddlepaddle need not be
installed), so the compiled module `paddle2onnx.paddle2onnx_cpp2py_export` is loaded from the installed
package's directory on its own: it reads the legacy `.pdmodel` / `.pdiparams` files itself and imports
no Python package. It runs in a child interpreter (this file, run as a script: the standard library
only) because on an op it can not convert it aborts its process; the child's death becomes a
RuntimeError carrying paddle2onnx's message. paddle2onnx, onnx and onnxruntime come with
`pip install 'purepaddle[onnx]'`.
"""
import glob
import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys

__all__ = ["converter_path", "convert"]

_MODULE = "paddle2onnx.paddle2onnx_cpp2py_export"
_MISSING = ("paddle.onnx.export needs paddle2onnx (1.3.x, Python <= 3.12), which is not installed; install the "
            "optional extra: pip install 'purepaddle[onnx]' (paddle2onnx==1.3.1, onnx, onnxruntime)")


def converter_path():
    """The file of paddle2onnx's compiled converter; ImportError naming the `onnx` extra when it is absent."""
    spec = importlib.util.find_spec("paddle2onnx")  # finds the package without running its __init__
    if spec is None or not spec.submodule_search_locations:
        raise ImportError(_MISSING)
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for where in spec.submodule_search_locations:
        for f in sorted(glob.glob(os.path.join(where, "paddle2onnx_cpp2py_export*"))):
            if f.endswith(suffixes):
                return f
    raise ImportError(f"{_MISSING}; the paddle2onnx found in {list(spec.submodule_search_locations)} has no "
                      "compiled converter")


def convert(model_file, params_file, save_file, opset_version, auto_upgrade_opset=True, verbose=True,
            enable_onnx_checker=True, enable_experimental_op=True, enable_optimize=True,
            deploy_backend="onnxruntime", export_fp16_model=False):
    """Write the ONNX model of a legacy inference model to save_file (params_file "" for a model without
    parameters); the arguments and defaults are paddle2onnx.export's. paddle2onnx's log is printed."""
    args = [converter_path(), os.fspath(model_file), os.fspath(params_file), int(opset_version),
            bool(auto_upgrade_opset), bool(verbose), bool(enable_onnx_checker), bool(enable_experimental_op),
            bool(enable_optimize), deploy_backend.lower(), bool(export_fp16_model), os.fspath(save_file)]
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), json.dumps(args)], capture_output=True,
                          text=True, errors="replace")
    log = (proc.stdout + proc.stderr).strip()
    if proc.returncode != 0:
        raise RuntimeError(f"paddle2onnx could not convert {model_file} (its process ended with code "
                           f"{proc.returncode}):\n{log[-4000:]}")
    if log:
        print(log)


def _main(argv):
    """The child: load the compiled converter by its file and run it (standard library only)."""
    so, model_file, params_file, opset, upgrade, verbose, checker, experimental, optimize, backend, fp16, out = \
        json.loads(argv[1])
    loader = importlib.machinery.ExtensionFileLoader(_MODULE, so)
    mod = importlib.util.module_from_spec(importlib.util.spec_from_file_location(_MODULE, so, loader=loader))
    loader.exec_module(mod)
    data = mod.export(model_file, params_file, opset, upgrade, verbose, checker, experimental, optimize, {},
                      backend, "", "", fp16)
    with open(out, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    _main(sys.argv)
