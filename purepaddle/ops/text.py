"""Text ops of paddle.text: viterbi_decode (the best tag path of a linear-chain CRF)."""
import numpy as np

from .._core import dtype as _dt
from .._core.op import Op, TensorMeta, register
from ._errors import InvalidArgument, OutOfRange

__all__ = ["ViterbiDecode"]


def _best(a, axis):
    """(max, argmax) over `axis` as Paddle's kernel finds them: starting from the lowest finite value and index -1,
    a value replaces the best only when greater, so a NaN never wins and a row of NaN / -inf gives (lowest, -1)."""
    lowest = np.finfo(a.dtype).min
    filled = np.where(np.isnan(a), -np.inf, a)
    idx = np.expand_dims(filled.argmax(axis=axis), axis)
    val = np.take_along_axis(filled, idx, axis=axis)
    none = ~(val > lowest)
    return np.where(none, lowest, val).squeeze(axis), np.where(none, -1, idx).squeeze(axis).astype(np.int64)


@register("viterbi_decode")
class ViterbiDecode(Op):
    """Scores [B] and Path [B, max(Length)] of the best tag sequence of Input [B, T, N] under Transition [N, N].

    attr include_bos_eos_tag: Transition's last row holds the start scores and its second-to-last row the stop
    scores, added at each sequence's first and last step. The steps run over the whole batch, as Paddle's kernel
    does: a sequence past its end keeps its scores, and its path positions past the end are 0.
    """

    inputs, outputs = ("Input", "Transition", "Length"), ("Scores", "Path")
    differentiable = False

    def forward(self, xp, x, trans, length):
        batch, seq_len, n = x.shape
        max_len = int(length.max()) if length.size else 0
        if max_len > seq_len:
            raise OutOfRange(f"(OutOfRange) The end row index is out of bound. The longest Length is {max_len} but "
                             f"Input holds {seq_len} steps.")
        if max_len <= 0:  # Paddle's kernel reads out of bounds (a crash): say what is wrong instead
            raise InvalidArgument("(InvalidArgument) viterbi_decode needs at least one sequence of length >= 1, but "
                             f"every Length is <= 0: {length.tolist()}")
        x = x[:, :max_len]
        left = length.astype(np.int64)

        # Paddle mixes with 0/1 masks (m * a + (1 - m) * b), so an inf or NaN of a masked-out term turns the result
        # NaN (0 * inf), which the NaN-blind maximum then skips: kept as is, being Paddle's deterministic answer
        def mask(cond):
            return cond[:, None].astype(x.dtype)

        def add_stop(alpha, left):  # the stop scores join at each sequence's last step
            return alpha + mask(left == 1) * stop

        stop = trans[n - 2] if self.attrs["include_bos_eos_tag"] else None
        alpha = x[:, 0] + trans[n - 1] if stop is not None else x[:, 0].copy()
        if stop is not None:
            alpha = add_stop(alpha, left)
        left = left - 1
        history = []
        for t in range(1, max_len):
            best_from, came_from = _best(alpha[:, :, None] + trans[None], 1)  # over [B, from, to]
            history.append(came_from)
            m = mask(left > 0)  # ended sequences keep their scores
            alpha = m * (best_from + x[:, t]) + (1 - m) * alpha
            if stop is not None:
                alpha = add_stop(alpha, left)
            left = left - 1
        scores, best = _best(alpha, 1)
        # walk back from each sequence's last step; positions past a sequence's end stay 0
        path = np.zeros((batch, max_len), dtype=np.int64)
        path[:, max_len - 1] = best * (left >= 0)
        rows, last = np.arange(batch), best
        for t in range(max_len - 2, -1, -1):
            left = left + 1
            # Paddle gathers from the flattened [B * N] history at b * N + tag: a tag of -1 (no best found) reads
            # the previous row's last entry (before the buffer for row 0, where this wraps to its end)
            back = history[t].reshape(-1)[rows * n + last] * (left > 0)
            last = np.where(left == 0, best, back)
            path[:, t] = last
        return scores, path

    def infer_meta(self, x, trans, length):
        return TensorMeta([x.shape[0]], x.dtype), TensorMeta([x.shape[0], -1], _dt.int64)
