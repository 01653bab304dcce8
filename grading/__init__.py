"""Grading a class's scanned answer sheets: from the pages of a scan (PDF, PNG, JPEG) to
every answer checked and a gradebook.

The job runs in steps, a module each, imports pointing down (to :mod:`generator.scan`,
which drew the sheets, and to the puzzle kinds of :mod:`printables`, which judge them):

- :mod:`.scans`: the files read, each page a gray-scale image, or a problem named;
- :mod:`.align`: a page's code (QR) found and read, the page's layout drawn again from it,
  the page aligned by its four corner marks (rotation, scale, skew, perspective);
- :mod:`.marks`: every box read as filled, empty or unclear (never guessed);
- :mod:`.answers`: each puzzle's answer built from its boxes and checked by the puzzle
  kind's own check, or sent to the teacher's review with the reason;
- :mod:`.sheets`: pages put together into pupils' sheets, and the teacher's decisions;
- :mod:`.gradebook`: the gradebook (CSV) and the results (JSON).
- :mod:`.returned`: the PDF handed back: the class's summary (a chart of the puzzles
  found hard), then each pupil's pages with every verdict and its reasons beside it.
"""
