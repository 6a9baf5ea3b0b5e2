"""A table's change, announced once: the table services send ``table_changed`` inside the change's transaction
(after its hands are stored), with ``table``, ``was_finished`` (before the change) and ``appended`` (the change only
added a hand at the end); ``whole`` when the change wrote the table's every hand at once (an import), ``circles``
when the table joined a circle (the circles it left and joined: their ratings count its finished games there, no
more and from now on). Who listens is connected in games.apps: the ratings (a circle's table) and the tournaments
(a closed round's table, rated again). A listener that fails undoes the change. Nothing else of the tables reaches
the ratings (an import-linter contract in pyproject.toml says so)."""

from django.dispatch import Signal

table_changed = Signal()
