"""Services: every change is one transaction, later hands are replayed, nothing is lost."""

import pytest

from games.engines.table import InvalidTable
from games.models import Change, Hand
from games.tables import services

from ..factories import make_table, team_hand

pytestmark = pytest.mark.django_db


def scores(table):
    return [hand.scores for hand in services.live_hands(table)]


def test_it_records_scores_totals_and_rotation():
    table = make_table(hands=[team_hand(points=63), team_hand(povinnost="Bára", partner="Dana", points=40)])
    assert scores(table) == [[4, -4, 4, -4], [5, -5, 5, -5]]
    assert table.totals == {"Anna": 9, "Bára": -9, "Cyril": 9, "Dana": -9}
    assert table.summary["next_povinnost"] == "Cyril"
    assert table.summary["next_dealer"] == "Bára"
    assert table.version == 2


def test_editing_an_early_hand_replays_every_later_hand():
    table = make_table(
        game="slovenian-tarok",
        players=("Ana", "Bojan", "Cene", "Dora"),
        hands=[
            {"contract": "beggar", "declarer": "Cene", "won": True},
            {"contract": "two", "declarer": "Bojan", "partner": "Dora", "points": 38},
        ],
    )
    assert scores(table)[1] == [0, 50, 0, 50], "the beggar gave Bojan a radelc"
    first = services.live_hands(table)[0]
    services.edit_hand(first, {"contract": "three", "declarer": "Cene", "points": 40})
    table.refresh_from_db()
    assert scores(table)[1] == [0, 25, 0, 25], "no radelci any more, so no doubling"
    assert table.totals == {"Ana": 0, "Bojan": 25, "Cene": 15, "Dora": 25}
    assert table.summary["radelci"] == {"Ana": 0, "Bojan": 0, "Cene": 0, "Dora": 0}


def test_totals_always_equal_a_fresh_replay_of_the_inputs():
    table = make_table(hands=[team_hand(points=p) for p in (20, 53, 70, 99)])
    hand = services.live_hands(table)[1]
    services.delete_hand(hand)
    table.refresh_from_db()
    assert table.totals == services.replay_table(table).totals


def test_delete_keeps_the_hand_and_undo_brings_it_back():
    table = make_table(hands=[team_hand(points=63), team_hand(points=40)])
    services.delete_hand(services.live_hands(table)[0])
    table.refresh_from_db()
    assert table.totals["Anna"] == -5
    assert Hand.objects.filter(table=table).count() == 2
    services.undo_last(table)
    table.refresh_from_db()
    assert table.totals["Anna"] == -1
    assert [c.kind for c in table.changes.order_by("id")] == ["recorded", "recorded", "deleted", "restored"]


def test_undo_walks_back_through_edits_and_records():
    table = make_table(hands=[team_hand(points=63)])
    services.edit_hand(services.live_hands(table)[0], team_hand(points=80))
    services.record_hand(table, team_hand(points=30), version=2)
    services.undo_last(table)  # removes the third record
    services.undo_last(table)  # puts the edit back
    table.refresh_from_db()
    assert [h.data["points"] for h in services.live_hands(table)] == [63]
    assert table.totals["Anna"] == 4
    services.undo_last(table)  # the very first record
    table.refresh_from_db()
    version = table.version
    with pytest.raises(services.NothingToUndo):  # nothing left to undo: nothing changes, not even the version
        services.undo_last(table)
    table.refresh_from_db()
    assert services.live_hands(table) == [] and table.totals["Anna"] == 0 and table.version == version
    assert Hand.objects.filter(table=table).count() == 2, "nothing is ever lost"


def test_restore_a_deleted_hand():
    table = make_table(hands=[team_hand(points=63)])
    hand = services.live_hands(table)[0]
    services.delete_hand(hand)
    services.restore_hand(hand)
    table.refresh_from_db()
    assert scores(table) == [[4, -4, 4, -4]]


def test_a_stale_version_is_refused_and_saves_nothing():
    table = make_table(hands=[team_hand()])
    with pytest.raises(services.Conflict):
        services.record_hand(table, team_hand(points=70), version=0)
    with pytest.raises(services.Conflict):
        services.edit_hand(services.live_hands(table)[0], team_hand(points=70), version=0)
    assert Hand.objects.filter(table=table).count() == 1
    assert Change.objects.filter(table=table).count() == 1


def test_invalid_input_saves_nothing():
    table = make_table(hands=[team_hand()])
    with pytest.raises(InvalidTable) as caught:
        services.record_hand(table, team_hand(points=120))
    assert caught.value.line() == "hand 2: points: must be between 0 and 106, got 120"
    table.refresh_from_db()
    assert Hand.objects.filter(table=table).count() == 1 and table.version == 1


def test_restoring_a_hand_that_no_longer_fits_is_refused():
    given, crossed_off = {"adjustment": {}, "radelci": {"A": 1}}, {"adjustment": {}, "radelci": {"A": -1}}
    table = make_table(game="slovenian-tarok", players=("A", "B", "C"), hands=[given, crossed_off])
    first, second = services.live_hands(table)
    services.delete_hand(second)
    services.delete_hand(first)
    with pytest.raises(InvalidTable):  # a radelc crossed off that was never given
        services.restore_hand(second)
    assert Hand.objects.get(pk=second.pk).deleted


def test_preview_scores_without_saving():
    table = make_table(hands=[team_hand()])
    result = services.preview_hand(table, team_hand(points=40))
    assert result.scores == {"Anna": -5, "Bára": 5, "Cyril": -5, "Dana": 5}
    assert Hand.objects.filter(table=table).count() == 1


def test_export_then_import_then_export_gives_the_same_document():
    table = make_table(
        rules={"rounding": "up"},
        hands=[
            team_hand(),
            {
                "povinnost": "Bára",
                "mode": "prever",
                "prever": "Dana",
                "talon": 2,
                "points": 40,
                "declarations": [{"player": "Anna", "kind": "trul"}],
            },
        ],
    )
    doc = services.export_table(table)
    assert doc["game"] == "czech-taroky" and doc["rules"] == {"rounding": "up"}
    copy = services.import_table(doc)
    assert services.export_table(copy) == doc
    assert copy.totals == table.totals


def test_import_refuses_a_bad_document_and_saves_nothing():
    from games.models import Table

    before = Table.objects.count()
    with pytest.raises(InvalidTable):
        services.import_table(
            {
                "game": "czech-taroky",
                "players": ["A", "B", "C", "D"],
                "hands": [{"povinnost": "A", "partner": "B", "points": 200}],
            }
        )
    assert Table.objects.count() == before
