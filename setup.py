"""The compiled Costly Tricks search (optional: without a C compiler the install goes on
and the solver runs its pure-Python search; see printables/paradox/solver.py)."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "printables.paradox._core",
            ["printables/paradox/_core.c"],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)
