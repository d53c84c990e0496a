"""OpSpec table: paddle.einsum (implicit/explicit output, ellipsis, traces, diagonals, broadcasting, chains)."""
import numpy as np

import purepaddle as paddle
from tests.opspec import OpSpec, parametrize, rand


def spec(eq, *inputs, double=False, name=None, ref_eq=None):
    return OpSpec(name or f"einsum[{eq}]", lambda *xs: paddle.einsum(eq, *xs),
                  lambda *xs: np.einsum(ref_eq or eq, *xs), list(inputs), double=double)


SPECS = [
    spec("ij,jk->ik", rand(3, 4), rand(4, 5), double=True),
    spec("ij,jk", rand(3, 4), rand(4, 2), name="einsum[implicit matmul]"),
    spec("i->", rand(4)),
    spec("i,i->", rand(4), rand(4), double=True),
    spec("i,j->ij", rand(3), rand(4)),
    spec("i,j", rand(3), rand(2), name="einsum[implicit outer]"),
    spec("ii", rand(3, 3), name="einsum[trace]", double=True),
    spec("ii->i", rand(3, 3), double=True),
    spec("ij->ji", rand(2, 3)),
    spec("ba", rand(2, 3), name="einsum[implicit transpose]"),
    spec("ijk->kji", rand(2, 3, 2)),
    spec("bij,bjk->bik", rand(2, 3, 4), rand(2, 4, 2), double=True),
    spec("...jk,...kl->...jl", rand(2, 3, 4), rand(4, 2), name="einsum[ellipsis broadcast]"),
    spec("...ij,...jk", rand(2, 1, 3, 2), rand(3, 2, 4), name="einsum[implicit ellipsis]"),
    spec("i...->...", rand(2, 3, 4)),
    spec("...,...", rand(2, 3), rand(3), name="einsum[ellipsis product]"),
    spec("bi,bi->b", rand(2, 3), rand(1, 3), ref_eq=None, name="einsum[label broadcast]"),
    spec("i,i->i", rand(4), rand(4)),
    spec("ij->", rand(3, 4)),
    spec("ij->i", rand(3, 4), double=True),
    spec("ij,j->i", rand(3, 1), rand(4), name="einsum[size-1 label]"),
    spec("iji->j", rand(3, 2, 3)),
    spec("iij->j", rand(3, 3, 2)),
    spec("ij,kl->", rand(2, 3), rand(3, 2)),
    spec("ij,jk,kl->il", rand(2, 3), rand(3, 4), rand(4, 2), double=True),
    spec("i,ij,jk,k->", rand(3), rand(3, 4), rand(4, 2), rand(2)),
    spec("ab,bc,ca->", rand(2, 3), rand(3, 4), rand(4, 2)),
    spec("I,J->IJ", rand(2), rand(3), ref_eq="i,j->ij"),
    spec(" i j , j k -> i k ", rand(2, 3), rand(3, 2), ref_eq="ij,jk->ik", name="einsum[spaces]"),
]


def _label_broadcast_ref(x, y):
    return (x * y).sum(-1)


SPECS[16].ref = _label_broadcast_ref
SPECS[20].ref = lambda x, y: x[:, 0] * y.sum()

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)
