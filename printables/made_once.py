"""A cache for things slow to make (a hard puzzle, a whole deal's problem, a round's
analysis) that makes each once even when asked for by several threads at the same moment:
a class scanning one sheet's QR code together asks a web server for one id thirty times
at once, and :func:`functools.lru_cache` alone would make it thirty times over.

>>> made = []
>>> @made_once(maxsize=8)
... def square(n: int) -> int:
...     made.append(n)
...     return n * n
>>> square(3), square(3), made, square.peek(3), square.peek(4)
(9, 9, [3], 9, None)
>>> square.keep(16, 4)  # made elsewhere
>>> square(4), made
(16, [3])
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import update_wrapper
from typing import Any, Generic, NamedTuple, TypeVar

R = TypeVar("R")

Key = tuple[Hashable, ...]


class CacheInfo(NamedTuple):
    """As :func:`functools.lru_cache` tells it."""

    hits: int
    misses: int
    maxsize: int
    currsize: int


@dataclass
class _Making:
    """One key being made: set once its making ends, with its value or its error."""

    ended: threading.Event = field(default_factory=threading.Event)
    value: Any = None
    error: Exception | None = None
    made: bool = False


def _bare(error: Exception) -> Exception:
    """A copy of ``error`` without its traceback or context (the error itself when it
    cannot be copied)."""
    try:
        return copy.copy(error)
    except Exception:
        return error


class _MadeOnce(Generic[R]):
    """:func:`made_once`'s wrapper: the last ``maxsize`` results, and a :class:`_Making`
    for each key being made."""

    def __init__(self, make: Callable[..., R], maxsize: int) -> None:
        self._make = make
        self._maxsize = maxsize
        self._guard = threading.Lock()
        self._kept: OrderedDict[Key, R] = OrderedDict()
        self._making: dict[Key, _Making] = {}
        self._hits = self._misses = 0
        update_wrapper(self, make)

    def __call__(self, *args: Hashable) -> R:
        while True:
            with self._guard:
                if args in self._kept:
                    self._hits += 1
                    self._kept.move_to_end(args)
                    return self._kept[args]
                making = self._making.get(args)
                if making is None:  # this thread makes it
                    self._misses += 1
                    making = self._making[args] = _Making()
                    break
            making.ended.wait()
            if making.error is not None:  # told to each waiter as its own exception
                raise _bare(making.error)
            if making.made:
                return making.value  # type: ignore[no-any-return]
            # its maker was interrupted (Ctrl-C, a system exit): try again
        try:
            value = self._make(*args)
        except Exception as error:
            # kept without its traceback, whose frames would hold the maker's locals (a
            # search's tables, say) until the garbage collector found the cycle
            making.error = _bare(error)
            raise
        else:
            making.value, making.made = value, True
            with self._guard:
                self._kept[args] = value
                if len(self._kept) > self._maxsize:
                    self._kept.popitem(last=False)
            return value
        finally:
            with self._guard:
                del self._making[args]  # a later call makes it anew (or finds it kept)
            making.ended.set()

    def peek(self, *args: Hashable) -> R | None:
        """What is kept for these arguments, without making it (None when nothing is)."""
        with self._guard:
            return self._kept.get(args)

    def keep(self, value: R, *args: Hashable) -> None:
        """Keep ``value`` for these arguments as if made here (made elsewhere: in another
        process, or before a restart). What is kept already, or being made, stays."""
        with self._guard:
            if args in self._kept or args in self._making:
                return
            self._kept[args] = value
            if len(self._kept) > self._maxsize:
                self._kept.popitem(last=False)

    def cache_clear(self) -> None:
        with self._guard:
            self._kept.clear()
            self._hits = self._misses = 0

    def cache_info(self) -> CacheInfo:
        with self._guard:
            return CacheInfo(self._hits, self._misses, self._maxsize, len(self._kept))


def made_once(maxsize: int) -> Callable[[Callable[..., R]], _MadeOnce[R]]:
    """Keep the results of a function of hashable positional arguments (the last
    ``maxsize``, as :func:`functools.lru_cache` does), each made once: a call with
    arguments already being made in another thread waits for that making rather than
    making it again. A making that raises gives a copy of its error to the callers that
    waited for it (a puzzle that cannot be generated, a server too busy: trying again at
    once would only wait again), and is not kept: a later call tries anew."""

    def decorate(make: Callable[..., R]) -> _MadeOnce[R]:
        return _MadeOnce(make, maxsize)

    return decorate
