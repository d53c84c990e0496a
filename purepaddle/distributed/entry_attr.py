"""Entry rules of parameter-server sparse tables (paddle.distributed.CountFilterEntry, ProbabilityEntry,
ShowClickEntry): which ids get a row. sparse_embedding(entry=...) stores `_to_attr()` on its op; the servers
read it back (ps/program.py)."""

__all__ = ["CountFilterEntry", "ProbabilityEntry", "ShowClickEntry"]


class EntryAttr:
    """Base of the entry rules: `_to_attr()` is the op attribute string."""

    _name = None

    def _to_attr(self):
        raise NotImplementedError("EntryAttr is base class")


class CountFilterEntry(EntryAttr):
    """An id gets a row once it was seen `count_filter` times (before that it reads zeros).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.distributed.CountFilterEntry(10)._to_attr()
            'count_filter_entry:10'
    """

    def __init__(self, count_filter):
        if not isinstance(count_filter, int):
            raise ValueError("count_filter must be a valid integer greater than 0")
        if count_filter < 0:
            raise ValueError("count_filter must be a valid integer greater or equal than 0")
        self._name = "count_filter_entry"
        self._count_filter = count_filter

    def _to_attr(self):
        return ":".join([self._name, str(self._count_filter)])


class ProbabilityEntry(EntryAttr):
    """An id gets a row with probability `probability` (decided once per id).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.distributed.ProbabilityEntry(0.1)._to_attr()
            'probability_entry:0.1'
    """

    def __init__(self, probability):
        if not isinstance(probability, float) or not 0 < probability < 1:
            raise ValueError("probability must be a float in (0,1)")
        self._name = "probability_entry"
        self._probability = probability

    def _to_attr(self):
        return ":".join([self._name, str(self._probability)])


class ShowClickEntry(EntryAttr):
    """Names the show and click variables a CTR accessor counts; every id gets a row.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.distributed.ShowClickEntry("show", "click")._to_attr()
            'show_click_entry:show:click'
    """

    def __init__(self, show_name, click_name):
        if not isinstance(show_name, str) or not isinstance(click_name, str):
            raise ValueError("show_name click_name must be a str")
        self._name = "show_click_entry"
        self._show_name, self._click_name = show_name, click_name

    def _to_attr(self):
        return ":".join([self._name, self._show_name, self._click_name])
