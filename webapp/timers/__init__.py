"""Projector timers: the model (the clock's arithmetic and form rules), the store and the
pages."""
