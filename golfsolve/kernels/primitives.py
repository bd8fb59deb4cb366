"""What the kernels' hot loops use in place of numba's own: borrowed array views and an
inlined larger-of-two.

A numba array counts its references atomically: every slice, every row taken of a 2-D array
and every array passed to a function that is not inlined adds one and takes it back, and when
the threads of a kernel share an array they take turns at the one counter's cache line. In a
loop over rows that costs more than the work itself. A borrowed view reads and writes the
same memory but counts nothing; it must not outlive the array it was taken from (a kernel's
argument lives as long as the call).
"""

from __future__ import annotations

from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic


@njit(cache=True, inline="always")
def larger(a, b):
    """The larger of a and b, without a branch (numba's ``max`` of two numbers is a call that
    is not inlined into a kernel loaded from the cache: a call for every entry)."""
    return a if a > b else b


@intrinsic
def borrowed(typingctx, arrays):
    """A view of an array, the same type, whose slices and rows count no references; given a
    tuple of arrays, a tuple of such views."""
    if isinstance(arrays, types.Array):
        def codegen(context, builder, signature, args):
            return _borrowed_view(context, builder, arrays, args[0])

        return arrays(arrays), codegen
    if isinstance(arrays, types.BaseTuple) and all(isinstance(a, types.Array) for a in arrays):
        def codegen(context, builder, signature, args):
            views = [_borrowed_view(context, builder, a, builder.extract_value(args[0], i))
                     for i, a in enumerate(arrays)]
            return context.make_tuple(builder, arrays, views)

        return arrays(arrays), codegen
    return None


def _borrowed_view(context, builder, array_type, value):
    view = context.make_array(array_type)(context, builder, value=value)
    view.meminfo = cgutils.get_null_value(view.meminfo.type)
    return view._getvalue()


@njit(cache=True, inline="always")
def copy_into(dst, src):
    """Every entry of ``dst`` from the entry of ``src`` at the same index, as a loop that
    compiles to vector code (numba's slice assignment does not)."""
    for i in range(dst.shape[0]):
        dst[i] = src[i]


@njit(cache=True, inline="always")
def set_all(dst, value):
    """Every entry of ``dst`` set to ``value``, as :func:`copy_into` is done."""
    for i in range(dst.shape[0]):
        dst[i] = value
