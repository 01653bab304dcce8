"""Printables' generators: card decks and printed matter as vector PDF and SVG.

Geometry is computed once as plain scenes (:mod:`generator.scene`) and written
by two thin backends, :mod:`generator.pdf` (reportlab) and :mod:`generator.svg`
(svgwrite). The ``printables`` command line lives in :mod:`generator.cli`.
"""
