"""paddle.summary: the table text and totals, compared with output captured from Paddle 3.3.1."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.hapi.model_summary import summary
from purepaddle.nn.param_attr import ParamAttr


class MyLin(paddle.nn.Layer):
    def __init__(self, i, o, wa=None):
        super().__init__()
        self.weight = self.create_parameter([i, o], attr=wa)
        self.bias = self.create_parameter([o], is_bias=True)

    def forward(self, x):
        return paddle.matmul(x, self.weight) + self.bias


class ReLU(paddle.nn.Layer):
    def forward(self, x):
        return paddle.maximum(x, paddle.zeros_like(x))


class Two(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.a = MyLin(4, 300)
        self.b = MyLin(6, 3, wa=ParamAttr(trainable=False))
        self.act = ReLU()

    def forward(self, x, y):
        return self.act(self.a(x)), [self.b(y), self.b(y) * 2]


SEQ = """\
---------------------------------------------------------------------------
 Layer (type)       Input Shape          Output Shape         Param #    
===========================================================================
    MyLin-1           [[3, 4]]              [3, 8]              40       
    ReLU-1            [[3, 8]]              [3, 8]               0       
    MyLin-2           [[3, 8]]              [3, 2]              18       
===========================================================================
Total params: 58
Trainable params: 58
Non-trainable params: 0
---------------------------------------------------------------------------
Input size (MB): 0.00
Forward/backward pass size (MB): 0.00
Params size (MB): 0.00
Estimated Total Size (MB): 0.00
---------------------------------------------------------------------------

"""

TWO = """\
---------------------------------------------------------------------------
 Layer (type)       Input Shape          Output Shape         Param #    
===========================================================================
    MyLin-3           [[2, 4]]             [2, 300]            1,500     
    ReLU-2           [[2, 300]]            [2, 300]              0       
    MyLin-4           [[5, 6]]              [5, 3]              21       
===========================================================================
Total params: 1,521
Trainable params: 1,503
Non-trainable params: 18
---------------------------------------------------------------------------
Input size (MB): 0.00
Forward/backward pass size (MB): 0.01
Params size (MB): 0.01
Estimated Total Size (MB): 0.02
---------------------------------------------------------------------------

"""


def test_summary_text_matches_paddle(capsys):
    with paddle.utils.unique_name.guard():
        net = paddle.nn.Sequential(MyLin(4, 8), ReLU(), MyLin(8, 2))
        info = summary(net, (3, 4))
        assert capsys.readouterr().out == SEQ
        assert info == {"total_params": 58, "trainable_params": 58}
        assert summary(net, (None, 4)) == info and "[[1, 4]]" in capsys.readouterr().out
        summary(net, input=paddle.ones([3, 4]))
        assert capsys.readouterr().out == SEQ
        two = Two()
        info = summary(two, [(2, 4), (5, 6)])
        assert capsys.readouterr().out == TWO
        assert info == {"total_params": 1521, "trainable_params": 1503} and two.training
        assert type(info["total_params"]) is np.int64  # as real Paddle 3.3.1 (its docstring's plain 61610 predates NumPy 2)


def test_summary_sizes_and_errors(capsys):
    with paddle.utils.unique_name.guard():
        assert summary(MyLin(2, 2), 2)["total_params"] == 6
        assert "[[2]]" in capsys.readouterr().out
        assert summary(MyLin(3, 2), paddle.static.InputSpec([None, 3], "float32"))["total_params"] == 8
        net = MyLin(1, 1)
        with pytest.raises(ValueError, match="input_size and input cannot be None at the same time"):
            summary(net)
        with pytest.raises(ValueError, match="only the dim of batch_size can be None or -1"):
            summary(net, (None, None, 4))
        with pytest.raises(ValueError, match="greater than zero, but got 0"):
            summary(net, (0, 4))
        assert not net._forward_post_hooks  # hooks removed afterwards
