"""Scannable answer sheets: pages a pupil marks by filling boxes, that a scan can grade.

- :mod:`~generator.scan.layout`: what is on a scannable page (every box: where it is and
  what it means) and its JSON (``docs/scan-layout.md``);
- :mod:`~generator.scan.marks`: drawing what every scannable page has (fiducial marks, the
  page's code, the name area, boxes to fill), each recorded in the page's layout;
- :mod:`~generator.scan.matrix_area`: a Matrix set's answer area;
- :mod:`~generator.scan.pages`: answer pages, packed with puzzles' answer areas;
- :mod:`~generator.scan.mat_pages`: MAT Successive's scannable forms (each turn's set and
  the seconds as digit boxes);
- :mod:`~generator.scan.attach`: the layout embedded in the PDF as an attached file.
"""
