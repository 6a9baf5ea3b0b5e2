"""Migration 0016: a typed result's lost Bummerl (the column ``bummerl``) is kept as the game's marks
(``marks == {"bummerl": [...]}``) on round tables and corrections alike, and going back restores the column."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("games", "0015_former_link")]
AFTER = [("games", "0016_ranked_marks")]


def migrate(to):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(to)
    return executor.loader.project_state(to).apps


def typed_results(apps, bummerl):
    """A round table with a typed result and a correction of it, as they were stored before 0016."""
    tournament = apps.get_model("games", "Tournament").objects.create(name="Cup", game="schnapsen", preset="points")
    round_ = apps.get_model("games", "Round").objects.create(tournament=tournament, number=1)
    typed = apps.get_model("games", "RoundTable").objects.create(
        round=round_, table_no=1, totals=[7, -7], bummerl=bummerl
    )
    plain = apps.get_model("games", "RoundTable").objects.create(round=round_, table_no=2, totals=[0, 0])
    correction = apps.get_model("games", "Correction").objects.create(
        round_table=typed, totals=[5, -5], bummerl=list(reversed(bummerl)), reason="miscount"
    )
    return typed.pk, plain.pk, correction.pk


@pytest.mark.django_db(transaction=True)
def test_the_lost_bummerl_become_the_games_marks_and_come_back():
    typed, plain, correction = typed_results(migrate(BEFORE), [2, 0])
    try:
        apps = migrate(AFTER)
        tables = apps.get_model("games", "RoundTable").objects
        assert tables.get(pk=typed).marks == {"bummerl": [2, 0]}
        assert tables.get(pk=plain).marks is None
        assert apps.get_model("games", "Correction").objects.get(pk=correction).marks == {"bummerl": [0, 2]}

        apps = migrate(BEFORE)
        assert apps.get_model("games", "RoundTable").objects.get(pk=typed).bummerl == [2, 0]
        assert apps.get_model("games", "RoundTable").objects.get(pk=plain).bummerl is None
        assert apps.get_model("games", "Correction").objects.get(pk=correction).bummerl == [0, 2]
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
