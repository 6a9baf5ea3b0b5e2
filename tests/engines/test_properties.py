"""Properties over generated input: zero-sum Czech hands, deterministic replays, only readable errors."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.contract.words import InvalidHand
from games.czech_taroky import engine as ct
from games.engines.table import InvalidTable, parse_document, replay, settle
from games.registry import ENGINES
from games.slovenian_tarok import engine as sl

PLAYERS = ["A", "B", "C", "D"]
CZECH_OPTIONS = {
    option.key: [value for value, _label in option.choices] or list(range(option.low, option.high + 1))
    for option in ct.OPTIONS
}
player = st.sampled_from(PLAYERS)
announcement = st.fixed_dictionaries(
    {"side": st.sampled_from(["declarers", "defenders"]), "announced": st.booleans(), "made": st.booleans()}
)
czech_hand = st.fixed_dictionaries(
    {"povinnost": player, "points": st.integers(0, 106)},
    optional={
        "mode": st.just("prever"),
        "partner": player,
        "prever": player,
        "talon": st.integers(1, 3),
        "contra": st.integers(0, 3),
        "valat": announcement,
        "pagat": announcement,
        "declarations": st.lists(
            st.fixed_dictionaries({"player": player, "kind": st.sampled_from(sorted(ct.POINT_CARDS))}), max_size=4
        ),
    },
)
czech_rules = st.fixed_dictionaries(
    {}, optional={key: st.sampled_from(options) for key, options in CZECH_OPTIONS.items()}
)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(czech_hand, czech_rules)
def test_every_valid_czech_hand_is_zero_sum(raw, rules_raw):
    rules = ct.parse_rules(rules_raw)
    try:
        hand = ct.parse_hand(raw, tuple(PLAYERS), rules)
    except InvalidHand as error:
        assert error.message()
        return
    result = ct.score_hand(hand, rules, ct.new_state(tuple(PLAYERS), rules))
    assert sum(result.scores.values()) == 0
    assert all(isinstance(v, int) for v in result.scores.values())
    assert result.explanation()


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(PLAYERS + ["declarers", "team", "prever", "klop", "three", "40 2/3", "2H", "JK", "declared"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "povinnost",
                    "partner",
                    "points",
                    "mode",
                    "prever",
                    "talon",
                    "contra",
                    "valat",
                    "pagat",
                    "declarations",
                    "player",
                    "kind",
                    "side",
                    "announced",
                    "made",
                    "contract",
                    "declarer",
                    "won",
                    "kontra",
                    "bonuses",
                    "mond_lost_by",
                    "klop",
                    "ending",
                    "by",
                    "other_points",
                    "other_had_trick",
                    "winner",
                    "game_points",
                    "removed",
                    "captured",
                    "A",
                    "B",
                    "x",
                ]
            ),
            children,
            max_size=5,
        )
    ),
    max_leaves=12,
)


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(ENGINES)), st.integers(2, 4), st.lists(json_values, max_size=3), json_values)
def test_arbitrary_input_gives_only_the_engines_readable_error(game, count, hands, rules):
    doc = {"game": game, "players": PLAYERS[:count], "hands": hands}
    if isinstance(rules, dict):
        doc["rules"] = rules
    try:
        out = settle(doc)
    except InvalidTable as error:
        line = error.line()
        assert line and "\n" not in line
        assert line.startswith(("hand ", "rules", "players"))
        return
    json.dumps(out)


bonus = st.fixed_dictionaries(
    {
        "kind": st.sampled_from(["trula", "kings", "pagat-ultimo", "valat"]),
        "side": st.sampled_from(["declarers", "defenders"]),
        "announced": st.booleans(),
        "made": st.booleans(),
    }
)


def _klop(thirds):
    a, b = sorted(thirds)
    parts = [a, b - a, 210 - b]
    return {
        "contract": "klop",
        "klop": dict(zip(["A", "B", "C"], [sl.format_points(sl.Fraction(p, 3)) for p in parts])),
    }


slovenian_hand = st.one_of(
    st.builds(
        lambda c, d, p, b, k: {
            "contract": c,
            "declarer": d,
            "points": sl.format_points(sl.Fraction(p, 3)),
            "bonuses": b,
            "kontra": k,
        },
        st.sampled_from(["three", "two", "one"]),
        st.sampled_from(["A", "B", "C"]),
        st.integers(0, 210),
        st.lists(bonus, max_size=2, unique_by=lambda b: b["kind"]),
        st.integers(0, 4),
    ),
    st.builds(
        lambda c, d, w: {"contract": c, "declarer": d, "won": w},
        st.just("beggar"),
        st.sampled_from(["A", "B", "C"]),
        st.booleans(),
    ),
    st.builds(
        lambda d, p: {"contract": "solo-without", "declarer": d, "points": sl.format_points(sl.Fraction(p, 3))},
        st.sampled_from(["A", "B", "C"]),
        st.integers(0, 210),
    ),
    st.builds(_klop, st.lists(st.integers(0, 210), min_size=2, max_size=2)),
)


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(slovenian_hand, max_size=8))
def test_slovenian_replay_is_deterministic_and_radelci_never_negative(hands):
    doc = {"game": "slovenian-tarok", "players": ["A", "B", "C"], "rules": {"radelci": True}, "hands": hands}
    table, raw = parse_document(doc)
    first = replay(table, raw)
    second = replay(table, raw)
    assert first.totals == second.totals
    assert first.state == second.state
    assert all(count >= 0 for count in first.state.radelci)
    assert all(count >= 0 for count in first.state.used)
