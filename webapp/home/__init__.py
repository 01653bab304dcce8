"""The front page, the teacher's dashboard, and the pages for addresses the app lacks."""
