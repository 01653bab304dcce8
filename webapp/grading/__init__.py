"""Grading scanned answer sheets on the web (``/grade``): uploads kept in the database
(:mod:`.store`), graded in the background (:mod:`.jobs`), results, reviews and names to
type shown to the teacher (:mod:`.results`, :mod:`.views`)."""
