"""paddle.text.viterbi_decode and ViterbiDecoder: the best tag path of a linear-chain CRF."""
from .._core.dispatch import apply
from ..nn import Layer
from ..ops.text import ViterbiDecode
from ..tensor._check import require

__all__ = ["viterbi_decode", "ViterbiDecoder"]


def _kernel_dtype(t, want, what):
    """Paddle's kernel reads each input as the potentials' type (lengths as int64): any other dtype is refused."""
    require(t.dtype.name in want, "(InvalidArgument) The type of data we are trying to retrieve "
            f"({want[0]}) does not match the type of data ({t.dtype.name}) currently contained in the container "
            f"({what} of viterbi_decode).", ValueError)


def viterbi_decode(potentials, transition_params, lengths, include_bos_eos_tag=True, name=None):
    """Decode the highest scoring sequence of tags of each batch entry (Viterbi algorithm).

    Args:
        potentials (Tensor): unary emission scores, [batch_size, sequence_length, num_tags], float32 or float64.
        transition_params (Tensor): transition scores [num_tags, num_tags] (from tag i to tag j at [i, j]), the
            dtype of `potentials`.
        lengths (Tensor): the length of each sequence, int64 [batch_size].
        include_bos_eos_tag (bool, optional): when True, the last row of `transition_params` holds the scores of
            starting at each tag and the second-to-last row the scores of stopping after each tag. Default True.
        name (str|None, optional): unused; for Paddle's signature.

    Returns:
        tuple(Tensor, Tensor): scores [batch_size] (the dtype of `potentials`) and paths
        [batch_size, max(lengths)] (int64; positions past a sequence's length hold 0).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> emission = paddle.to_tensor([[[1., 0.], [0., 2.], [3., 0.]]])
            >>> transition = paddle.to_tensor([[0.5, 0.], [0., 0.5]])
            >>> length = paddle.to_tensor([3], dtype='int64')
            >>> scores, path = paddle.text.viterbi_decode(emission, transition, length, False)
            >>> scores.tolist(), path.tolist()
            ([6.0], [[0, 1, 0]])
    """
    require(isinstance(include_bos_eos_tag, bool), "(InvalidType) viterbi_decode(): argument (position 4) must be "
            f"bool, but got {type(include_bos_eos_tag).__name__}", TypeError)
    _kernel_dtype(potentials, ("float32", "float64"), "potentials")
    _kernel_dtype(transition_params, (potentials.dtype.name,), "transition_params")
    _kernel_dtype(lengths, ("int64",), "lengths")
    return apply(ViterbiDecode, potentials, transition_params, lengths, include_bos_eos_tag=include_bos_eos_tag)


class ViterbiDecoder(Layer):
    """A Layer holding a transition matrix that decodes the best tag sequences of its inputs (see viterbi_decode).

    Args:
        transitions (Tensor): the transition scores [num_tags, num_tags].
        include_bos_eos_tag (bool, optional): whether the last two rows of `transitions` hold the start and stop
            scores. Default True.
        name (str|None, optional): unused; for Paddle's signature.

    Shape:
        potentials (Tensor): [batch_size, sequence_length, num_tags], float32 or float64.
        lengths (Tensor): int64 [batch_size].

    Returns:
        tuple(Tensor, Tensor): scores [batch_size] and paths [batch_size, max(lengths)] (int64).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> transition = paddle.to_tensor([[0.5, 0.], [0., 0.5]])
            >>> decoder = paddle.text.ViterbiDecoder(transition, include_bos_eos_tag=False)
            >>> emission = paddle.to_tensor([[[1., 0.], [0., 2.], [3., 0.]], [[0., 1.], [0., 1.], [9., 9.]]])
            >>> scores, path = decoder(emission, paddle.to_tensor([3, 2], dtype='int64'))
            >>> scores.tolist(), path.tolist()
            ([6.0, 2.5], [[0, 1, 0], [1, 1, 0]])
    """

    def __init__(self, transitions, include_bos_eos_tag=True, name=None):
        super().__init__()
        self.transitions = transitions
        self.include_bos_eos_tag = include_bos_eos_tag
        self.name = name

    def forward(self, potentials, lengths):
        return viterbi_decode(potentials, self.transitions, lengths, self.include_bos_eos_tag, self.name)
