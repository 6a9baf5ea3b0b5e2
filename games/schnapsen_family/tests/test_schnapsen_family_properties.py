"""Properties of Bauernschnapsen and Dreierschnapsen over random tables (the entries' own generators): each hand
scores what the spec's BS2–BS7 give (worked out here again from the hand's fields), the Bummerl marks and the
Bummerl under way are what BS8 makes of those scores in order, the explanation's figures add up to the scores,
partners always stand alike, and a table replayed from stored states ends where the replay ends."""

from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.bauernschnapsen import engine as bauernschnapsen
from games.bauernschnapsen import entry as bauern_entry
from games.dreierschnapsen import engine as dreierschnapsen
from games.dreierschnapsen import entry as dreier_entry
from games.engines.table import InvalidTable, Setup, dump_state, load_state, play_next
from games.schnapsen_family import scoring as sf
from tests.engines.test_explanations_add_up import problems as figures_problems

GAMES = {"bauernschnapsen": (bauernschnapsen, bauern_entry), "dreierschnapsen": (dreierschnapsen, dreier_entry)}
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def tables(game):
    return st.randoms(use_true_random=False).map(GAMES[game][1].SAMPLES.document)


def played(document):
    """The document's valid hands in order, each with its result and the state after it (refused hands left out,
    as a table keeps only the hands it accepted)."""
    engine = GAMES[document["game"]][0]
    players = tuple(document["players"])
    setup = Setup(engine=engine, rules=engine.parse_rules(document["rules"], players), players=players)
    state = engine.new_state(players, setup.rules)
    kept = []
    for number, raw in enumerate(document["hands"], start=1):
        try:
            hand, result, after = play_next(setup, state, raw, number)
        except InvalidTable:
            continue
        kept.append((raw, hand, result, after))
        state = after
    return setup, kept


SIDES = {4: ((0, 2), (1, 3)), 3: ((0,), (1,), (2,))}


def expected_scores(raw, players, rules):
    """BS2–BS7 from the hand's fields alone."""
    contract = raw.get("contract", "normal")
    if contract == "normal":
        if "game_points" in raw:
            base = raw["game_points"]
        elif not raw["loser_had_trick"]:
            base = 3
        else:
            base = 2 if raw["loser_points"] < rules.one_point_from else 1
    else:
        base = rules.value(contract) * (1 if raw["won"] else rules.lost_factor)
    points = base * 2 ** raw.get("kontra", 0)
    sides = SIDES[len(players)]
    own = next(side for side in sides if players.index(raw["declarer"]) in side)
    scorers = own if raw["won"] else tuple(seat for side in sides if side != own for seat in side)
    return {p: points if i in scorers else 0 for i, p in enumerate(players)}


def bummerl_from(players, rules, kept):
    """BS8 from the scores in order: each side's count, the (target − 1) : 0 moments, the marks at the target."""
    sides = SIDES[len(players)]
    count, marks, moments = [0] * len(sides), [0] * len(players), set()
    for raw, _hand, result, _after in kept:
        if "closing" in raw:
            count, moments = [0] * len(sides), set()
            continue
        for i, side in enumerate(sides):
            count[i] += result.scores[players[side[0]]]
        pairs = [(s, o) for s in range(len(sides)) for o in range(len(sides)) if s != o]
        moments |= {(s, o) for s, o in pairs if count[s] == rules.target - 1 and count[o] == 0}
        won = [i for i in range(len(sides)) if count[i] >= rules.target]
        if not won:
            continue
        for loser in set(range(len(sides))) - set(won):
            if rules.retourschneider and any((loser, w) in moments for w in won):
                given = 4
            else:
                given = 2 if rules.schneider and count[loser] == 0 else 1
            for seat in sides[loser]:
                marks[seat] += given
        count, moments = [0] * len(sides), set()
    current = [next(count[i] for i, side in enumerate(sides) if seat in side) for seat in range(len(players))]
    if rules.count_down:
        current = [rules.target - points for points in current]
    return dict(zip(players, marks)), dict(zip(players, current))


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(data=st.data())
def test_each_hand_scores_what_the_rules_give(game, data):
    setup, kept = played(data.draw(tables(game)))
    for raw, _hand, result, _after in kept:
        if "adjustment" not in raw and "closing" not in raw:
            assert result.scores == expected_scores(raw, setup.players, setup.rules), raw


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(data=st.data())
def test_the_bummerl_marks_are_replayed_from_the_hands_in_order(game, data):
    setup, kept = played(data.draw(tables(game)))
    if not kept:
        return
    marks, current = bummerl_from(setup.players, setup.rules, kept)
    assert setup.engine.summary(kept[-1][3]) == {"bummerl": marks, "current": current}


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(data=st.data())
def test_the_explanation_figures_add_up_to_the_scores(game, data):
    setup, kept = played(data.draw(tables(game)))
    for raw, _hand, result, _after in kept:
        assert all(line.rule in sf.RULES for line in result.lines)  # each links to its entry on the rules page
        if "adjustment" in raw or "closing" in raw:
            continue
        said = [line for line in result.lines if line.text in (sf.SCORE_TEXT, sf.SCORE_ONE_TEXT)]
        assert len(said) == 1
        points = said[0].args["points"]
        scorers = [p for p, score in result.scores.items() if score]
        assert all(result.scores[p] == points for p in scorers)
        assert sum(result.scores.values()) == points * (1 if said[0].text == sf.SCORE_ONE_TEXT else 2)
        for line in result.lines:  # every product printed is right, and the last one is what is scored
            if {"value", "factor", "points"} <= set(line.args):
                assert line.args["value"] * line.args["factor"] == line.args["points"]
        chain = [
            line.args.get("points", line.args.get("value")) for line in result.lines[: result.lines.index(said[0])]
        ]
        figures = [figure for figure in chain if isinstance(figure, int)]
        assert figures[-1] == points


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(data=st.data())
def test_partners_stand_alike_and_stored_states_replay_to_the_same_end(game, data):
    setup, kept = played(data.draw(tables(game)))
    state = setup.engine.new_state(setup.players, setup.rules)
    for raw, _hand, result, after in kept:
        if len(setup.players) == 4:
            for a, b in ((0, 2), (1, 3)):
                pa, pb = setup.players[a], setup.players[b]
                assert result.scores[pa] == result.scores[pb]
                assert after.current[a] == after.current[b] and after.bummerl[a] == after.bummerl[b]
        stored = load_state(setup, dump_state(state))
        _hand, again, state = play_next(setup, stored, raw, 1)
        assert again.scores == result.scores and state == after


def test_the_generators_make_every_contract_kontra_adjustments_and_bummerl():
    for game, (_engine, entry) in GAMES.items():
        documents = [entry.SAMPLES.document(Random(seed)) for seed in range(80)]
        hands = [raw for d in documents for raw in d["hands"]]
        assert {raw.get("contract") for raw in hands} >= set(sf.CONTRACTS)
        assert any(raw.get("kontra") for raw in hands) and any("adjustment" in raw for raw in hands)
        ended = [played(d)[1] for d in documents]
        assert any(kept and any(kept[-1][3].bummerl) for kept in ended), game


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(data=st.data())
def test_the_shared_reader_of_figures_finds_nothing_that_does_not_add_up(game, data):
    """The check every registered game passes (test_explanations_add_up.py): game points are never negative, so
    these lines print no signed figure but the adjustment's own, which its role adds."""
    _setup, kept = played(data.draw(tables(game)))
    for _raw, _hand, result, _after in kept:
        assert figures_problems(result.lines, result.scores) == []
