"""Documented deliberate differences (docs/conformance.md): cases where Paddle's answer is garbage, a crash, or
a kernel Paddle lacks, and purepaddle gives the IEEE/torch answer or a clear error instead. A disagreeing case
that matches an entry is reported as 'excluded' with the entry's reason, never as a disagreement.

Each entry: (API globs separated by spaces, case label glob 'dtype/kind/sample', substring of the disagreement
summary or '', reason)."""
import fnmatch

EXCLUDED = [
    ("paddle.argmax paddle.argmin Tensor.argmax", "*/empty/*", "",
     "Paddle returns uninitialised memory for argmax/argmin of an empty tensor"),
    ("paddle.acosh", "float32/*", "grad", "Paddle's vectorised float32 acosh gradient gives NaN at +-inf for "
                                          "long arrays (0 for one element); purepaddle gives the IEEE 0"),
    ("paddle.asinh", "float32/*", "grad", "as acosh: Paddle's float32 kernel gives NaN at +-inf"),
    ("paddle.mean Tensor.mean", "int*/*", "", "Paddle sums integers in float32 and truncates; purepaddle gives "
                                             "the exact mean"),
    ("paddle.mean Tensor.mean", "uint8/*", "", "Paddle sums integers in float32 and truncates; purepaddle gives "
                                               "the exact mean"),
    ("paddle.var paddle.std Tensor.var Tensor.std", "int*/special/*", "differ",
     "integer var/std subtract the integer mean (the mean entry above): a float32 sum of values near the integer "
     "extremes, which rounds differently in Paddle's summation order, so the spread differs with it"),
    ("paddle.divide paddle.div paddle.true_divide paddle.divide_ paddle.div_ Tensor.divide Tensor.div "
     "Tensor.divide_ op.truediv", "bool/*", "",
     "bool / bool: Paddle divides as integers and raises on zero; purepaddle divides as floats"),
    ("paddle.erfinv", "*", "nan", "erfinv outside [-1, 1] is NaN, as the math says"),
    ("paddle.matmul", "*", "paddle raises", "mixed dtype pairs Paddle's kernel cannot read "
                                            "(\"The type of data we are trying to retrieve\"): purepaddle promotes"),
    ("paddle.nn.functional.label_smooth", "*/0d/*", "", "Paddle reads the class count past the end of a 0-D "
                                                        "shape"),
    ("setitem", "*", "grad[1]", "x[int_tensor] = v with a repeated index: Paddle's gradient of v is uninitialised "
                                "memory (different on every run)"),
    ("paddle.masked_fill Tensor.masked_fill", "*", "grad[1]", "Paddle's gradient of a Tensor value is wrong (0 "
                                                             "for a 0-D value); purepaddle sums the masked grads"),
    ("paddle.nn.functional.group_norm paddle.group_norm", "*/*/s0", "grad[0]",
     "group_norm without weight: Paddle's kernel drops the mean-of-gradient term (it sums it only when a scale "
     "exists); purepaddle gives the true gradient"),
    ("paddle.linalg.eigvalsh paddle.eigvalsh", "*/*/s1", "grad[0]",
     "eigvalsh of a batch: Paddle's gradient is wrong past the first row of each matrix (not symmetric even "
     "for a symmetric batch); purepaddle gives V diag(g) V^T"),
    ("paddle.linalg.lu_solve", "*", "grad[1]", "lu_solve with trans='T': Paddle's gradient of LU is wrong "
                                              "(central differences agree with purepaddle's)"),
    ("paddle.diagonal_scatter", "*", "grad[1]", "Paddle's fill_diagonal_tensor has no gradient for y (None); "
                                                "purepaddle gives y its gradient"),
    ("paddle.unfold", "*", "grad", "unfold backward over overlapping windows: Paddle does not sum them"),
    ("paddle.gcd paddle.lcm paddle.gcd_ paddle.lcm_", "complex*/*", "",
     "Paddle's gcd/lcm of complex tensors returns float32 noise; purepaddle raises the kernel error (torch "
     "refuses complex gcd too)"),
    ("paddle.amax paddle.amin Tensor.amax Tensor.amin", "*/empty/*", "",
     "Paddle returns uninitialised memory for amax/amin over an empty axis; purepaddle raises, as max/min do"),
    ("paddle.as_strided", "*", "offset", "an offset that is not a multiple of the element size makes Paddle read "
                                         "misaligned memory; purepaddle raises"),
    ("paddle.nn.functional.normalize", "*/0d/*", "", "Paddle divides a 0-D x by epsilon (axis 1) or segfaults "
                                                      "(axis -1); purepaddle raises"),
    ("paddle.unique_consecutive", "*/empty/*", "", "Paddle's result for an empty input along axis 0 is "
                                                   "inconsistent ([3, 0] out with [0] index)"),
    ("paddle.unique_consecutive", "*/special/*", "shape", "with NaN in the input Paddle returns one element more "
                                                          "than the input holds (read past its end)"),
    ("Tensor.numpy Tensor.__array__ Tensor.tolist paddle.tolist", "bfloat16/*", "",
     "Paddle hands bfloat16 back as its raw bits (uint16 arrays, Python ints); purepaddle gives the values "
     "(ml_dtypes.bfloat16 arrays, Python floats)"),
    ("Tensor.__bool__", "bfloat16/*", "", "Paddle's bool of a bfloat16 tensor compares its raw uint16 bits with 0 "
                                          "(so -1.0 is True); purepaddle compares the value"),
    ("paddle.linalg.householder_product paddle.linalg.ormqr", "*", "backward: paddle raises RuntimeError: "
     "(PermissionDenied)", "Paddle's householder_product backward fails on its own in-place update of a tensor it "
                          "saved (PermissionDenied); purepaddle gives the gradient"),
    ("paddle.linalg.lu_solve", "complex*/*", "grad[0]", "Paddle's complex lu_solve gradient of b is A^-T g, not "
                                                         "conjugated as its own convention (and solve's) A^-H g; "
                                                         "purepaddle gives A^-H g"),
    ("paddle.prod Tensor.prod paddle.linalg.slogdet paddle.linalg.matrix_power", "complex*/*", "grad[0]",
     "Paddle's complex gradients of prod, slogdet and matrix_power are g * f'(z), not conjugated as its own "
     "convention (every other holomorphic op, det and matmul included: g * conj(f'(z))); purepaddle keeps the "
     "convention (central differences agree with it)"),
    ("paddle.linalg.svd paddle.linalg.svd_lowrank", "complex*/*", "grad[0]",
     "Paddle's complex svd gradient adds U's phase term as one number times I (the sum over the singular values) "
     "where it belongs on each diagonal entry, so even the gradient of U S VH = A is wrong; purepaddle gives the "
     "correct term (central differences agree)"),
    ("paddle.linalg.pinv", "complex*/*", "", "Paddle's complex pinv is V S^+ U^T (no conjugation), which is not the "
                                             "pseudo-inverse; purepaddle gives V S^+ U^H (as NumPy and torch)"),
    ("paddle.nn.functional.npair_loss", "float64/*", "paddle raises", "Paddle's npair_loss builds a float32 "
                                                                      "constant and fails on float64 inputs; "
                                                                      "purepaddle computes in float64"),
    ("paddle.linalg.qr", "*/*/s2", "backward: paddle raises ValueError: (InvalidArgument) The derivative of qr is "
     "not implemented when mode='r'", "Paddle has no gradient for qr(mode='r'); purepaddle gives R's gradient "
                                     "(as torch does)"),
    ("paddle.linalg.matrix_exp", "*", "backward: paddle raises RuntimeError: (PermissionDenied)",
     "Paddle's matrix_exp backward fails on its own in-place update of a saved tensor (PermissionDenied); "
     "purepaddle gives the gradient (the adjoint Frechet derivative)"),
    ("paddle.exp Tensor.exp Tensor.exp_ paddle.exp_ paddle.sigmoid Tensor.sigmoid Tensor.sigmoid_ "
     "paddle.nn.functional.sigmoid", "complex128/*", "out:",
     "Paddle's complex128 exp (and sigmoid through it) is accurate only to about 1e-7, and its cos/sin of a huge "
     "imaginary part lose all digits (no formula in double or float reproduces it); purepaddle gives the "
     "double-precision result"),
    ("paddle.sqrt Tensor.sqrt paddle.sqrt_ Tensor.sqrt_ paddle.hypot paddle.hypot_", "float32/special/*",
     "inf vs paddle nan", "Paddle's vectorised float32 sqrt gives NaN for +inf in arrays of 8 or more elements "
                          "(inf for shorter ones); purepaddle gives the IEEE inf"),
    ("paddle.pow Tensor.pow", "*/special/*", "out: inf differs", "Paddle's vectorised pow with a scalar exponent "
     "drops the sign of -0 and -inf in packet-aligned elements ((-inf) ** 3 is inf there, -inf in the tail); "
     "purepaddle gives C's pow everywhere"),
    ("paddle.rsqrt Tensor.rsqrt paddle.rsqrt_ Tensor.rsqrt_", "float32/special/*", "out: inf differs",
     "Paddle's vectorised float32 rsqrt reads a subnormal as 0 (inf) in 8-element packets and computes it in the "
     "tail (1/sqrt(1e-40) = 1e20); purepaddle gives the IEEE answer everywhere"),
    ("paddle.sqrt Tensor.sqrt", "float32/special/*", "grad[0]: inf differs",
     "Paddle's vectorised float32 sqrt returns +0 for -0 in 8-element packets, so its gradient there is -inf for "
     "a positive upstream gradient; purepaddle keeps sqrt(-0) = -0 as IEEE"),
    ("paddle.nn.functional.lp_pool1d paddle.nn.functional.lp_pool2d", "float64/*", "out:",
     "Paddle's float64 lp_pool computes its power sums in float32 (values off by ~1e-7, 1e38 ** 2 overflowing); "
     "purepaddle computes float64 in float64"),
    ("paddle.logit paddle.logit_ Tensor.logit", "*/special/*", "values differ",
     "Paddle's vectorised log reads a subnormal x as the smallest normal number (logit(1e-310) is -708.4, not "
     "-713.8); purepaddle gives the IEEE logarithm"),
    ("paddle.nn.functional.binary_cross_entropy_with_logits paddle.nn.functional.sigmoid_focal_loss", "*/special/*",
     "grad[0]", "at x = 0 Paddle's gradient is -label - 1/2 (its piecewise rule takes x > 0 as false but |x|'s slope "
                "as +1); the derivative, from either side, is 1/2 - label, which purepaddle gives"),
    ("paddle.unique Tensor.unique", "*/special/*", "", "with NaN in the input Paddle's unique returns uninitialised "
                                                     "memory for the NaN entries' inverse indices and zero counts; "
                                                     "purepaddle gives each NaN its own entry, as NumPy"),
    ("paddle.mode Tensor.mode", "*/0d/*", "grad[0]", "Paddle's mode of a 0-D tensor passes a gradient of 1 whatever "
                                                     "the upstream gradient; purepaddle passes the upstream gradient"),
]


def excluded(case, why):
    """The reason when a disagreeing case matches a deliberate difference, else None."""
    for api, label, needle, reason in EXCLUDED:
        if (any(fnmatch.fnmatchcase(case["api"], a) for a in api.split())
                and fnmatch.fnmatchcase(case["label"], label)
                and needle in (why or "")):
            return reason
    return None
