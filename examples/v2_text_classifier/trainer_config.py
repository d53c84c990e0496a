"""The v2 text classifier as a legacy trainer config, for the legacy command:

    purepaddle train --config=examples/v2_text_classifier/trainer_config.py --use_gpu=false --trainer_count=2 \
        --num_passes=5 --save_dir=./output --config_args=data_dir=DIR

(`paddle train ...` under purepaddle-install-alias). DIR holds train.txt, test.txt (dataprovider.write_corpus)
and the lists train.list/test.list naming them."""
import os

from paddle.trainer_config_helpers import *  # noqa: F401,F403

import dataprovider

data_dir = get_config_arg("data_dir", str, ".")
words = dataprovider.dictionary()

define_py_data_sources2(train_list=os.path.join(data_dir, "train.list"), test_list=os.path.join(data_dir, "test.list"),
                        module="dataprovider", obj="process", args={"dictionary": words})
settings(batch_size=64, learning_rate=2e-3, learning_method=AdamOptimizer())

word = data_layer(name="word", size=len(words))
hidden = fc_layer(input=word, size=32, act=TanhActivation(), name="hidden",
                  param_attr=ParamAttr(name="word_weights", sparse_update=True, initial_std=0.01))
prob = fc_layer(input=hidden, size=2, act=SoftmaxActivation(), name="prob")
outputs(classification_cost(input=prob, label=data_layer(name="label", size=2)))
