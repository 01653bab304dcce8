"""The database tables (SQLAlchemy Core). Times are the server's clock in seconds since
the epoch (:func:`webapp.db.now`); elapsed times in MAT are whole seconds, as the rules
score them.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Column,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

NICKNAME_KEY_MOST = 24
"""Characters in a nickname's key (``webapp.mat.names.name_key`` keeps every key to it)."""

HIT_KEY_MOST = 120
"""Characters in a rate limit's key (``webapp.security.limit`` keeps every key to it)."""

schema_version = Table(
    "schema_version",
    metadata,
    Column("version", Integer, nullable=False),
)

teachers = Table(
    "teachers",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("username", String(40), nullable=False, unique=True),  # stored case-folded
    Column("password_hash", String(255), nullable=False),
    # Raised by logging out and by a new password: a login cookie carrying an older
    # value no longer opens anything, whichever device holds it.
    Column("session_epoch", Integer, nullable=False, default=0, server_default="0"),
    Column("created_at", Float, nullable=False),
)

timers = Table(
    "timers",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("teacher_id", ForeignKey("teachers.id", ondelete="CASCADE"), nullable=False),
    Column("label", String(60), nullable=False),
    Column("direction", String(4), nullable=False),  # "down" or "up"
    Column("duration", Integer, nullable=False),  # seconds; count-up timers stop there
    Column("started_at", Float),  # when running: the server time it (re)started
    Column("elapsed", Float, nullable=False, default=0.0),  # seconds run before that
    Column("created_at", Float, nullable=False),
    CheckConstraint("direction IN ('down', 'up')", name="timer_direction"),
)

mat_sessions = Table(
    "mat_sessions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("teacher_id", ForeignKey("teachers.id", ondelete="CASCADE"), nullable=False),
    Column("name", String(80), nullable=False),
    Column("variant", String(12), nullable=False),  # "simultaneous" or "successive"
    Column("rows", Integer, nullable=False),
    Column("cols", Integer, nullable=False),
    Column("time_limit", Integer, nullable=False),
    Column("join_code", String(12), nullable=False, unique=True),
    Column("revealed", Boolean, nullable=False, default=False),
    Column("seed", Integer),  # the seed its sets were generated from; None when typed
    # Whether students may join: the teacher closes it once the class is seated.
    Column("joining", Boolean, nullable=False, default=True, server_default="1"),
    Column("created_at", Float, nullable=False),
    CheckConstraint("variant IN ('simultaneous', 'successive')", name="session_variant"),
)

mat_sets = Table(
    "mat_sets",
    metadata,
    Column("session_id", ForeignKey("mat_sessions.id", ondelete="CASCADE"), primary_key=True),
    Column("position", Integer, primary_key=True),  # 0-based
    Column("puzzle_id", String(40), nullable=False),
    Column("cards", Text, nullable=False),  # card names in the printed order
    Column("impossible", Boolean, nullable=False),
)

rounds = Table(
    "rounds",
    metadata,
    Column("session_id", ForeignKey("mat_sessions.id", ondelete="CASCADE"), primary_key=True),
    Column("number", Integer, primary_key=True),  # 0-based turn
    Column("started_at", Float, nullable=False),
    Column("ended_at", Float),  # ended early by the proctor; otherwise at the limit
)

players = Table(
    "players",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("session_id", ForeignKey("mat_sessions.id", ondelete="CASCADE"), nullable=False),
    Column("nickname", String(24), nullable=False),
    Column("nickname_key", String(NICKNAME_KEY_MOST), nullable=False),  # for uniqueness
    Column("seat", Integer, nullable=False),  # 0-based, in joining order
    Column("token_hash", String(64), unique=True),  # sha256 of the device's token
    Column("created_at", Float, nullable=False),
    UniqueConstraint("session_id", "nickname_key", name="player_nickname"),
    UniqueConstraint("session_id", "seat", name="player_seat"),
)

entries = Table(
    "entries",
    metadata,
    Column("player_id", ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("seconds", Integer),  # elapsed whole seconds when the hand went up
    Column("claim", String(10)),  # what the player pressed: "done" or "impossible"
    Column("answer", Text),  # the written answer, as typed
    # The engine's check of the answer, made once when it was written: right or wrong
    # with its reasons (a JSON list), or why it could not be read.
    Column("answer_right", Boolean),
    Column("answer_reasons", Text),
    Column("answer_unreadable", Text),
    Column("verdict", String(10)),  # the proctor's: "solved", "impossible" or "wrong"
    # When the pupil's press (Done or Impossible) arrived: after a proctor's "Hand up" it
    # brings the answer to the hand; after the round's end it is late, kept, not scored.
    Column("pressed_at", Float),
    Column("updated_at", Float, nullable=False),
)

hits = Table(
    "hits",
    metadata,
    Column("key", String(HIT_KEY_MOST), primary_key=True),
    Column("window", Integer, primary_key=True),
    Column("count", Integer, nullable=False),
)

# --- Puzzles slow to make, made once for every server (webapp/checking/making.py) --------

MADE_ID_MOST = 40
"""Characters in a kept puzzle's id (a whole deal's, ``costly-tricks-d-gdk8pv``, has 22)."""

made_puzzles = Table(
    "made_puzzles",
    metadata,
    Column("puzzle_id", String(MADE_ID_MOST), primary_key=True),  # as its kind reads it
    # "making" (by the run ``runner``, alive while its ``heartbeat`` is recent), "made"
    # (``data``: the kind's stored data, as JSON) or "failed" (``problem`` says why)
    Column("state", String(8), nullable=False),
    Column("runner", String(32)),
    Column("heartbeat", Float),
    Column("data", Text),
    Column("problem", Text),
    Column("finished_at", Float),
    CheckConstraint("state IN ('making', 'made', 'failed')", name="made_state"),
)

# --- Grading scanned answer sheets (webapp/grading/) -------------------------------------

GRADE_KEY_MOST = 200
"""Characters in a review's or a picture's key (``<page key>:<puzzle>:<card>:row``)."""

grade_uploads = Table(
    "grade_uploads",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("teacher_id", ForeignKey("teachers.id", ondelete="CASCADE"), nullable=False),
    Column("title", String(200), nullable=False),  # the files' names, as the list shows them
    Column("created_at", Float, nullable=False),
    # "waiting" (for a runner), "running", "done" (``result`` holds the grading) or
    # "failed" (``problem`` says why).
    Column("state", String(8), nullable=False),
    Column("pages_total", Integer),  # counted when a run starts
    Column("pages_done", Integer, nullable=False, default=0),
    Column("runner", String(32)),  # the token of the run that claimed it
    Column("heartbeat", Float),  # the running run's last sign of life
    Column("runs", Integer, nullable=False, default=0),  # runs started (restarts included)
    Column("result", Text),  # grading.sheets.Grading.to_json(), as JSON
    Column("problem", Text),
    Column("finished_at", Float),
    CheckConstraint("state IN ('waiting', 'running', 'done', 'failed')", name="grade_state"),
)

grade_files = Table(
    "grade_files",
    metadata,
    Column("upload_id", ForeignKey("grade_uploads.id", ondelete="CASCADE"), primary_key=True),
    Column("position", Integer, primary_key=True),  # 0-based, in the order sent
    Column("name", String(255), nullable=False),
    Column("size", Integer, nullable=False),
    Column("data", LargeBinary, nullable=False),
)

grade_pictures = Table(
    "grade_pictures",
    metadata,
    Column("upload_id", ForeignKey("grade_uploads.id", ondelete="CASCADE"), primary_key=True),
    Column("key", String(GRADE_KEY_MOST), primary_key=True),  # a review's or name's key
    Column("png", LargeBinary, nullable=False),
)

grade_decisions = Table(
    "grade_decisions",
    metadata,
    Column("upload_id", ForeignKey("grade_uploads.id", ondelete="CASCADE"), primary_key=True),
    Column("key", String(GRADE_KEY_MOST), primary_key=True),
    Column("choice", String(GRADE_KEY_MOST), nullable=False),  # the choice, or a typed name
    Column("decided_at", Float, nullable=False),
)
