"""libstdc++'s sort/nth_element/partial_sort replayed in Python: Paddle's CPU order for ties."""
# Paddle's CPU kernels for argsort, topk, kthvalue and mode run these C++ algorithms on
# (value, index) pairs with a comparator that looks at the value only, so the order of equal
# values is an artifact of the algorithm. NumPy gives the same results whenever no two
# compared values are equal; the search ops use these replays only for rows with ties.
# Elements are (key, index) tuples; keys are ints (ranks), compared with `<` on key only.
import numpy as np

from ..._core.dtype import kind_of


_THRESHOLD = 16  # libstdc++ _S_threshold


def _lg(n):
    return n.bit_length() - 1


def std_sort(a):
    """In-place std::sort (introsort + final insertion sort)."""
    n = len(a)
    if n > 1:
        _introsort_loop(a, 0, n, 2 * _lg(n))
        _final_insertion_sort(a, 0, n)


def partial_sort(a, k):
    """In-place std::partial_sort(begin, begin + k, end)."""
    _heap_select(a, 0, k, len(a))
    _sort_heap(a, 0, k)


def nth_element(a, nth):
    """In-place std::nth_element(begin, begin + nth, end)."""
    first, last = 0, len(a)
    if first == last or nth == last:
        return
    depth = 2 * _lg(last - first)
    while last - first > 3:
        if depth == 0:
            _heap_select(a, first, nth + 1, last)
            a[first], a[nth] = a[nth], a[first]
            return
        depth -= 1
        cut = _partition_pivot(a, first, last)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(a, first, last)


def _introsort_loop(a, first, last, depth):
    while last - first > _THRESHOLD:
        if depth == 0:
            _heap_select(a, first, last, last)
            _sort_heap(a, first, last)
            return
        depth -= 1
        cut = _partition_pivot(a, first, last)
        _introsort_loop(a, cut, last, depth)
        last = cut


def _partition_pivot(a, first, last):
    mid = first + (last - first) // 2
    _median_to_first(a, first, first + 1, mid, last - 1)
    return _unguarded_partition(a, first + 1, last, a[first][0])


def _median_to_first(a, result, x, y, z):
    kx, ky, kz = a[x][0], a[y][0], a[z][0]
    if kx < ky:
        m = y if ky < kz else (z if kx < kz else x)
    elif kx < kz:
        m = x
    elif ky < kz:
        m = z
    else:
        m = y
    a[result], a[m] = a[m], a[result]


def _unguarded_partition(a, first, last, pivot):
    while True:
        while a[first][0] < pivot:
            first += 1
        last -= 1
        while pivot < a[last][0]:
            last -= 1
        if not first < last:
            return first
        a[first], a[last] = a[last], a[first]
        first += 1


def _insertion_sort(a, first, last):
    for i in range(first + 1, last):
        v = a[i]
        if v[0] < a[first][0]:
            a[first + 1:i + 1] = a[first:i]
            a[first] = v
        else:
            _linear_insert(a, i)


def _linear_insert(a, last):
    v = a[last]
    k = v[0]
    nxt = last - 1
    while k < a[nxt][0]:
        a[last] = a[nxt]
        last = nxt
        nxt -= 1
    a[last] = v


def _final_insertion_sort(a, first, last):
    if last - first > _THRESHOLD:
        _insertion_sort(a, first, first + _THRESHOLD)
        for i in range(first + _THRESHOLD, last):
            _linear_insert(a, i)
    else:
        _insertion_sort(a, first, last)


def _adjust_heap(a, first, hole, length, value):
    top = child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if a[first + child][0] < a[first + child - 1][0]:
            child -= 1
        a[first + hole] = a[first + child]
        hole = child
    if (length & 1) == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        a[first + hole] = a[first + child - 1]
        hole = child - 1
    parent = (hole - 1) // 2
    k = value[0]
    while hole > top and a[first + parent][0] < k:
        a[first + hole] = a[first + parent]
        hole = parent
        parent = (hole - 1) // 2
    a[first + hole] = value


def _make_heap(a, first, last):
    n = last - first
    if n < 2:
        return
    parent = (n - 2) // 2
    while True:
        _adjust_heap(a, first, parent, n, a[first + parent])
        if parent == 0:
            return
        parent -= 1


def _pop_heap(a, first, last, result):
    v = a[result]
    a[result] = a[first]
    _adjust_heap(a, first, 0, last - first, v)


def _heap_select(a, first, middle, last):
    _make_heap(a, first, middle)
    for i in range(middle, last):
        if a[i][0] < a[first][0]:
            _pop_heap(a, first, middle, i)


def _sort_heap(a, first, last):
    while last - first > 1:
        last -= 1
        _pop_heap(a, first, last, last)


# -- helpers on numpy rows ------------------------------------------------------------------
def rank_keys(rows, descending):
    """Integer keys with the order of Paddle's comparators: equal values (and all NaNs) share a
    key; NaN counts as the largest value (first when descending, last when ascending)."""
    if kind_of(rows.dtype) == "f" and rows.dtype.itemsize < 4:
        rows = rows.astype(np.float32)
    _, inv = np.unique(rows, return_inverse=True)
    inv = inv.reshape(rows.shape).astype(np.int64)
    return -inv if descending else inv


def pairs(keys_row):
    """(key, index) tuples of one row."""
    return list(zip(keys_row.tolist(), range(len(keys_row))))


def equivalent_next(s):
    """Along the last axis of sorted values: whether each element is tied with the next one."""
    eq = s[..., 1:] == s[..., :-1]
    if kind_of(s.dtype) == "f":
        nan = np.isnan(s)
        eq |= nan[..., 1:] & nan[..., :-1]
    return eq
