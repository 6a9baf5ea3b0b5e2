"""What each hand stores (scores, its place, running totals, the engine's state it leaves behind, its facts and
score rows) always equals a replay of the table from scratch, after any mix of records, edits, deletions,
restores and undos: the stored state is only ever what the engine's one replay path gives."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines import table as engine_table
from games.models import Hand, HandFacts, Score, Table
from games.registry import GAMES
from games.tables import services

from ..factories import make_table

pytestmark = pytest.mark.django_db

operations = st.lists(
    st.tuples(
        st.sampled_from(["record", "record", "edit", "delete", "restore", "undo"]),
        st.integers(0, 50),
        st.integers(0, 50),
    ),
    min_size=1,
    max_size=12,
)


def check_against_a_fresh_replay(table: Table) -> None:
    table.refresh_from_db()
    table_setup = services.setup_for(table)
    live = services.live_hands(table)
    replay = engine_table.replay(table_setup, [hand.data for hand in live])
    totals = [0] * len(table.players)
    state = engine_table.load_state(table_setup, None)
    for number, (hand, result) in enumerate(zip(live, replay.results), start=1):
        scores = [result.scores[p] for p in table.players]
        totals = [t + s for t, s in zip(totals, scores)]
        _, state = engine_table.score_next(table_setup, state, hand.data, number)
        assert (hand.scores, hand.number, hand.totals) == (scores, number, totals)
        assert hand.state == engine_table.dump_state(state)
        rows = dict(Score.objects.filter(hand=hand).values_list("player", "score"))
        played = table_setup.engine.facts(
            table_setup.engine.parse_hand(hand.data, table_setup.players, table_setup.rules)
        )
        assert rows == {p: s for p, s in zip(table.players, scores) if p not in played.out}  # one who sat out: none
        assert HandFacts.objects.filter(hand=hand).exists()
    assert table.totals == replay.totals and table.hand_count == len(live)
    assert table.summary == table_setup.engine.status(replay.state).as_json()
    assert table.state == engine_table.dump_state(replay.state)
    assert not Hand.objects.filter(table=table, deleted=True, number__isnull=False).exists()


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=operations)
def test_stored_state_equals_a_replay_from_scratch(game, ops):
    samples = GAMES[game].samples  # hands chosen so that order matters (radelci, Bummerl, rotation, rounds)
    table = make_table(game=game, players=samples.players)
    pool = samples.hands
    for op, a, b in ops:
        hands = list(table.hands.order_by("seq"))
        live = [h for h in hands if not h.deleted]
        deleted = [h for h in hands if h.deleted]
        try:
            if op == "record":
                services.record_hand(table, pool[a % len(pool)])
            elif op == "edit" and live:
                services.edit_hand(live[a % len(live)], pool[b % len(pool)])
            elif op == "delete" and live:
                services.delete_hand(live[a % len(live)])
            elif op == "restore" and deleted:
                services.restore_hand(deleted[a % len(deleted)])
            elif op == "undo":
                services.undo_last(table)
        except (engine_table.InvalidTable, services.NothingToUndo):  # e.g. a fourth Two Ten Jack round
            pass
        check_against_a_fresh_replay(table)


@pytest.mark.parametrize("game", GAMES)
def test_the_migration_to_the_status_contract_restates_every_table(game):
    import importlib

    from django.apps import apps

    from ..factories import make_sample

    table = make_sample(game)
    stored = table.summary
    Table.objects.filter(pk=table.pk).update(summary={"closed": False})  # as a table stored it before
    importlib.import_module("games.migrations.0010_status_as_contract").restate(apps, None)
    table.refresh_from_db()
    assert table.summary == stored and "marks" in stored and "over" in stored
