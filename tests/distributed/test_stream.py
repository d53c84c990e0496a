"""paddle.distributed.communication.stream in a world of one (2 ranks: test_hybrid_job.py): the stream
arguments and the Tensor forms, over the same collectives as paddle.distributed's."""
import pytest

import purepaddle as paddle
import purepaddle.distributed as dist
from purepaddle.distributed.communication import stream


def test_stream_forms_in_a_world_of_one(solo):
    dist.init_parallel_env()
    assert dist.stream is stream
    x = paddle.to_tensor([1.0, 2.0])
    assert stream.all_reduce(x, sync_op=False).wait() is True and x.numpy().tolist() == [1.0, 2.0]
    out = paddle.zeros([2])
    stream.all_gather(out, x, use_calc_stream=True)
    assert out.numpy().tolist() == [1.0, 2.0]
    lst = []
    stream.all_gather(lst, x)
    assert [t.numpy().tolist() for t in lst] == [[1.0, 2.0]]
    out = paddle.zeros([2])
    stream.alltoall(out, paddle.to_tensor([3.0, 4.0]))
    assert out.numpy().tolist() == [3.0, 4.0]
    out = paddle.zeros([3])
    stream.alltoall_single(out, paddle.to_tensor([5.0, 6.0, 7.0]), [3], [3])
    assert out.numpy().tolist() == [5.0, 6.0, 7.0]
    out = paddle.zeros([2])
    stream.reduce_scatter(out, paddle.to_tensor([8.0, 9.0]))
    stream.scatter(out, [paddle.to_tensor([1.5, 2.5])], src=0)
    assert out.numpy().tolist() == [1.5, 2.5]
    gathered = []
    stream.gather(out, gathered, dst=0)
    assert [t.numpy().tolist() for t in gathered] == [[1.5, 2.5]]
    stream.reduce(out, dst=0)
    stream.broadcast(out, src=0)
    assert out.numpy().tolist() == [1.5, 2.5]


def test_stream_argument_errors(solo):
    dist.init_parallel_env()
    x = paddle.ones([2])
    for call in (lambda: stream.all_reduce(x, sync_op=False, use_calc_stream=True),
                 lambda: stream.broadcast(x, 0, sync_op=False, use_calc_stream=True),
                 lambda: stream.all_gather([], x, sync_op=False, use_calc_stream=True)):
        with pytest.raises(RuntimeError, match="use_calc_stream can only be true in sync op behavior"):
            call()
    with pytest.raises(RuntimeError, match="use_calc_stream can only be True in sync op behavior"):
        stream.send(x, 0, sync_op=False, use_calc_stream=True)
    with pytest.raises(RuntimeError, match="The output and input should be both tensor or tensor list"):
        stream.alltoall([], x)
    with pytest.raises(RuntimeError, match="The output should be specified"):
        stream.alltoall(None, x)
    with pytest.raises(ValueError, match="the output tensor has shape \\[3\\] but the gathered data has shape"):
        stream.all_gather(paddle.zeros([3]), x)
