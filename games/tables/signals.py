"""A table's change, announced once: the table services send ``table_changed`` inside the change's transaction
(after its hands are stored), with ``table``, ``was_finished`` (before the change) and ``appended`` (the change only
added a hand at the end). Who listens is connected in games.apps: the ratings (a circle's table) and the
tournaments (a closed round's table, rated again). A listener that fails undoes the change."""

from django.dispatch import Signal

table_changed = Signal()
