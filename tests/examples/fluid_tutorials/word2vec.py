"""Word2vec (an N-gram language model), the fluid way: paddle.dataset.imikolov's dictionary and 5-gram reader,
batched with paddle.batch and fed through paddle.base.DataFeeder; four words share one embedding table
('shared_w'), their embeddings are concatenated into a sigmoid hidden layer and a softmax over the dictionary,
trained with SGD by an Executor. Runs unchanged on real Paddle (legacy IR: FLAGS_enable_pir_api=0) and on
purepaddle; the data comes from ~/.cache/paddle/dataset/imikolov (tests use a tiny fake set there)."""
import paddle
import paddle.nn.functional as F

paddle.enable_static()
paddle.seed(12)

EMBED_SIZE, HIDDEN_SIZE, N = 16, 32, 5
word_dict = paddle.dataset.imikolov.build_dict(min_word_freq=10)
dict_size = len(word_dict)
print(f"dictionary size {dict_size}")

main_program, startup_program = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main_program, startup_program):
    words = [paddle.static.data(name=name, shape=[None, 1], dtype="int64")
             for name in ("firstw", "secondw", "thirdw", "fourthw", "nextw")]
    embeds = [paddle.static.nn.embedding(input=w, size=[dict_size, EMBED_SIZE], dtype="float32",
                                         param_attr="shared_w") for w in words[:4]]
    concat = paddle.reshape(paddle.concat(embeds, axis=-1), [-1, 4 * EMBED_SIZE])
    hidden = paddle.static.nn.fc(concat, size=HIDDEN_SIZE, activation="sigmoid")
    predict = paddle.static.nn.fc(hidden, size=dict_size, activation="softmax")
    avg_cost = paddle.mean(F.cross_entropy(predict, words[4], use_softmax=False))
    paddle.optimizer.SGD(learning_rate=0.5).minimize(avg_cost)

train_reader = paddle.batch(paddle.dataset.imikolov.train(word_dict, N), batch_size=32)
place = paddle.CPUPlace()
exe = paddle.static.Executor(place)
feeder = paddle.base.DataFeeder(feed_list=words, place=place)
exe.run(startup_program)
for pass_id in range(2):
    for step, data in enumerate(train_reader()):
        (cost,) = exe.run(main_program, feed=feeder.feed(data), fetch_list=[avg_cost])
        if step % 5 == 0:
            print(f"pass {pass_id} step {step} cost {float(cost):.6f}")
