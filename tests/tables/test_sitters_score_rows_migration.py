"""Migration 0018: a Königrufen table of five stored before the dealer's sat-out hands left the statistics loses the
score rows of those hands (each 0), and only those; going back restores them, at 0."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("games", "0017_leader_verbose_name")]
AFTER = [("games", "0018_sitters_play_no_hand")]
FIVE = ["Anna", "Bert", "Cilli", "Dieter", "Emil"]


def migrate(to):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(to)
    return executor.loader.project_state(to).apps


def stored_before(apps):
    """A table of five with one Rufer (Anna out) and a penalty (nobody out), each with a row for every player."""
    table = apps.get_model("games", "Table").objects.create(game="koenigrufen", players=FIVE)
    rufer = {"contract": "rufer", "declarer": "Bert", "partner": "Dieter", "points": 40, "sitting_out": "Anna"}
    penalty = {"adjustment": {"Anna": 4, "Bert": -1, "Cilli": -1, "Dieter": -1, "Emil": -1}}
    Hand, Score = apps.get_model("games", "Hand"), apps.get_model("games", "Score")
    for seq, (data, scores) in enumerate([(rufer, [0, 1, -1, 1, -1]), (penalty, [4, -1, -1, -1, -1])], start=1):
        hand = Hand.objects.create(table=table, seq=seq, data=data, scores=scores)
        Score.objects.bulk_create(Score(hand=hand, table=table, player=p, score=s) for p, s in zip(FIVE, scores))
    return table.pk


@pytest.mark.django_db(transaction=True)
def test_the_sitters_score_rows_go_and_come_back():
    table = stored_before(migrate(BEFORE))
    try:
        apps = migrate(AFTER)
        rows = apps.get_model("games", "Score").objects.filter(table_id=table)
        assert sorted(rows.values_list("hand__seq", "player")) == sorted(
            [(1, p) for p in FIVE if p != "Anna"] + [(2, p) for p in FIVE]
        )
        apps = migrate(BEFORE)
        rows = apps.get_model("games", "Score").objects.filter(table_id=table)
        assert rows.count() == 10 and rows.get(hand__seq=1, player="Anna").score == 0
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
