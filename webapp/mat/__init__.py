"""MAT sessions: the store (rows to the engine's session and back), the teacher's pages
(:mod:`.views`: making a session, the console, the projector, results) and the students'
pages on their phones (:mod:`.play`). Every rule is the engine's
(:mod:`printables.matrix.session`)."""
