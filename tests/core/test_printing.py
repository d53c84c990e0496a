"""Tests for purepaddle/_core/printing.py against strings captured from Paddle 3.3.1."""

import importlib.util

import numpy as np
import pytest

from tests.checkout import ROOT

# Load the module by path: it only needs numpy, and this keeps the tests
# independent of whatever the package __init__ files import.
_PATH = ROOT / "purepaddle" / "_core" / "printing.py"
_spec = importlib.util.spec_from_file_location("_purepaddle_printing", _PATH)
printing = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(printing)

DEFAULTS = {"precision": 8, "threshold": 1000, "edgeitems": 3, "sci_mode": False, "linewidth": 80}


@pytest.fixture(autouse=True)
def _reset_options():
    """Restore Paddle's default print options around every test."""
    printing.set_printoptions(**DEFAULTS)
    yield
    printing.set_printoptions(**DEFAULTS)


def _fmt(array, dtype_name, **kw):
    """Format like str(paddle.to_tensor(array)) on CPU."""
    kw.setdefault("stop_gradient", True)
    return printing.format_tensor(array, dtype_name=dtype_name, place_repr="Place(cpu)", **kw)


# (id, array, Paddle dtype, print options, str(paddle.to_tensor(array)) from Paddle 3.3.1)
CASES = [
    ('float_whole_2d', np.array([[1, 2, 3], [4, 5, 6]], 'float32'), 'float32', {},
     'Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,\n       [[1., 2., 3.],\n        [4., 5., 6.]])'),
    ('float_mixed_signed', np.array([1.0, -2.0, 3.5], 'float32'), 'float32', {},
     'Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,\n       [ 1.       , -2.       , 3.50000000])'),
    ('float_large_no_auto_sci', np.array([1e10, 1.0], 'float32'), 'float32', {},
     'Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,\n       [10000000000., 1.          ])'),
    ('float_small_fixed', np.array([1e-5, 0.5], 'float64'), 'float64', {},
     'Tensor(shape=[2], dtype=float64, place=Place(cpu), stop_gradient=True,\n       [0.00001000, 0.50000000])'),
    ('float_nan_inf', np.array([np.nan, np.inf, -np.inf, 1.0], 'float32'), 'float32', {},
     'Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,\n       [ nan ,  inf., -inf.,  1.  ])'),
    ('float_negative_zero', np.array([-0.5, -0.0, 1.0], 'float32'), 'float32', {},
     'Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,\n       [-0.50000000,  -0.       ,  1.        ])'),
    ('float16_values', np.array([1.1, 2.2, -65504], 'float16'), 'float16', {},
     'Tensor(shape=[3], dtype=float16, place=Place(cpu), stop_gradient=True,\n       [1.09960938, 2.19921875, -65504.   ])'),
    ('int_alignment', np.array([[1, -20], [300, 4]], 'int64'), 'int64', {},
     'Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,\n       [[ 1 , -20],\n        [300,  4 ]])'),
    ('int_sign_pad_rule', np.array([-100, 5, 200], 'int32'), 'int32', {},
     'Tensor(shape=[3], dtype=int32, place=Place(cpu), stop_gradient=True,\n       [-100,  5  ,  200])'),
    ('bool_2d', np.array([[True, False], [False, False]]), 'bool', {},
     'Tensor(shape=[2, 2], dtype=bool, place=Place(cpu), stop_gradient=True,\n       [[True , False],\n        [False, False]])'),
    ('complex_signed', np.array([[1 + 2.5j, -3 - 1j], [0j, complex(np.nan, 1)]], 'complex64'), 'complex64', {},
     'Tensor(shape=[2, 2], dtype=complex64, place=Place(cpu), stop_gradient=True,\n       [[ (1.00000000+2.50000000j), (-3.00000000-1.00000000j)],\n        [ (0.00000000+0.00000000j),  (nan+1.00000000j)       ]])'),
    ('complex_neg_zero_imag_nan', np.array([complex(1, -0.0), complex(1, np.nan), complex(-np.inf, np.inf)], 'complex128'), 'complex128', {},
     'Tensor(shape=[3], dtype=complex128, place=Place(cpu), stop_gradient=True,\n       [(1.00000000+-0.00000000j),  (1.00000000nanj)        ,\n        (-inf+infj)              ])'),
    ('zero_d_float', np.array(1.0, 'float32'), 'float32', {},
     'Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,\n       1.)'),
    ('zero_d_negative_float', np.array(-2.5, 'float64'), 'float64', {},
     'Tensor(shape=[], dtype=float64, place=Place(cpu), stop_gradient=True,\n       -2.50000000)'),
    ('zero_d_int', np.array(7, 'int32'), 'int32', {},
     'Tensor(shape=[], dtype=int32, place=Place(cpu), stop_gradient=True,\n       7)'),
    ('zero_d_bool', np.array(True), 'bool', {},
     'Tensor(shape=[], dtype=bool, place=Place(cpu), stop_gradient=True,\n       True)'),
    ('empty_1d', np.zeros([0], 'float32'), 'float32', {},
     'Tensor(shape=[0], dtype=float32, place=Place(cpu), stop_gradient=True,\n       [])'),
    ('empty_2d', np.zeros([2, 0], 'float32'), 'float32', {},
     'Tensor(shape=[2, 0], dtype=float32, place=Place(cpu), stop_gradient=True,\n       [[],\n        []])'),
    ('empty_3d', np.zeros([2, 0, 3], 'int64'), 'int64', {},
     'Tensor(shape=[2, 0, 3], dtype=int64, place=Place(cpu), stop_gradient=True,\n       [[],\n\n        []])'),
    ('empty_leading', np.zeros([0, 3], 'int64'), 'int64', {},
     'Tensor(shape=[0, 3], dtype=int64, place=Place(cpu), stop_gradient=True,\n       [])'),
    ('summary_1d', np.arange(2000, dtype='float32'), 'float32', {},
     'Tensor(shape=[2000], dtype=float32, place=Place(cpu), stop_gradient=True,\n       [0.   , 1.   , 2.   , ..., 1997., 1998., 1999.])'),
    ('summary_2d', np.arange(2000, dtype='int64').reshape(20, 100), 'int64', {},
     'Tensor(shape=[20, 100], dtype=int64, place=Place(cpu), stop_gradient=True,\n       [[0   , 1   , 2   , ..., 97  , 98  , 99  ],\n        [100 , 101 , 102 , ..., 197 , 198 , 199 ],\n        [200 , 201 , 202 , ..., 297 , 298 , 299 ],\n        ...,\n        [1700, 1701, 1702, ..., 1797, 1798, 1799],\n        [1800, 1801, 1802, ..., 1897, 1898, 1899],\n        [1900, 1901, 1902, ..., 1997, 1998, 1999]])'),
    ('blocks_3d', np.arange(24, dtype='int64').reshape(2, 3, 4), 'int64', {},
     'Tensor(shape=[2, 3, 4], dtype=int64, place=Place(cpu), stop_gradient=True,\n       [[[0 , 1 , 2 , 3 ],\n         [4 , 5 , 6 , 7 ],\n         [8 , 9 , 10, 11]],\n\n        [[12, 13, 14, 15],\n         [16, 17, 18, 19],\n         [20, 21, 22, 23]]])'),
    ('blocks_4d', np.arange(16, dtype='int64').reshape(2, 2, 2, 2), 'int64', {},
     'Tensor(shape=[2, 2, 2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,\n       [[[[0 , 1 ],\n          [2 , 3 ]],\n\n         [[4 , 5 ],\n          [6 , 7 ]]],\n\n\n        [[[8 , 9 ],\n          [10, 11]],\n\n         [[12, 13],\n          [14, 15]]]])'),
    ('summary_3d_small_opts', np.arange(24, dtype='int64').reshape(2, 3, 4), 'int64', {'threshold': 5, 'edgeitems': 1},
     'Tensor(shape=[2, 3, 4], dtype=int64, place=Place(cpu), stop_gradient=True,\n       [[[0 , ..., 3 ],\n         ...,\n         [8 , ..., 11]],\n\n        [[12, ..., 15],\n         ...,\n         [20, ..., 23]]])'),
    ('summary_3d_outer_dots', np.arange(28, dtype='int64').reshape(7, 2, 2), 'int64', {'threshold': 10, 'edgeitems': 1},
     'Tensor(shape=[7, 2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,\n       [[[0 , 1 ],\n         [2 , 3 ]],\n\n        ...,\n\n        [[24, 25],\n         [26, 27]]])'),
    ('wrap_1d', np.arange(30, dtype='float32') / 7, 'float32', {},
     'Tensor(shape=[30], dtype=float32, place=Place(cpu), stop_gradient=True,\n       [0.        , 0.14285715, 0.28571430, 0.42857143, 0.57142860, 0.71428573,\n        0.85714287, 1.        , 1.14285719, 1.28571427, 1.42857146, 1.57142854,\n        1.71428573, 1.85714281, 2.        , 2.14285707, 2.28571439, 2.42857146,\n        2.57142854, 2.71428561, 2.85714293, 3.        , 3.14285707, 3.28571439,\n        3.42857146, 3.57142854, 3.71428561, 3.85714293, 4.        , 4.14285707])'),
    ('wrap_2d', np.arange(26, dtype='float32').reshape(2, 13) / 3, 'float32', {},
     'Tensor(shape=[2, 13], dtype=float32, place=Place(cpu), stop_gradient=True,\n       [[0.        , 0.33333334, 0.66666669, 1.        , 1.33333337, 1.66666663,\n         2.        , 2.33333325, 2.66666675, 3.        , 3.33333325, 3.66666675,\n         4.        ],\n        [4.33333349, 4.66666651, 5.        , 5.33333349, 5.66666651, 6.        ,\n         6.33333349, 6.66666651, 7.        , 7.33333349, 7.66666651, 8.        ,\n         8.33333302]])'),
    ('wrap_linewidth_20', np.arange(10, dtype='int64'), 'int64', {'linewidth': 20},
     'Tensor(shape=[10], dtype=int64, place=Place(cpu), stop_gradient=True,\n       [0, 1, 2, 3,\n        4, 5, 6, 7,\n        8, 9])'),
    ('wrap_summary_one_per_line', np.arange(2000, dtype='float32'), 'float32', {'linewidth': 20},
     'Tensor(shape=[2000], dtype=float32, place=Place(cpu), stop_gradient=True,\n       [0.   ,\n        1.   ,\n        2.   ,\n        ...,\n        1997.,\n        1998.,\n        1999.])'),
    ('width_from_edges_only', np.array([1.0, 2.0, 3.0, 1234.5678, 4.0, 5.0, 6.0], 'float32'), 'float32', {},
     'Tensor(shape=[7], dtype=float32, place=Place(cpu), stop_gradient=True,\n       [1., 2., 3., 1234.56774902, 4., 5., 6.])'),
    ('sci_mode', np.array([1.0, 1.5, -2.0, 1e10], 'float32'), 'float32', {'sci_mode': True},
     'Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,\n       [ 1.00000000e+00,  1.50000000e+00, -2.00000000e+00,  1.00000000e+10])'),
    ('sci_mode_complex', np.array([1 + 2j], 'complex64'), 'complex64', {'sci_mode': True},
     'Tensor(shape=[1], dtype=complex64, place=Place(cpu), stop_gradient=True,\n       [(1.00000000e+00+2.00000000e+00j)])'),
    ('precision_2', np.array([1.0, 1.555, -2.0], 'float32'), 'float32', {'precision': 2},
     'Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,\n       [ 1. , 1.55, -2. ])'),
    ('precision_0', np.array([1.0, 1.555, -2.0], 'float64'), 'float64', {'precision': 0},
     'Tensor(shape=[3], dtype=float64, place=Place(cpu), stop_gradient=True,\n       [ 1.,  2 , -2.])'),
    ('edgeitems_0', np.arange(10, dtype='float32'), 'float32', {'threshold': 5, 'edgeitems': 0},
     'Tensor(shape=[10], dtype=float32, place=Place(cpu), stop_gradient=True,\n       [...])'),
]


@pytest.mark.parametrize("name,array,dtype_name,options,expected", CASES,
                         ids=[c[0] for c in CASES])
def test_matches_paddle(name, array, dtype_name, options, expected):
    printing.set_printoptions(**options)
    assert _fmt(array, dtype_name) == expected


def test_bfloat16_as_float32_and_as_raw_bits():
    expected = ('Tensor(shape=[2], dtype=bfloat16, place=Place(cpu), stop_gradient=False,\n'
                '       [1.10156250, 2.50000000])')
    as_float = np.array([1.1015625, 2.5], "float32")
    as_bits = np.array([0x3F8D, 0x4020], "uint16")
    assert _fmt(as_float, "bfloat16", stop_gradient=False) == expected
    assert _fmt(as_bits, "bfloat16", stop_gradient=False) == expected


def test_parameter_prefix_and_explicit_shape():
    expected = ('Parameter containing:\nTensor(shape=[2, 2], dtype=float32, place=Place(cpu), '
                'stop_gradient=False,\n       [[1., 1.],\n        [1., 1.]])')
    ones = np.ones([2, 2], "float32")
    assert _fmt(ones, "float32", stop_gradient=False, is_parameter=True, shape=[2, 2]) == expected


def test_place_repr_is_passed_through():
    out = printing.format_tensor(np.array([1, 2]), dtype_name="int64",
                                 place_repr="Place(gpu:0)", stop_gradient=True)
    assert out == ('Tensor(shape=[2], dtype=int64, place=Place(gpu:0), stop_gradient=True,\n'
                   '       [1, 2])')


def test_format_array_is_the_data_part():
    assert printing.format_array(np.array([[1, 2], [3, 4]])) == "[[1, 2],\n [3, 4]]"
    assert printing.format_array(np.array(0.5, "float32")) == "0.50000000"
    assert printing.format_array(np.zeros([0], "float32")) == "[]"
    data = printing.format_array(np.arange(24).reshape(2, 3, 4), indent=7)
    assert _fmt(np.arange(24).reshape(2, 3, 4), "int64").endswith("\n       " + data + ")")


def test_defaults_and_get_printoptions():
    assert printing.get_printoptions() == DEFAULTS
    printing.set_printoptions(precision=4, linewidth=100)
    assert printing.get_printoptions() == dict(DEFAULTS, precision=4, linewidth=100)
    printing.set_printoptions()  # all None: nothing changes
    assert printing.get_printoptions() == dict(DEFAULTS, precision=4, linewidth=100)


def test_set_printoptions_changes_output():
    data = np.array([1 / 3, 2.0], "float32")
    assert printing.format_array(data) == "[0.33333334, 2.        ]"
    printing.set_printoptions(precision=3)
    assert printing.format_array(data) == "[0.333, 2.   ]"
    printing.set_printoptions(sci_mode=True)
    assert printing.format_array(data) == "[3.333e-01, 2.000e+00]"
    printing.set_printoptions(threshold=1, edgeitems=0)
    assert printing.format_array(data) == "[...]"


@pytest.mark.parametrize("kwargs", [
    {"precision": 1.5}, {"precision": "8"}, {"threshold": 2 ** 40}, {"edgeitems": [3]},
    {"linewidth": 80.0}, {"sci_mode": "yes"}, {"sci_mode": [True]},
])
def test_invalid_options_raise_like_paddle(kwargs):
    # Paddle raises pybind11's RuntimeError; ours is also a TypeError.
    with pytest.raises(RuntimeError, match="Unable to cast Python instance"):
        printing.set_printoptions(**kwargs)
    with pytest.raises(TypeError):
        printing.set_printoptions(**kwargs)


def test_numeric_lookalikes_are_accepted_like_paddle():
    # Expected strings captured from Paddle with the same (odd) options.
    printing.set_printoptions(precision=np.int64(2), threshold=True, sci_mode=1, linewidth=-5)
    assert printing.get_printoptions()["sci_mode"] == 1
    # A linewidth too small for one item still places one item per line.
    assert _fmt(np.array([0.5, 1.5]), "float64") == (
        "Tensor(shape=[2], dtype=float64, place=Place(cpu), stop_gradient=True,\n"
        "       [5.00e-01,\n        1.50e+00])")
    assert _fmt(np.arange(8.0), "float64") == (
        "Tensor(shape=[8], dtype=float64, place=Place(cpu), stop_gradient=True,\n"
        "       [0.00e+00,\n        1.00e+00,\n        2.00e+00,\n        ...,\n"
        "        5.00e+00,\n        6.00e+00,\n        7.00e+00])")


def test_failed_call_still_stores_values_like_paddle():
    # Paddle updates its Python-side options before the C++ type check fails.
    with pytest.raises(TypeError):
        printing.set_printoptions(precision=3, threshold=1.5)
    assert printing.get_printoptions()["precision"] == 3


def test_tensor_size_is_an_int_that_called_gives_the_shape():
    import purepaddle as paddle
    x = paddle.ones([3, 4])
    assert x.size == 12 and isinstance(x.size, int)
    assert x.size() == [3, 4] and repr(x.size()) == "paddle.Size([3, 4])" and x.size(-1) == 4
    assert paddle.ones([]).size == 1 and paddle.ones([]).size() == []
