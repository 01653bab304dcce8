"""Played rounds of Costly Tricks shared by the analysis page's tests."""

MISTAKES = """\
A: B5 R9 P0
B: P10 R6 G4
A's ghost: R4 P9 P4
B's ghost: G10 G9 G7
leader: A
play: P0 P10 P4 G9 / G7 B5 G4 P9 / R4 G10 R9 R6
"""
"""A round with a small mistake (G9 costs B 1) and a big one (P9 costs A 9)."""
