"""A cache for things slow to make (a hard puzzle, a whole deal's problem, a round's
analysis) that makes each once even when asked for by several threads at the same moment:
a class scanning one sheet's QR code together asks a web server for one id thirty times
at once, and :func:`functools.lru_cache` alone would make it thirty times over.

>>> made = []
>>> @made_once(maxsize=8)
... def square(n: int) -> int:
...     made.append(n)
...     return n * n
>>> square(3), square(3), made
(9, 9, [3])
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import lru_cache, update_wrapper
from typing import Any, Generic, TypeVar

R = TypeVar("R")


@dataclass
class _Making:
    """One key being made: the lock its callers take in turn, how many hold or wait for
    it, and the error its making raised, if it did."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    callers: int = 0
    error: BaseException | None = None


class _MadeOnce(Generic[R]):
    """:func:`made_once`'s wrapper: an lru_cache, and a :class:`_Making` for each key being
    made."""

    def __init__(self, make: Callable[..., R], maxsize: int) -> None:
        self._cached = lru_cache(maxsize=maxsize)(make)
        self._guard = threading.Lock()
        self._making: dict[tuple[Hashable, ...], _Making] = {}
        update_wrapper(self, make)

    def __call__(self, *args: Hashable) -> R:
        with self._guard:
            making = self._making.setdefault(args, _Making())
            making.callers += 1
        try:
            with making.lock:  # the first caller makes it; the others find it made
                if making.error is not None:
                    raise making.error
                try:
                    return self._cached(*args)
                except BaseException as error:
                    making.error = error
                    raise
        finally:
            with self._guard:
                making.callers -= 1
                if not making.callers:
                    del self._making[args]

    def cache_clear(self) -> None:
        self._cached.cache_clear()

    def cache_info(self) -> Any:
        return self._cached.cache_info()


def made_once(maxsize: int) -> Callable[[Callable[..., R]], _MadeOnce[R]]:
    """Cache the results of a function of hashable positional arguments (the last
    ``maxsize``, as :func:`functools.lru_cache`),
    each made once: a call with arguments already being made in another thread waits for
    that result rather than making it again. A making that raises gives its error to
    the callers that waited for it (a puzzle that cannot be generated, a server too busy:
    trying again at once would only wait again), and is not cached: a later call tries
    anew."""

    def decorate(make: Callable[..., R]) -> _MadeOnce[R]:
        return _MadeOnce(make, maxsize)

    return decorate
