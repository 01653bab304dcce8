"""After a game: a played round reviewed against double-dummy best play."""
