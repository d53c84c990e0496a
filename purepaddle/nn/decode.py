"""paddle.nn.BeamSearchDecoder and paddle.nn.dynamic_decode: step a decoder until every sequence has finished.

dynamic_decode runs eagerly (a Python loop over decoder.step); BeamSearchDecoder keeps beam_size hypotheses per
batch entry, scores them by summed log-softmax, and backtraces the kept ids with gather_tree at the end.
"""
import warnings
from typing import NamedTuple

import numpy as np

from .. import tensor as _T
from .._core import dtype as _dt
from .._core.tensor import Tensor
from . import functional as F

__all__ = ["BeamSearchDecoder", "dynamic_decode"]

_KINF = 1e9  # the "minus infinity" log-probability of masked beams and tokens


def _map(fn, *structs):
    """fn applied leafwise over matching nested lists/tuples/namedtuples/dicts (leaves: anything else)."""
    first = structs[0]
    if isinstance(first, _Steps):
        return fn(*structs)
    if isinstance(first, dict):
        return type(first)((k, _map(fn, *(s[k] for s in structs))) for k in first)
    if isinstance(first, (list, tuple)):
        items = [_map(fn, *parts) for parts in zip(*structs)]
        if isinstance(first, tuple) and hasattr(first, "_fields"):
            return type(first)(*items)
        return type(first)(items)
    return fn(*structs)


class _Steps(list):
    """The per-step values of one output leaf: a list that _map treats as a leaf, not a container."""


def _first_leaf(struct):
    while isinstance(struct, (list, tuple, dict)):
        struct = next(iter(struct.values())) if isinstance(struct, dict) else struct[0]
    return struct


class Decoder:
    """Base class of the decoders dynamic_decode runs: initialize, step, finalize.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> print(paddle.nn.decode.Decoder().tracks_own_finished)
            False
    """

    def initialize(self, inits):
        """(initial_inputs, initial_states, finished) from the user's `inits`."""
        raise NotImplementedError

    def step(self, time, inputs, states, **kwargs):
        """(outputs, next_states, next_inputs, finished) of one time step."""
        raise NotImplementedError

    def finalize(self, outputs, final_states, sequence_lengths):
        """Post-process the stacked outputs; NotImplementedError keeps them as they are."""
        raise NotImplementedError

    @property
    def tracks_own_finished(self):
        """True when step's `finished` already folds in the earlier steps' (and lengths are the decoder's)."""
        return False


class BeamSearchDecoder(Decoder):
    """Beam search around an RNN cell, for use with dynamic_decode.

    At each step the cell's outputs (through output_fn) give log-softmax scores per token; finished beams may only
    emit end_token at no cost; the beam_size best (beam, token) pairs of each batch entry survive, carrying their
    cell states. finalize backtraces the surviving ids into whole sequences.

    Args:
        cell (RNNCellBase): the cell, called as cell(inputs, states) -> (outputs, new_states).
        start_token (int): the id every beam starts from.
        end_token (int): the id that ends a beam.
        beam_size (int): the number of beams kept.
        embedding_fn (Callable, optional): maps token ids to the cell's inputs. Default None (the ids themselves).
        output_fn (Callable, optional): maps the cell's outputs to logits. Default None.

    Returns:
        BeamSearchDecoder: a decoder; dynamic_decode returns predicted ids [batch, time, beam] for it.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.nn import BeamSearchDecoder, dynamic_decode
            >>> from paddle.nn import GRUCell, Linear, Embedding
            >>> trg_embeder = Embedding(100, 32)
            >>> output_layer = Linear(32, 32)
            >>> decoder_cell = GRUCell(input_size=32, hidden_size=32)
            >>> decoder = BeamSearchDecoder(decoder_cell, start_token=0, end_token=1, beam_size=4,
            ...                             embedding_fn=trg_embeder, output_fn=output_layer)
            >>> encoder_output = paddle.ones((4, 8, 32), dtype=paddle.get_default_dtype())
            >>> outputs = dynamic_decode(decoder=decoder,
            ...                          inits=decoder_cell.get_initial_states(encoder_output),
            ...                          max_step_num=10)
            >>> print(outputs[0].shape)
            paddle.Size([4, 11, 4])
    """

    class OutputWrapper(NamedTuple):
        scores: Tensor
        predicted_ids: Tensor
        parent_ids: Tensor

    class StateWrapper(NamedTuple):
        cell_states: Tensor
        log_probs: Tensor
        finished: Tensor
        lengths: Tensor

    def __init__(self, cell, start_token, end_token, beam_size, embedding_fn=None, output_fn=None):
        self.cell = cell
        self.embedding_fn = embedding_fn
        self.output_fn = output_fn
        self.start_token = start_token
        self.end_token = end_token
        self.beam_size = beam_size

    @staticmethod
    def tile_beam_merge_with_batch(x, beam_size):
        """Repeat each batch entry beam_size times: [batch, ...] -> [batch * beam_size, ...], copies adjacent.

        Args:
            x (Tensor): the tensor to tile, batch first.
            beam_size (int): the copies per entry.

        Returns:
            Tensor: shape [batch * beam_size, ...].

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
                >>> print(paddle.nn.BeamSearchDecoder.tile_beam_merge_with_batch(x, 2).numpy().tolist())
                [[1.0, 2.0], [1.0, 2.0], [3.0, 4.0], [3.0, 4.0]]
        """
        x = _T.unsqueeze(x, [1])
        times = [1] * x.ndim
        times[1] = beam_size
        x = _T.tile(x, times)
        return _T.reshape(x, [-1, *x.shape[2:]])

    def _split_batch_beams(self, x):
        return _T.reshape(x, [-1, self.beam_size, *x.shape[1:]])

    def _merge_batch_beams(self, x):
        return _T.reshape(x, [-1, *x.shape[2:]])

    def _expand_to_beam_size(self, x):
        x = _T.unsqueeze(x, [1])
        times = [1] * x.ndim
        times[1] = self.beam_size
        return _T.tile(x, times)

    def _float_dtype(self):
        # Paddle builds its constant masks in float32, in float64 only when that is the default dtype
        return "float64" if _dt.get_default_dtype() == "float64" else "float32"

    def _mask_probs(self, probs, finished):
        """Finished beams: end_token scores 0, every other token -1e9; live beams keep their scores."""
        finished = _T.cast(finished, probs.dtype)
        noend = np.full([self.vocab_size], -_KINF, dtype=self._float_dtype())
        noend[self.end_token] = 0
        noend = _T.to_tensor(noend)
        return _T.multiply(_T.tile(_T.unsqueeze(finished, [2]), [1, 1, self.vocab_size]), noend) - \
            _T.multiply(probs, (finished - 1).unsqueeze([2]))

    def _gather(self, x, indices, batch_size):
        """x[b, indices[b, k]] for every batch entry b and beam k."""
        batch_pos = _T.tile(_T.unsqueeze(_T.arange(0, batch_size, 1, dtype=indices.dtype), [1]),
                            [1, self.beam_size])
        coords = _T.stack([batch_pos, indices], axis=2)
        coords.stop_gradient = True
        return _T.gather_nd(x, coords)

    def initialize(self, initial_cell_states):
        """Start every beam at start_token; only the first beam of each entry is live (the others score -1e9).

        Args:
            initial_cell_states (Tensor|list|tuple): the cell's initial states, batch first (nested as the cell
                wants them).

        Returns:
            tuple: (initial inputs, StateWrapper(cell_states, log_probs, finished, lengths), finished).
        """
        self.kinf = _KINF
        self.batch_size = _first_leaf(initial_cell_states).shape[0]
        cell_states = _map(self._expand_to_beam_size, initial_cell_states)
        inputs = _T.full([self.batch_size, self.beam_size], self.start_token, dtype="int64")
        log_probs = _T.tile(_T.to_tensor(np.array([[0.0] + [-_KINF] * (self.beam_size - 1)],
                                                  dtype=self._float_dtype())), [self.batch_size, 1])
        finished = _T.full([self.batch_size, self.beam_size], False, dtype="bool")
        lengths = _T.zeros_like(inputs)
        if self.embedding_fn:
            inputs = self.embedding_fn(inputs)
        return inputs, self.StateWrapper(cell_states, log_probs, finished, lengths), finished

    def _beam_search_step(self, time, logits, next_cell_states, beam_state):
        self.vocab_size = logits.shape[-1]
        step_log_probs = self._mask_probs(_T.log(F.softmax(logits)), beam_state.finished)
        log_probs = _T.add(step_log_probs, beam_state.log_probs.unsqueeze([2]))
        scores = _T.reshape(log_probs, [-1, self.beam_size * self.vocab_size])
        topk_scores, topk_indices = _T.topk(scores, k=self.beam_size)
        vocab = _T.full([1], self.vocab_size, dtype="int64")
        beam_indices = _T.floor_divide(topk_indices, vocab)
        token_indices = _T.remainder(topk_indices, vocab)
        next_log_probs = self._gather(scores, topk_indices, self.batch_size)
        next_cell_states = _map(lambda x: self._gather(x, beam_indices, self.batch_size), next_cell_states)
        next_finished = self._gather(beam_state.finished, beam_indices, self.batch_size)
        next_lengths = self._gather(beam_state.lengths, beam_indices, self.batch_size)
        next_lengths = next_lengths + _T.cast(_T.logical_not(next_finished), beam_state.lengths.dtype)
        next_finished = _T.logical_or(next_finished, _T.equal(token_indices, _T.full([1], self.end_token, "int64")))
        return (self.OutputWrapper(topk_scores, token_indices, beam_indices),
                self.StateWrapper(next_cell_states, next_log_probs, next_finished, next_lengths))

    def step(self, time, inputs, states, **kwargs):
        """One beam-search step: run the cell on every beam, keep the beam_size best continuations.

        Args:
            time (Tensor): the step index, int64 [1].
            inputs (Tensor): the inputs of every beam, [batch, beam, ...].
            states (StateWrapper): the beam state from initialize or the previous step.
            **kwargs: passed on to the cell.

        Returns:
            tuple: (OutputWrapper(scores, predicted_ids, parent_ids), StateWrapper, next inputs, finished).
        """
        inputs = _map(self._merge_batch_beams, inputs)
        cell_states = _map(self._merge_batch_beams, states.cell_states)
        cell_outputs, next_cell_states = self.cell(inputs, cell_states, **kwargs)
        cell_outputs = _map(self._split_batch_beams, cell_outputs)
        next_cell_states = _map(self._split_batch_beams, next_cell_states)
        if self.output_fn is not None:
            cell_outputs = self.output_fn(cell_outputs)
        output, state = self._beam_search_step(time, cell_outputs, next_cell_states, states)
        sample_ids = output.predicted_ids
        sample_ids.stop_gradient = True
        next_inputs = self.embedding_fn(sample_ids) if self.embedding_fn else sample_ids
        return output, state, next_inputs, state.finished

    def finalize(self, outputs, final_states, sequence_lengths):
        """Backtrace the kept ids through the parent beams (gather_tree), time major.

        Args:
            outputs (OutputWrapper): the stacked step outputs, each [time, batch, beam].
            final_states (StateWrapper): the last beam state.
            sequence_lengths (Tensor): the lengths (unused).

        Returns:
            tuple: (predicted ids [time, batch, beam], final_states).
        """
        predicted = F.gather_tree(outputs.predicted_ids, outputs.parent_ids)
        return _T.cast(predicted, outputs.predicted_ids.dtype), final_states

    @property
    def tracks_own_finished(self):
        return True


def _keep_finished(state, new_state, finished):
    """Where `finished`, the old state; elsewhere the new one (bool states go through float32, as in Paddle)."""
    dtype = state.dtype
    if dtype == _dt.bool_:
        state, new_state = _T.cast(state, "float32"), _T.cast(new_state, "float32")
    mask = _T.cast(finished, state.dtype).unsqueeze([1])
    mask.stop_gradient = True
    out = _T.multiply(state, mask) - _T.multiply(new_state, mask - 1)
    return _T.cast(out, dtype) if dtype == _dt.bool_ else out


def dynamic_decode(decoder, inits=None, max_step_num=None, output_time_major=False, impute_finished=False,
                   is_test=False, return_length=False, **kwargs):
    """Run decoder.step repeatedly until every sequence has finished (or max_step_num steps are exceeded).

    Args:
        decoder (Decoder): the decoder, e.g. a BeamSearchDecoder.
        inits (object, optional): passed to decoder.initialize. Default None.
        max_step_num (int, optional): stop after max_step_num + 1 steps at most. Default None (until finished).
        output_time_major (bool, optional): outputs [time, batch, ...] when True, else [batch, time, ...].
            Default False.
        impute_finished (bool, optional): for decoders that don't track their own finished flags, keep a
            finished sequence's states unchanged. Default False.
        is_test (bool, optional): unused in dynamic mode. Default False.
        return_length (bool, optional): also return the sequence lengths. Default False.
        **kwargs: passed on to decoder.step.

    Returns:
        tuple: (final_outputs, final_states) or (final_outputs, final_states, sequence_lengths).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.nn import BeamSearchDecoder, dynamic_decode, GRUCell, Linear, Embedding
            >>> cell = GRUCell(input_size=16, hidden_size=16)
            >>> decoder = BeamSearchDecoder(cell, start_token=0, end_token=1, beam_size=2,
            ...                             embedding_fn=Embedding(10, 16), output_fn=Linear(16, 10))
            >>> ids, states, lengths = dynamic_decode(decoder, inits=cell.get_initial_states(paddle.ones([3, 16])),
            ...                                       max_step_num=4, return_length=True)
            >>> print(ids.shape, lengths.shape)
            paddle.Size([3, 5, 2]) paddle.Size([3, 2])
    """
    inputs, states, finished = decoder.initialize(inits)
    sequence_lengths = _T.cast(_T.zeros_like(finished), "int64")
    outputs = None
    step = 0
    time = _T.full([1], 0, dtype="int64")
    while not bool(_T.all(finished)):
        step_outputs, next_states, next_inputs, next_finished = decoder.step(time, inputs, states, **kwargs)
        if not decoder.tracks_own_finished:
            # Paddle folds the step's flags into `finished` first, so a sequence ending at this step neither
            # counts the step in its length nor takes the step's states
            finished = _T.logical_or(next_finished, finished)
            next_finished = finished
            next_lengths = _T.add(sequence_lengths, _T.cast(_T.logical_not(finished), sequence_lengths.dtype))
            if impute_finished:
                next_states = _map(lambda old, new: _keep_finished(old, new, finished), states, next_states)
        else:
            if not hasattr(next_states, "lengths"):
                warnings.warn("`next_states` has no `lengths` attribute, the returned `sequence_lengths` would be "
                              "all zeros.")
            next_lengths = getattr(next_states, "lengths", sequence_lengths)
        if outputs is None:
            outputs = _map(lambda x: _Steps([x]), step_outputs)
        else:
            _map(lambda steps, x: steps.append(x), outputs, step_outputs)
        inputs, states, finished, sequence_lengths = next_inputs, next_states, next_finished, next_lengths
        time = time + 1
        step += 1
        if max_step_num is not None and step > max_step_num:
            break
    final_outputs = _map(lambda steps: _T.stack(steps, axis=0), outputs)
    final_states = states
    try:
        final_outputs, final_states = decoder.finalize(final_outputs, final_states, sequence_lengths)
    except NotImplementedError:
        pass
    if not output_time_major:
        final_outputs = _map(lambda x: _T.transpose(x, [1, 0, *range(2, x.ndim)]), final_outputs)
    return (final_outputs, final_states, sequence_lengths) if return_length else (final_outputs, final_states)

