"""games/offline/phone.py, what a phone runs without signal, scores exactly as the server does: its unsent hands after the
table's stored state give the totals, status and payouts that replaying the whole document gives (settle's way),
and the hand form's fields become the same hand object the server's form makes (games/entry)."""

import json

import pytest

from games.engines import table as engine_table
from games.offline import phone
from games.registry import GAMES


def sample_table(game):
    """The game's players and hands (its samples in the registry); the first ``split`` hands are on the server,
    the rest wait on the phone."""
    samples = GAMES[game].samples
    return list(samples.players), list(samples.hands)


def snapshot_after(game, players, hands):
    """What the server sends a phone: the state, totals and count after ``hands`` (as games.tables.services stores them)."""
    table = engine_table.setup(game, {}, players)
    played = engine_table.replay(table, hands)
    return {
        "game": game,
        "rules": {},
        "players": players,
        "state": engine_table.dump_state(played.state),
        "totals": played.totals,
        "hand_count": len(hands),
        "hands": sum(not other(hand) for hand in hands),  # the game's hands, as the list numbers them
        "version": 7,
    }


def other(hand) -> bool:
    """A penalty, a correction or the closing: a row of the list written "±", which no hand's number counts."""
    return "adjustment" in hand or bool(hand.get("closing"))


def numbers(hands, split) -> list[int | None]:
    """The numbers the list gives the rows after the first ``split``: each hand its place among the hands alone."""
    return [None if other(hand) else sum(not other(h) for h in hands[: i + 1]) for i, hand in enumerate(hands)][split:]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("split", [0, 1, 2, 4])
def test_unsent_hands_after_the_snapshot_score_as_the_whole_document_does(game, split):
    players, hands = sample_table(game)
    snapshot = json.loads(json.dumps(snapshot_after(game, players, hands[:split])))  # as it travels
    now = phone.score_pending(snapshot, hands[split:])
    whole = engine_table.replay(engine_table.setup(game, {}, players), hands)
    assert now["error"] is None
    assert now["totals"] == [whole.totals[p] for p in players]
    assert now["status"] == GAMES[game].engine.status(whole.state).as_json()
    assert [row["number"] for row in now["rows"]] == numbers(hands, split)
    assert [row["scores"] for row in now["rows"]] == [[r.scores[p] for p in players] for r in whole.results[split:]]
    assert [row["lines"] for row in now["rows"]] == [r.explanation() for r in whole.results[split:]]


def test_the_json_calls_answer_in_the_players_language():
    players, hands = sample_table("czech-taroky")
    msgid = "Team game: {povinnost} (povinnost) with {partner}, who held the {called}."
    phone.use_catalog(json.dumps({msgid: "Týmová hra: {povinnost} (povinnost) s {partner}, který měl {called}."}))
    try:
        now = json.loads(
            phone.table_now(json.dumps(snapshot_after("czech-taroky", players, [])), json.dumps(hands[:1]))
        )
    finally:
        phone.use_catalog("{}")
    assert now["rows"][0]["lines"][0] == "R2: Týmová hra: Anna (povinnost) s Cyril, který měl XIX."
    assert now["totals"] == [4, -4, 4, -4] and now["rows"][0]["scores"] == now["totals"]


def test_a_hand_that_no_longer_fits_stops_there_with_the_engines_objection():
    players, hands = sample_table("two-ten-jack")
    snapshot = snapshot_after("two-ten-jack", players, [*hands, {"closing": True}])  # the evening has ended
    now = phone.score_pending(snapshot, [{"captured": {"Aiko": ["2H"]}}])
    # the refused hand is named as the list would number it: the hand after the four, the closing no hand
    assert now["rows"] == [] and now["error"]["number"] == len(hands) + 1 and now["error"]["message"]


@pytest.mark.parametrize("game", GAMES)
def test_the_form_fields_become_the_hand_and_its_preview(game):
    samples = GAMES[game].samples
    players, before = list(samples.players), list(samples.table)  # the form is filled for the hand after table
    fields, expected = samples.fields, samples.hand  # a form's fields, the hand of them
    snapshot = snapshot_after(game, players, before[:-1])  # table's last hand still waits on the phone
    assert phone.hand_from_fields(snapshot, fields) == expected
    answer = phone.preview_hand(snapshot, before[-1:], fields)
    whole = engine_table.replay(engine_table.setup(game, {}, players), [*before, expected])
    assert answer["data"] == expected
    assert answer["scores"] == [whole.results[-1].scores[p] for p in players]
    assert answer["lines"] == whole.results[-1].explanation()
    kept = phone.score_pending(snapshot, [*before[-1:], expected])  # listed by the line the table page gives it
    assert answer["what"] == kept["rows"][-1]["what"]


def test_a_preview_of_a_hand_not_yet_valid_says_what_is_missing():
    players, hands = sample_table("czech-taroky")
    answer = phone.preview_hand(snapshot_after("czech-taroky", players, []), [], {"povinnost": "Anna", "mode": "team"})
    assert answer["error"]["root"] in ("partner", "points") and answer["error"]["message"]
