"""House rules as groups play them: the new options, presets, adjustments, closings, the Sixty-six draw, and a rule
named on every explanation line (each game's rules.md in its folder, shared/formats/table-json.md)."""

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.contract.options import parse_options
from games.contract.words import InvalidHand
from games.czech_taroky import engine as ct
from games.engines.table import InvalidTable, parse_document, replay, settle
from games.registry import GAMES
from games.schnapsen import engine as sn
from games.slovenian_tarok import engine as sl
from games.two_ten_jack import engine as ttj

from .worked_examples import EXAMPLES

CZ = ["A", "B", "C", "D"]
FOUR = ["Ana", "Bojan", "Cene", "Dora"]


def run(game, players, hands, rules=None):
    table, raw = parse_document({"game": game, "players": players, "rules": rules or {}, "hands": hands})
    return table, replay(table, raw)


# ---- the new options, step by step ---------------------------------------------------------------


def test_e13_pagat_announced_worth_8():
    _, result = run("czech-taroky", CZ, [EXAMPLES["czech-taroky E13"][0]["hands"][0]], {"pagat_announced": 8})
    lines = result.results[0].explanation()
    assert (
        "R8 (pagat_announced: 8): I on the end, announced (8), made, by the declarer side: +8 for the declarer "
        "side." in lines
    )
    assert "R8 (pagat_inside_multipliers: false): Game +4, then I on the end +8: +12." in lines


def test_e14_the_i_on_the_end_settled_with_a_valat_or_not():
    hand = EXAMPLES["czech-taroky E14"][0]["hands"][0]
    _, settled = run("czech-taroky", CZ, [hand], {"pagat_with_valat": True})
    assert "R9 (pagat_with_valat: true): Valat +40, then I on the end +2: +42." in settled.results[0].explanation()
    _, ignored = run("czech-taroky", CZ, [hand])
    assert (
        "R9 (pagat_with_valat: false): The I on the end counts for nothing beside a valat."
        in ignored.results[0].explanation()
    )


def test_e15_an_adjustment_is_zero_sum_and_not_a_deal():
    table, result = run(
        "czech-taroky",
        CZ,
        [{"povinnost": "A", "partner": "C", "points": 63}, EXAMPLES["czech-taroky E15"][0]["hands"][0]],
    )
    assert result.results[1].scores == {"A": 5, "B": -15, "C": 5, "D": 5}
    assert "R12: Written by hand: revoke." in result.results[1].explanation()
    assert ct.status(result.state).next_leader == "B", "povinnost does not move"
    with pytest.raises(InvalidTable, match="hand 1: adjustment: the amounts must add up to 0"):
        run("czech-taroky", CZ, [{"adjustment": {"A": 5}}])


def test_s7_klop_without_radelci_keeps_the_radelc():
    _, result = run("slovenian-tarok", FOUR, EXAMPLES["slovenian-tarok S7"][0]["hands"], {"klop_radelci": False})
    assert result.results[1].scores["Ana"] == 70
    assert "SR3 (klop_radelci: false): Radelci do not count in klop." in result.results[1].explanation()


def test_s8_an_announced_valat_scored_as_the_contract_or_as_a_bonus():
    hand = EXAMPLES["slovenian-tarok S8"][0]["hands"][0]
    _, contract = run("slovenian-tarok", FOUR, [hand], {"announced_valat": "contract"})
    assert contract.results[0].scores == {"Ana": -500, "Bojan": -500, "Cene": 0, "Dora": 0}
    assert sl.summary(contract.state)["radelci"] == {p: 1 for p in FOUR}
    _, bonus = run("slovenian-tarok", FOUR, [hand])
    assert bonus.results[0].scores["Ana"] == -485 and "SR3: Game and bonuses: −485." in bonus.results[0].explanation()


def test_s9_radelci_left_at_the_end_cost_the_penalty():
    _, result = run("slovenian-tarok", FOUR, EXAMPLES["slovenian-tarok S9"][0]["hands"], {"radelci_end_penalty": 100})
    closing = result.results[-1]
    assert closing.scores == {"Ana": -100, "Bojan": -100, "Cene": -200, "Dora": -200}
    assert "SR4 (radelci_end_penalty: 100): Cene, radelci still held: 2 × −100 = −200." in closing.explanation()


def test_s10_a_caught_mond_gives_everyone_a_radelc_once():
    _, result = run("slovenian-tarok", FOUR, EXAMPLES["slovenian-tarok S10"][0]["hands"], {"mondfang_radelci": True})
    assert sl.summary(result.state)["radelci"] == {p: 1 for p in FOUR}
    _, beggar = run(
        "slovenian-tarok",
        FOUR,
        [{"contract": "beggar", "declarer": "Ana", "won": True, "mond_lost_by": "Bojan"}],
        {"mondfang_radelci": True},
    )
    assert sl.summary(beggar.state)["radelci"] == {p: 1 for p in FOUR}, "at most one radelc per player per hand"


def test_slovenian_adjustments_give_and_cross_off_radelci_but_never_below_0():
    _, result = run(
        "slovenian-tarok",
        FOUR,
        [
            {"adjustment": {"Ana": 120, "Dora": -40}, "reason": "from paper", "radelci": {"Ana": 2, "Cene": 1}},
            {"adjustment": {}, "radelci": {"Ana": -1}},
        ],
    )
    assert result.totals == {"Ana": 120, "Bojan": 0, "Cene": 0, "Dora": -40}
    assert sl.status(result.state).as_json()["radelci"] == {"Ana": 1, "Bojan": 0, "Cene": 1, "Dora": 0}
    assert sl.status(result.state).as_json()["next_dealer"] == "Ana", "an adjustment is not a deal"
    with pytest.raises(InvalidTable, match="radelci.Bojan"):
        run("slovenian-tarok", FOUR, [{"adjustment": {}, "radelci": {"Bojan": -1}}])


def test_k8_a_draw_gives_the_next_winner_one_more_and_waits_for_a_real_hand():
    hands = EXAMPLES["schnapsen K8"][0]["hands"]
    _, result = run("schnapsen", ["Anna", "Ben"], [hands[0], {"adjustment": {"Anna": 1}}, hands[1]], {"deck": 24})
    assert result.results[2].scores == {"Anna": 0, "Ben": 2}
    assert "KR2 (deck: 24): + 1 for the draw before: Ben scores 2." in result.results[2].explanation()
    assert sn.summary(result.state)["current"] == {"Anna": 1, "Ben": 2}
    with pytest.raises(InvalidTable, match="hand 1: ending: a draw"):
        run("schnapsen", ["Anna", "Ben"], [hands[0]])


def test_a_schnapsen_adjustment_can_end_a_bummerl_and_a_closing_abandons_one():
    _, result = run(
        "schnapsen",
        ["Anna", "Ben"],
        [
            {"winner": "Anna", "game_points": 3},
            {"adjustment": {"Anna": 4}, "reason": "agreed"},
            {"winner": "Ben", "game_points": 2},
            {"closing": True},
        ],
    )
    assert sn.summary(result.state) == {"bummerl": {"Anna": 0, "Ben": 2}, "current": {"Anna": 0, "Ben": 0}}
    assert (
        "KR4: The Bummerl under way (Anna 0 – Ben 2) is abandoned: nobody wins or loses it (its game points "
        "stay in the game points in all)." in result.results[-1].explanation()
    )
    # the format: a closing scores 0, so the abandoned Bummerl's 2 game points stay in the sum of the hands
    assert result.results[-1].scores == {"Anna": 0, "Ben": 0}
    assert result.totals == {"Anna": 3 + 4, "Ben": 2}


def test_t4_a_game_closed_early_is_won_by_the_highest_total():
    _, result = run("two-ten-jack", ["Aiko", "Ben", "Chie"], EXAMPLES["two-ten-jack T4"][0]["hands"])
    status = ttj.status(result.state).as_json()
    assert status["finished"] and ttj.winners(result.totals, status) == ["Aiko"]
    _, adjusted = run("two-ten-jack", ["Aiko", "Ben"], [{"adjustment": {"Aiko": 10}}])
    assert ttj.status(adjusted.state).as_json()["rounds_played"] == 0, "an adjustment is not a round"


@pytest.mark.parametrize("game", GAMES)
def test_nothing_may_follow_a_closing(game):
    players = list(GAMES[game].samples.players)
    with pytest.raises(InvalidTable, match="hand 2: the evening was closed"):
        run(game, players, [{"closing": True}, {"adjustment": {}}])


@pytest.mark.parametrize(
    "raw, field",
    [
        ({"adjustment": {"X": 1}}, "adjustment"),
        ({"adjustment": {"A": 1.5}}, "adjustment.A"),
        ({"adjustment": {}, "reason": "x" * 201}, "reason"),
        ({"adjustment": {}, "radelci": {}}, "radelci"),
        ({"closing": 1}, "closing"),
        ({"adjustment": {}, "reason": "a\x00b"}, "reason"),
    ],
)
def test_bad_adjustments_name_the_field(raw, field):
    with pytest.raises(InvalidHand) as error:
        ct.parse_hand(raw, tuple(CZ), ct.parse_rules({}))
    assert error.value.field == field


# ---- presets --------------------------------------------------------------------------------------

PRESET_VALUES = {
    ("czech-taroky", "mach-code"): {"contra_on_valat": False},
    ("czech-taroky", "help-text"): {
        "step_factor": False,
        "prever_talon_multiplier": "always",
        "pagat_inside_multipliers": True,
    },
    ("slovenian-tarok", "palcka"): {
        "difference_rounding": "whole",
        "klop_full_threshold": "at-least-35-2/3",
        "klop_radelci": False,
        "announced_valat": "contract",
        "radelci": True,
    },
    ("slovenian-tarok", "scorebook"): {
        "mond_penalty": 20,
        "klop_radelci": False,
        "announced_valat": "contract",
        "radelci_end_penalty": 100,
        "difference_rounding": "five",
        "radelci": True,
    },
    ("schnapsen", "sixty-six"): {"deck": 24},
}


@pytest.mark.parametrize("game, preset", PRESET_VALUES)
def test_every_preset_is_the_rules_files_values(game, preset):
    engine = GAMES[game].engine
    count = engine.PLAYER_COUNTS[-1]
    values = parse_options({"preset": preset}, engine.OPTIONS, count, engine.PRESETS)
    defaults = parse_options({}, engine.OPTIONS, count, engine.PRESETS)
    assert {key: value for key, value in values.items() if value != defaults[key]} == {
        key: value for key, value in PRESET_VALUES[(game, preset)].items() if value != defaults[key]
    }


def option_values(option):
    if option.kind == "choice":
        return st.sampled_from([value for value, _label in option.choices])
    if option.kind == "whole":  # only the values the option takes (an even bonus value: silent is half)
        return st.integers(option.low, option.high).filter(lambda value: takes(option, value))
    return st.just(dict(option.default))


def takes(option, value):
    try:
        option.parse(value)
    except InvalidHand:
        return False
    return True


@st.composite
def presets_and_overrides(draw):
    game = draw(st.sampled_from(sorted(GAMES)))
    engine = GAMES[game].engine
    preset = draw(st.sampled_from(engine.PRESETS))
    keys = draw(st.sets(st.sampled_from([o.key for o in engine.OPTIONS])))
    overrides = {o.key: draw(option_values(o)) for o in engine.OPTIONS if o.key in keys}
    return engine, preset, overrides, draw(st.sampled_from(engine.PLAYER_COUNTS))


@settings(max_examples=200)
@given(presets_and_overrides())
def test_a_preset_plus_overrides_equals_the_same_options_written_out(case):
    engine, preset, overrides, count = case
    with_preset = parse_options({"preset": preset.key, **overrides}, engine.OPTIONS, count, engine.PRESETS)
    explicit = parse_options({**preset.values, **overrides}, engine.OPTIONS, count, engine.PRESETS)
    assert with_preset == explicit


def test_an_unknown_preset_names_the_field():
    with pytest.raises(InvalidTable, match="rules: preset: must be one of"):
        settle({"game": "czech-taroky", "rules": {"preset": "house"}, "players": CZ})


# ---- adjustments keep Czech hands zero-sum; closings; every line names its rule -----------------------------


@settings(max_examples=200)
@given(st.dictionaries(st.sampled_from(CZ), st.integers(-1000, 1000), max_size=4))
def test_czech_adjustments_keep_every_hand_zero_sum(amounts):
    try:
        hand = ct.parse_hand({"adjustment": amounts}, tuple(CZ), ct.parse_rules({}))
    except InvalidHand:
        assert sum(amounts.values()) != 0
        return
    result = ct.score_hand(hand, ct.parse_rules({}), ct.new_state(tuple(CZ), ct.parse_rules({})))
    assert sum(result.scores.values()) == 0


RULE = re.compile(rf"^({'|'.join(game.rule_prefix for game in GAMES.values())})\d+( \([a-z_]+: [^()]*\))?: \S")


def every_line_names_its_rule(document):
    for hand in settle(document)["hands"]:
        for line in hand["explanation"]:
            assert RULE.match(line), line


@pytest.mark.parametrize("document, expected, extra", EXAMPLES.values(), ids=EXAMPLES.keys())
def test_every_line_of_every_worked_example_names_its_rule(document, expected, extra):
    every_line_names_its_rule(document)


@pytest.mark.parametrize("game", GAMES)
def test_random_tables_with_adjustments_and_closings_replay_the_same_in_whole_numbers(game):
    from tests.strategies import documents

    @settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        documents(game),
        st.lists(
            st.tuples(st.integers(0, 20), st.sampled_from([GAMES[game].samples.adjustment, {"closing": True}])),
            max_size=3,
        ),
        st.sampled_from([{}, {"preset": GAMES[game].engine.PRESETS[-1].key}]),
    )
    def check(document, extras, rules):
        hands = list(document["hands"])
        for where, hand in extras:
            hands.insert(where % (len(hands) + 1), hand)
        document = {**document, "hands": hands, "rules": rules}
        try:
            first = settle(document)
        except InvalidTable as error:
            assert error.line() and "\n" not in error.line()
            return
        assert settle(json.loads(json.dumps(document))) == first
        assert all(type(v) is int for hand in first["hands"] for v in hand["scores"].values())
        every_line_names_its_rule(document)

    check()
