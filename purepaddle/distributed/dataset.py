"""paddle.distributed.InMemoryDataset / QueueDataset: file-list datasets in the MultiSlot text format, read
through a pipe_command, fed to static programs by Executor.train_from_dataset / infer_from_dataset.

Each file is streamed as `cat FILE | PIPE_COMMAND` in a shell; every output line is one instance, one slot per
variable of use_var in order, each slot written `count v1 ... v_count` (what fleet.MultiSlotDataGenerator
writes). Integer variables read their values as int64, the others as float32. A batch feeds each variable the
batch's values: stacked to [batch, count] for a dense variable (lod_level 0: every instance has its declared
width), concatenated to [total, 1] for a lod_level 1 variable (Paddle's LoD tensor, without the LoD: sequence
ops that need the offsets are not available).

QueueDataset streams the files once per pass. InMemoryDataset loads them (load_into_memory), can shuffle the
instances locally (local_shuffle) or across the workers of an MPI job (global_shuffle: every instance goes to
a worker chosen by one shared random permutation), and feeds from memory as often as wanted. The `thread_num`
setting is kept but batches are read by one thread.
"""
from __future__ import annotations

import random
import subprocess
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Iterator

__all__ = ["DatasetBase", "InMemoryDataset", "QueueDataset"]

_INT_DTYPES = ("int64", "int32", "int16", "int8", "uint8")


def _dtype_name(var):
    d = var.dtype
    return getattr(d, "name", str(d)).replace("paddle.", "")


class DatasetBase:
    """What both datasets share: the settings (init) and the file list, and reading instances through the pipe."""

    def __init__(self) -> None:
        self.batch_size = 1
        self.thread_num = 1
        self.use_vars = []
        self.pipe_command = "cat"
        self.input_type = 0
        self.fs_name, self.fs_ugi = "", ""
        self.download_cmd = "cat"
        self.filelist = []
        self.data_feed_type = "MultiSlotDataFeed"

    def init(self, batch_size: int = 1, thread_num: int = 1, use_var: list = [], pipe_command: str = "cat",
             input_type: int = 0, fs_name: str = "", fs_ugi: str = "", download_cmd: str = "cat") -> None:
        """Set the dataset up.

        Args:
            batch_size (int, optional): Instances per batch. Default: 1.
            thread_num (int, optional): Reader threads (kept; purepaddle reads with one). Default: 1.
            use_var (list, optional): The static variables each instance feeds, in slot order. Default: [].
            pipe_command (str, optional): The shell command each file is piped through. Default: "cat".
            input_type (int, optional): 0 one instance per line (Paddle's 1 reads per-batch input). Default: 0.
            fs_name (str, optional): HDFS name for files on HDFS. Default: "".
            fs_ugi (str, optional): HDFS user for files on HDFS. Default: "".
            download_cmd (str, optional): The command that reads a file (cat, or a hadoop fs -cat). Default: "cat".
        """
        self._set_batch_size(batch_size)
        self._set_thread(thread_num)
        self._set_use_var(use_var)
        self._set_pipe_command(pipe_command)
        self._set_input_type(input_type)
        self._set_hdfs_config(fs_name, fs_ugi)
        self._set_download_cmd(download_cmd)

    def _set_pipe_command(self, pipe_command):
        self.pipe_command = pipe_command

    def _set_batch_size(self, batch_size):
        self.batch_size = int(batch_size)

    def _set_thread(self, thread_num):
        self.thread_num = int(thread_num)

    def _set_use_var(self, var_list):
        self.use_vars = list(var_list)

    def _set_input_type(self, input_type):
        self.input_type = int(input_type)

    def _set_hdfs_config(self, fs_name, fs_ugi):
        self.fs_name, self.fs_ugi = fs_name, fs_ugi

    def _set_download_cmd(self, download_cmd):
        self.download_cmd = download_cmd

    def _set_uid_slot(self, uid_slot):
        self.uid_slot = uid_slot

    def _set_use_ps_gpu(self, use_ps_gpu):
        if use_ps_gpu:
            raise NotImplementedError("use_ps_gpu: the GPU parameter server (PSGPU) needs CUDA")

    def set_filelist(self, filelist: list[str]) -> None:
        """Set the files to read (local paths, or HDFS paths read with download_cmd).

        Args:
            filelist (list[str]): The files.
        """
        self.filelist = list(filelist)

    def _desc(self) -> str:
        """The data feed settings in Paddle's text proto form."""
        lines = [f'name: "{self.data_feed_type}"', f"batch_size: {self.batch_size}", "multi_slot_desc {"]
        for v in self.use_vars:
            kind = "uint64" if _dtype_name(v) in _INT_DTYPES else "float"
            dense = "true" if getattr(v, "lod_level", 0) == 0 else "false"
            lines += ["  slots {", f'    name: "{v.name}"', f'    type: "{kind}"', f"    is_dense: {dense}",
                      "    is_used: true", "  }"]
        lines += ["}", f'pipe_command: "{self.pipe_command}"', f"thread_num: {self.thread_num}"]
        return "\n".join(lines) + "\n"

    def _check_use_var_with_data_generator(self, var_list, data_generator_class, test_file):
        """Check on the lines of test_file that the generator's slots agree with var_list in number and type."""
        with open(test_file) as f:
            for line in f:
                for parsed in data_generator_class.generate_sample(line)():
                    if len(parsed) != len(var_list):
                        raise ValueError(f"var length mismatch error: var_list = {len(var_list)} vs data_generator "
                                         f"= {len(parsed)}")
                    for var, (name, values) in zip(var_list, parsed):
                        if not values:
                            raise ValueError(f"var length error: var {name}'s length in data_generator is 0")
                        is_int = _dtype_name(var) in ("int64", "int32")
                        if _dtype_name(var) == "float32" and not all(isinstance(x, float) for x in values):
                            raise TypeError(f"var dtype mismatch error: var name = {name}, var type in var_list = "
                                            f"float, while var in data_generator contains non-float value, which is "
                                            f"{values} \nPlease check if order of var_list and data_generator are "
                                            "aligned. \nPlease check if var's type in data_generator is correct.")
                        if is_int and not all(isinstance(x, int) for x in values):
                            raise TypeError(f"var dtype mismatch error: var name = {name}, var type in var_list = "
                                            f"int, while var in data_generator contains non-int value, which is "
                                            f"{values} \nPlease check if order of var_list and data_generator are "
                                            "aligned. \nPlease check if var's type in data_generator is correct.")

    # -- reading ---------------------------------------------------------------------------------------
    def _file_lines(self, path) -> Iterator[str]:
        reader = self.download_cmd if self.download_cmd else "cat"
        cmd = f"{reader} {path} | {self.pipe_command}"
        proc = subprocess.Popen(cmd, shell=True, stdout=subprocess.PIPE, text=True)
        try:
            yield from proc.stdout
        finally:
            proc.stdout.close()
            if proc.wait() != 0:
                raise RuntimeError(f"dataset: the command `{cmd}` exited with status {proc.returncode}")

    def _parse(self, line):
        """One MultiSlot line -> a tuple of arrays, one per use_var."""
        tokens = line.split()
        out, pos = [], 0
        for var in self.use_vars:
            if pos >= len(tokens):
                raise ValueError(f"dataset: the line {line.strip()!r} has fewer slots than use_var "
                                 f"({len(self.use_vars)})")
            n = int(tokens[pos])
            vals = tokens[pos + 1:pos + 1 + n]
            if n <= 0 or len(vals) != n:
                raise ValueError(f"dataset: slot {var.name} of the line {line.strip()!r} announces {n} values "
                                 f"but has {len(vals)}")
            is_int = _dtype_name(var) in _INT_DTYPES
            out.append(np.array([int(v) for v in vals] if is_int else [float(v) for v in vals],
                                "int64" if is_int else "float32"))
            pos += 1 + n
        return tuple(out)

    def _read_files(self) -> Iterator[tuple]:
        if not self.use_vars:
            raise ValueError("dataset: set use_var (init(use_var=[...])) before reading")
        for path in self.filelist:
            for line in self._file_lines(path):
                if line.strip():
                    yield self._parse(line)

    def _batch_feed(self, instances) -> dict[str, np.ndarray]:
        """{var name: array} for a batch of parsed instances."""
        feed = {}
        for k, var in enumerate(self.use_vars):
            cols = [inst[k] for inst in instances]
            if getattr(var, "lod_level", 0) > 0:
                arr = np.concatenate(cols).reshape(-1, 1)
            elif len({c.size for c in cols}) == 1:
                arr = np.stack(cols)
            else:
                raise ValueError(f"dataset: the dense variable {var.name} gets {sorted({c.size for c in cols})} "
                                 "values in different instances; give it lod_level=1 for variable-length slots")
            feed[var.name] = arr.astype(_dtype_name(var)) if _dtype_name(var) not in ("int64", "float32") else arr
        return feed

    def _instances(self) -> Iterator[tuple]:
        return self._read_files()

    def _feeds(self) -> Iterator[dict[str, np.ndarray]]:
        """The feed dicts of one pass (what Executor.train_from_dataset runs)."""
        batch = []
        for inst in self._instances():
            batch.append(inst)
            if len(batch) == self.batch_size:
                yield self._batch_feed(batch)
                batch = []
        if batch:
            yield self._batch_feed(batch)

    def _prepare_to_run(self):
        pass

    def _finish_to_run(self):
        pass

    def _dynamic_adjust_before_train(self, thread_num):
        pass

    def _dynamic_adjust_after_train(self):
        pass


class QueueDataset(DatasetBase):
    """A dataset that streams its files through the pipe_command on every pass (nothing kept in memory).

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> paddle.enable_static()
            >>> d = tempfile.mkdtemp()
            >>> with open(os.path.join(d, "a.txt"), "w") as f:
            ...     _ = f.write("2 1 2 1 0\\n2 3 4 1 1\\n")
            >>> ids = paddle.static.data("ids", [None, 2], "int64")
            >>> label = paddle.static.data("label", [None, 1], "int64")
            >>> dataset = paddle.distributed.QueueDataset()
            >>> dataset.init(batch_size=2, use_var=[ids, label], pipe_command="cat")
            >>> dataset.set_filelist([os.path.join(d, "a.txt")])
            >>> [b["ids"].tolist() for b in dataset._feeds()]
            [[[1, 2], [3, 4]]]
            >>> paddle.disable_static()
    """

    def __init__(self) -> None:
        super().__init__()
        self.data_feed_type = "MultiSlotDataFeed"

    def init(self, **kwargs: Any) -> None:
        """Set the dataset up: batch_size, thread_num, use_var, pipe_command, input_type, fs_name, fs_ugi,
        download_cmd (see DatasetBase.init)."""
        super().init(**kwargs)


class InMemoryDataset(DatasetBase):
    """A dataset loaded into memory once (load_into_memory), which can be shuffled locally or across workers.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> paddle.enable_static()
            >>> d = tempfile.mkdtemp()
            >>> with open(os.path.join(d, "a.txt"), "w") as f:
            ...     _ = f.write("1 0.5 1 0\\n1 1.5 1 1\\n1 2.5 1 0\\n")
            >>> x = paddle.static.data("x", [None, 1], "float32")
            >>> y = paddle.static.data("y", [None, 1], "int64")
            >>> dataset = paddle.distributed.InMemoryDataset()
            >>> dataset.init(batch_size=2, use_var=[x, y], pipe_command="cat")
            >>> dataset.set_filelist([os.path.join(d, "a.txt")])
            >>> dataset.load_into_memory()
            >>> dataset.get_memory_data_size()
            3
            >>> [b["x"].shape for b in dataset._feeds()]
            [(2, 1), (1, 1)]
            >>> paddle.disable_static()
    """

    def __init__(self) -> None:
        super().__init__()
        self.data_feed_type = "MultiSlotInMemoryDataFeed"
        self._memory = None
        self._preloaded = None
        self._shuffled_size = 0
        self.queue_num = None
        self.merge_by_lineid = False
        self.fleet_send_batch_size = None
        self.fleet_send_sleep_seconds = None
        self.parse_ins_id = self.parse_content = False

    def init(self, **kwargs: Any) -> None:
        """Set the dataset up: batch_size, thread_num, use_var, pipe_command, input_type, fs_name, fs_ugi,
        download_cmd (see DatasetBase.init), and queue_num."""
        queue_num = kwargs.pop("queue_num", -1)
        for k in ("fleet_send_batch_size", "fleet_send_sleep_seconds", "merge_size", "parse_ins_id",
                  "parse_content"):
            kwargs.pop(k, None)
        super().init(**kwargs)
        if queue_num > 0:
            self._set_queue_num(queue_num)

    def update_settings(self, **kwargs: Any) -> None:
        """Change some settings after init (batch_size, thread_num, use_var, pipe_command, ...)."""
        for key, setter in (("batch_size", self._set_batch_size), ("thread_num", self._set_thread),
                            ("use_var", self._set_use_var), ("pipe_command", self._set_pipe_command),
                            ("input_type", self._set_input_type), ("download_cmd", self._set_download_cmd),
                            ("queue_num", self._set_queue_num)):
            if key in kwargs:
                setter(kwargs[key])
        if "fs_name" in kwargs or "fs_ugi" in kwargs:
            self._set_hdfs_config(kwargs.get("fs_name", self.fs_name), kwargs.get("fs_ugi", self.fs_ugi))

    def _set_queue_num(self, queue_num):
        self.queue_num = int(queue_num)

    def _set_parse_ins_id(self, parse_ins_id):
        self.parse_ins_id = bool(parse_ins_id)

    def _set_parse_content(self, parse_content):
        self.parse_content = bool(parse_content)

    def _set_fleet_send_batch_size(self, fleet_send_batch_size=1024):
        self.fleet_send_batch_size = fleet_send_batch_size

    def _set_fleet_send_sleep_seconds(self, fleet_send_sleep_seconds=0):
        self.fleet_send_sleep_seconds = fleet_send_sleep_seconds

    def _set_merge_by_lineid(self, merge_size=2):
        self.merge_by_lineid = True

    def set_date(self, date: str) -> None:
        """The date of the data (a parameter-server table setting); kept."""
        self.date = date

    def load_into_memory(self, is_shuffle: bool = False) -> None:
        """Read every file into memory (then shuffle locally when is_shuffle)."""
        self._memory = list(self._read_files())
        if is_shuffle:
            self.local_shuffle()

    def preload_into_memory(self, thread_num: int | None = None) -> None:
        """Start loading into memory; wait_preload_done finishes it (here it loads at once)."""
        self._preloaded = list(self._read_files())

    def wait_preload_done(self) -> None:
        """Finish preload_into_memory."""
        if self._preloaded is None:
            raise RuntimeError("wait_preload_done: call preload_into_memory first")
        self._memory, self._preloaded = self._preloaded, None

    def _loaded(self, api):
        if self._memory is None:
            raise RuntimeError(f"InMemoryDataset.{api}: call load_into_memory first")
        return self._memory

    def local_shuffle(self) -> None:
        """Shuffle the instances in memory (with Python's random generator)."""
        random.shuffle(self._loaded("local_shuffle"))

    def global_shuffle(self, fleet: Any = None, thread_num: int = 12) -> None:
        """Shuffle the instances of all workers together and deal them out again: every worker of the MPI job
        must call it; alone it is local_shuffle.

        Args:
            fleet (Fleet|None, optional): Accepted as in Paddle (the job's workers are the MPI ranks). Default: None.
            thread_num (int, optional): Shuffle threads in Paddle; unused. Default: 12.
        """
        from . import communication, group, parallel
        mine = self._loaded("global_shuffle")
        if parallel.get_world_size() <= 1 or not group.is_initialized():
            self.local_shuffle()
            self._shuffled_size = len(mine)
            return
        parts = []
        communication.all_gather_object(parts, mine)
        every = [inst for part in parts for inst in part]
        seed = [random.randrange(2 ** 31)]
        communication.broadcast_object_list(seed, src=0)  # one permutation for all workers
        order = np.random.RandomState(seed[0]).permutation(len(every))
        r, n = parallel.get_rank(), parallel.get_world_size()
        self._memory = [every[i] for i in order[r::n]]
        self._shuffled_size = len(self._memory)

    def release_memory(self) -> None:
        """Drop the instances in memory."""
        self._memory = None

    def _total(self, local, fleet):
        if fleet is None:
            return local
        from . import communication, group, parallel
        if parallel.get_world_size() <= 1 or not group.is_initialized():
            return local
        sizes = []
        communication.all_gather_object(sizes, local)
        return int(sum(sizes))

    def get_memory_data_size(self, fleet: Any = None) -> int:
        """The number of instances in memory: this worker's, or with fleet all workers' together.

        Args:
            fleet (Fleet|None, optional): Sum over the workers (every worker must call it). Default: None.
        """
        return self._total(len(self._loaded("get_memory_data_size")), fleet)

    def get_shuffle_data_size(self, fleet: Any = None) -> int:
        """The number of instances after the last global_shuffle: this worker's, or with fleet all workers'.

        Args:
            fleet (Fleet|None, optional): Sum over the workers (every worker must call it). Default: None.
        """
        return self._total(self._shuffled_size, fleet)

    def slots_shuffle(self, slots: list[str]) -> None:
        """Shuffle the values of the named slots across the instances (each instance keeps its other slots), as
        Paddle's feature-importance evaluation does.

        Args:
            slots (list[str]): The slot (variable) names.
        """
        mem = self._loaded("slots_shuffle")
        names = [v.name for v in self.use_vars]
        for s in slots:
            k = names.index(s)
            column = [inst[k] for inst in mem]
            random.shuffle(column)
            for i, value in enumerate(column):
                mem[i] = mem[i][:k] + (value,) + mem[i][k + 1:]

    def tdm_sample(self, tree_name, tree_path, tdm_layer_counts, start_sample_layer, with_hierarchy, seed,
                   id_slot) -> None:
        """Tree-based deep model sampling: Paddle's TDM tree index is not available in purepaddle."""
        raise NotImplementedError("InMemoryDataset.tdm_sample needs Paddle's TDM tree index (a native index "
                                  "library), which purepaddle does not have")

    def _instances(self):
        return iter(self._loaded("train_from_dataset"))
