"""What every test shares: one Hypothesis profile.

No deadline (these machines are shared: a slow example is not a failure), no example
database on disk (every run starts clean, so CI and a laptop agree), and slow data
generation allowed. A test that needs more or fewer examples says so with
``@settings(max_examples=...)``, and one that draws examples inside a function-scoped
fixture (a fresh database per test, reused across its examples on purpose) suppresses
that health check; nothing else is set per test.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "printables",
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile("printables")
