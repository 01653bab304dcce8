"""Projector timers as plain data: a timer's setting and how it has run, what every screen
shows at a given server time, the changes each button makes, and reading what a teacher
typed. No SQL and no Flask: :mod:`webapp.timers.store` keeps timers, :mod:`webapp.timers.views`
shows them.

The server owns the clock. A timer stores its setting and how it has run: ``elapsed``
seconds before ``started_at``, the server time (:func:`webapp.db.now`) it last started,
None while paused or stopped. Every screen computes the time shown from that and the
server's "now" (``static/timer.js`` with ``static/clock.js``), so two projectors agree,
a reload shows the right time and a background tab does not drift. A count-down stops
at zero, a count-up at its duration.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

MIN_DURATION = 1
MAX_DURATION = 24 * 3600
MAX_LABEL = 60
MAX_TIMERS = 100
"""Timers one teacher may keep."""
DIRECTIONS = {"down": "counts down", "up": "counts up"}
NO_TIME = "Time: write minutes:seconds such as 10:00 or 3:00"
NO_LABEL = f"Label: write a name for the timer (1 to {MAX_LABEL} characters), such as MAT"


@dataclass(frozen=True)
class Preset:
    key: str  # the form value, and the screen's keyboard shortcut
    label: str
    duration: int

    @property
    def name(self) -> str:
        """The button's text: ``MAT 10:00``."""
        return f"{self.label} {format_seconds(self.duration)}"


PRESETS = {p.key: p for p in (Preset("1", "MAT", 600), Preset("3", "Secret Card", 180))}


@dataclass(frozen=True)
class Timer:
    """One stored timer (a row of ``timers``)."""

    id: int
    label: str
    direction: str  # "down" or "up"
    duration: int  # seconds
    started_at: float | None  # server time of the last start; None unless running
    elapsed: float  # seconds run before started_at

    @classmethod
    def from_row(cls, row: Any) -> Timer:
        return cls(
            id=int(row.id),
            label=str(row.label),
            direction=str(row.direction),
            duration=int(row.duration),
            started_at=None if row.started_at is None else float(row.started_at),
            elapsed=float(row.elapsed or 0.0),
        )

    @property
    def running(self) -> bool:
        return self.started_at is not None


def ran_seconds(timer: Timer, at: float) -> float:
    """Seconds the timer has run by server time ``at``, from 0 to its duration."""
    run = timer.elapsed + (at - timer.started_at if timer.started_at is not None else 0.0)
    return min(float(timer.duration), max(0.0, run))


def shown_seconds(timer: Timer, at: float) -> float:
    """The seconds a screen shows at server time ``at``: the time left of a count-down,
    the time run of a count-up (each stops at its end).

    >>> from dataclasses import replace
    >>> mat = Timer(1, "MAT", "down", 600, started_at=1000.0, elapsed=30.0)
    >>> shown_seconds(mat, at=1100.0)  # 30 s before this start, 100 s since
    470.0
    >>> shown_seconds(mat, at=5000.0)  # a count-down stops at zero
    0.0
    >>> shown_seconds(replace(mat, direction="up"), at=1100.0)
    130.0
    >>> shown_seconds(replace(mat, direction="up"), at=5000.0)  # and a count-up at 10:00
    600.0
    >>> shown_seconds(replace(mat, started_at=None), at=5000.0)  # paused: time stands still
    570.0
    """
    run = ran_seconds(timer, at)
    return float(timer.duration) - run if timer.direction == "down" else run


def display_seconds(timer: Timer, at: float) -> int:
    """Whole seconds on the digits: a count-down rounds up (it shows 0:00 only at zero),
    a count-up rounds down (as a stopwatch does).

    >>> display_seconds(Timer(1, "MAT", "down", 600, 1000.0, 0.0), at=1000.4)
    600
    >>> display_seconds(Timer(1, "Up", "up", 600, 1000.0, 0.0), at=1059.9)
    59
    """
    shown = shown_seconds(timer, at)
    return math.ceil(shown - 1e-9) if timer.direction == "down" else math.floor(shown)


def status(timer: Timer, at: float) -> str:
    """``stopped`` (at its start), ``running``, ``paused`` or ``finished`` (at its end).

    >>> status(Timer(1, "MAT", "down", 600, None, 0.0), at=0.0)
    'stopped'
    >>> status(Timer(1, "MAT", "down", 600, 1000.0, 0.0), at=1600.0)
    'finished'
    """
    if ran_seconds(timer, at) >= timer.duration:
        return "finished"
    if timer.running:
        return "running"
    return "paused" if timer.elapsed > 0 else "stopped"


def state(timer: Timer, at: float) -> dict[str, Any]:
    """The timer as the screens' script reads it (``GET /timers/<id>/state``)."""
    return {
        "id": timer.id,
        "label": timer.label,
        "direction": timer.direction,
        "duration": timer.duration,
        "started_at": timer.started_at,
        "elapsed": timer.elapsed,
        "running": timer.running,
        "status": status(timer, at),
        "shown": display_seconds(timer, at),
        "now": at,
    }


def format_seconds(seconds: float) -> str:
    """``605`` -> ``10:05``; ``3725`` -> ``1:02:05`` (as ``Printables.formatSeconds``).

    >>> format_seconds(605), format_seconds(3725), format_seconds(-3)
    ('10:05', '1:02:05', '0:00')
    """
    whole = max(0, math.floor(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


# The changes each button makes: pure, from the timer and the server's time, to the
# columns to store.


def start_values(timer: Timer, at: float) -> dict[str, Any]:
    """Start, or go on after a pause; a timer at its end starts a new run from the
    beginning. Starting a running timer changes nothing."""
    if ran_seconds(timer, at) >= timer.duration:
        return {"elapsed": 0.0, "started_at": at}
    if timer.running:
        return {}
    return {"started_at": at}


def pause_values(timer: Timer, at: float) -> dict[str, Any]:
    """Stand still: keep the time run so far (at most the duration)."""
    if not timer.running:
        return {}
    return {"elapsed": ran_seconds(timer, at), "started_at": None}


def reset_values(timer: Timer, at: float) -> dict[str, Any]:
    """Back to the start, stopped."""
    return {"elapsed": 0.0, "started_at": None}


# Reading what a teacher typed.


class Problems(ValueError):
    """What was wrong with a form: a message for each field."""

    def __init__(self, problems: Mapping[str, str]) -> None:
        super().__init__("; ".join(problems.values()))
        self.problems = dict(problems)


def parse_time(text: str) -> int:
    """Seconds in a time typed as minutes:seconds, hours:minutes:seconds or whole minutes;
    raises ValueError with what was expected.

    >>> parse_time("10:00"), parse_time(" 3:05 "), parse_time("0:30"), parse_time("1:30:00")
    (600, 185, 30, 5400)
    >>> parse_time("5")  # whole minutes
    300
    >>> parse_time("10:7x")
    Traceback (most recent call last):
    ValueError: Time: write minutes:seconds such as 10:00, not '10:7x'
    """
    typed = text.strip()
    parts = typed.split(":")
    digits = all(p.isascii() and p.isdigit() for p in parts)
    if not typed:
        raise ValueError(NO_TIME)
    if not digits or len(parts) > 3 or len(typed) > 12 or any(len(p) != 2 for p in parts[1:]):
        shown = typed if len(typed) <= 20 else typed[:20] + "..."
        raise ValueError(f"Time: write minutes:seconds such as 10:00, not {shown!r}")
    numbers = [int(p) for p in parts]
    if any(n >= 60 for n in numbers[1:]):
        raise ValueError(
            f"Time: minutes and seconds after a colon go up to 59, not {typed!r} "
            "(write 1:30:00 for an hour and a half)"
        )
    if len(numbers) == 1:
        seconds = numbers[0] * 60
    elif len(numbers) == 2:
        seconds = numbers[0] * 60 + numbers[1]
    else:
        seconds = numbers[0] * 3600 + numbers[1] * 60 + numbers[2]
    return check_duration(seconds, typed)


def check_duration(seconds: int, typed: str | None = None) -> int:
    """``seconds`` if a timer may run that long (1 s to 24 h); else ValueError."""
    if not MIN_DURATION <= seconds <= MAX_DURATION:
        given = typed if typed is not None else f"{seconds} seconds"
        raise ValueError(
            f"Time: from {format_seconds(MIN_DURATION)} to {format_seconds(MAX_DURATION)} "
            f"(24 hours), not {given!r}"
        )
    return seconds


def parse_label(text: str) -> str:
    """The label, trimmed: 1 to 60 characters, no control characters.

    >>> parse_label("  MAT, period 3 ")
    'MAT, period 3'
    """
    label = " ".join(text.split())
    if not label:
        raise ValueError(NO_LABEL)
    if len(label) > MAX_LABEL:
        raise ValueError(f"Label: at most {MAX_LABEL} characters; this one has {len(label)}")
    if any(not c.isprintable() for c in label):
        raise ValueError("Label: letters, digits and punctuation only, no control characters")
    return label


def parse_direction(text: str) -> str:
    direction = text.strip().lower()
    if direction not in DIRECTIONS:
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise ValueError(f"Counts: choose down (a countdown) or up (counting up), not {shown!r}")
    return direction


def read_settings(form: Mapping[str, str], *, partial: bool) -> dict[str, Any]:
    """Label, direction and duration from a form (a preset fills in all three).

    ``partial``: only the fields present are read (the screen's ``/set``); otherwise a
    new timer needs a label and a time, and counts down unless told otherwise.
    Raises :class:`Problems`.
    """
    key = form.get("preset")
    if key is not None:
        preset = PRESETS.get(key)
        if preset is None:
            known = ", ".join(p.name for p in PRESETS.values())
            raise Problems({"preset": f"Preset: choose {known}, not {key[:20]!r}"})
        return {"label": preset.label, "direction": "down", "duration": preset.duration}
    found: dict[str, Any] = {}
    problems: dict[str, str] = {}
    readers: dict[str, tuple[str, Callable[[str], Any]]] = {
        "label": ("label", parse_label),
        "direction": ("direction", parse_direction),
        "time": ("duration", parse_time),
        "duration": ("duration", _parse_duration_seconds),
    }
    for field, (column, parse) in readers.items():
        if field not in form:
            continue
        try:
            found[column] = parse(form[field])
        except ValueError as error:
            problems["time" if column == "duration" else field] = str(error)
    if not partial:
        found.setdefault("direction", "down")
        if "label" not in found and "label" not in problems:
            problems["label"] = NO_LABEL
        if "duration" not in found and "time" not in problems:
            problems["time"] = NO_TIME
    if problems:
        raise Problems(problems)
    return found


def _parse_duration_seconds(text: str) -> int:
    """A duration in whole seconds, as the screen's script sends it."""
    typed = text.strip()
    if not (typed.isascii() and typed.isdigit()) or len(typed) > 6:
        shown = typed if len(typed) <= 20 else typed[:20] + "..."
        raise ValueError(f"Time: whole seconds such as 600, not {shown!r}")
    return check_duration(int(typed), f"{typed} seconds")
