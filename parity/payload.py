"""Arrays as JSON: the one encoding both interpreters read and write (NumPy only, no ml_dtypes, since real
Paddle's environment has none).

An array is {"dtype": name, "shape": [...], "data": flat list}; complex data is {"re": [...], "im": [...]};
float16/bfloat16 values travel as the float32 numbers they are exactly. JSON keeps NaN, +-Infinity and -0.0
(Python's json module writes and reads them)."""
import numpy as np

FLOATS = ("float16", "bfloat16", "float32", "float64")
COMPLEX = ("complex64", "complex128")
INTS = ("int8", "int16", "int32", "int64", "uint8")
ALL = ("bool",) + INTS + FLOATS + COMPLEX


def kind(dtype):
    """'b', 'i', 'f' or 'c' for a dtype name (bfloat16 is a float here, whatever NumPy calls it)."""
    if dtype == "bool":
        return "b"
    if dtype in FLOATS:
        return "f"
    if dtype in COMPLEX:
        return "c"
    return "i"


def encode(arr, dtype=None):
    """{"dtype", "shape", "data"} of a NumPy array (dtype names the logical dtype when arr is its float32 copy)."""
    arr = np.asarray(arr)
    dtype = dtype or str(arr.dtype)
    flat = arr.reshape(-1)
    if kind(dtype) == "c":
        data = {"re": flat.real.astype(np.float64).tolist(), "im": flat.imag.astype(np.float64).tolist()}
    elif kind(dtype) == "f":
        data = flat.astype(np.float64).tolist()
    else:
        data = flat.tolist()
    return {"dtype": dtype, "shape": list(arr.shape), "data": data}


def decode(spec):
    """The NumPy array of an encoded payload: bfloat16 comes back as float32 (its exact values)."""
    dtype, shape, data = spec["dtype"], spec["shape"], spec["data"]
    if kind(dtype) == "c":
        arr = np.empty(len(data["re"]), dtype)  # real/imag set apart: 1j * inf would make a NaN real part
        arr.real, arr.imag = data["re"], data["im"]
        return arr.reshape(shape)
    np_dtype = "float32" if dtype == "bfloat16" else dtype
    return np.array(data, dtype=np_dtype).reshape(shape)
