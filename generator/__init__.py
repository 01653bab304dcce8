"""Printables' generators: card decks and printed matter as vector PDF and SVG.

Geometry is computed once as plain scenes (:mod:`generator.draw.scene`) and written
by two thin backends, :mod:`generator.draw.pdf` (reportlab) and :mod:`generator.draw.svg`
(svgwrite). The ``printables`` command line lives in :mod:`generator.commands`.
"""
