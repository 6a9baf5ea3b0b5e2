"""A hand's one line (the list of hands, the CSV, the score sheet, the history) names every fact that moved its
payout, with its side (issue 44): over every worked example and random tables of every game, each bonus the hand's
facts hold is named with whose it was, and each player's own amount of the explanation (a point card, a lost Mond,
a reversed suit, a Kontra of one's own, a klop's score) names that player and what it was."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.contract.hands import Adjustment, Closing
from games.contract.words import InvalidHand, Sums
from games.engines import czech_taroky as ct
from games.engines import koenigrufen as kr
from games.engines import slovenian_tarok as sl
from games.engines.table import InvalidTable, parse_document, replay
from games.registry import GAMES

from .worked_examples import EXAMPLES

BONUS_WORDS = {  # how each game's line names a bonus (English), by the facts' kind
    "czech-taroky": {"valat": "valat", "pagat": "I on the end"},
    "slovenian-tarok": sl.BONUS_NAMES,
    "koenigrufen": kr.BONUS_NAMES,
}
SIDE_WORDS = {"declarers": "declarer", "defenders": "defenders"}
OWN_WORDS = {  # what a player's own amount is, as the line must say it beside the player's name
    "R11": lambda hand, line: [
        ct.POINT_CARD_NAMES[d.kind] for d in hand.declarations if d.player == line.args["player"]
    ],
    "SR2": lambda hand, line: ["Mond"] if line.option == "mond_penalty" else [],
    "TR2": lambda hand, line: ["reversed " + line.args["suit"]],
    "AT8": lambda hand, line: [line.args["said"].render()],  # "Bert Kontra, Cilli Re", as the table says it
}


def missing(engine, rules, hand, result) -> list[str]:
    """What the hand's line leaves out of what moved its payout; [] when it names everything."""
    if isinstance(hand, (Adjustment, Closing)):
        return []
    said = engine.describe(hand, rules).render()
    parts = [part for chunk in said.split(" · ") for part in chunk.split("; ")]
    found = []
    beside_valat = any("counts for nothing beside a valat" in line.render() for line in result.lines)
    for bonus in engine.facts(hand).bonuses:
        if engine.SLUG == "czech-taroky" and bonus.kind == "pagat" and beside_valat:
            continue  # R9: it moved nothing
        name = BONUS_WORDS[engine.SLUG][bonus.kind]
        if not any(name in part and SIDE_WORDS[bonus.side] in part for part in parts):
            found.append(f"{bonus.kind} of the {bonus.side} not named with its side in: {said}")
    for line in result.lines:
        if line.sums != Sums.OWN:
            continue
        player = line.args["player"]
        words = OWN_WORDS.get(line.rule, lambda hand, line: [])(hand, line)
        if player not in said or not all(word in said for word in words):
            found.append(f"{line.render()} is not named ({player}, {words}) in: {said}")
    return found


def checked(document) -> list[str]:
    table, raws = parse_document(document)
    results = replay(table, raws).results
    hands = [table.engine.parse_hand(raw, table.players, table.rules) for raw in raws[: len(results)]]
    return [
        problem for hand, result in zip(hands, results) for problem in missing(table.engine, table.rules, hand, result)
    ]


@pytest.mark.parametrize("document, expected, extra", EXAMPLES.values(), ids=EXAMPLES.keys())
def test_every_worked_examples_line_names_what_paid(document, expected, extra):
    assert checked(document) == []


def test_the_issues_hands_say_the_point_cards_the_defenders_trula_and_the_lost_mond():
    czech = EXAMPLES["E11"][0]
    table, raws = parse_document(czech)
    line = table.engine.describe(table.engine.parse_hand(raws[0], table.players, table.rules), table.rules).render()
    assert line == (
        "A + C · 64 · contra · A: big ones (10+ taroks), trul (Škýz, Mond, Pagát) · B: uni (no taroks) · "
        "D: rosa-honery (all four kings)"
    )
    slovenian = {
        "game": "slovenian-tarok",
        "players": ["Anna", "Čeněk", "David", "Ema"],
        "hands": [
            {
                "contract": "three",
                "declarer": "Anna",
                "partner": "David",
                "points": 44,
                "kontra": 1,
                "bonuses": [
                    {"kind": "trula", "side": "defenders", "announced": False, "made": True},
                    {"kind": "kings", "side": "declarers", "announced": False, "made": True},
                ],
                "mond_lost_by": "Čeněk",
            }
        ],
    }
    table, raws = parse_document(slovenian)
    line = table.engine.describe(table.engine.parse_hand(raws[0], table.players, table.rules), table.rules).render()
    assert line == (
        "Anna: three with David · 44 · ×2 · trula unannounced by the defenders, made; kings unannounced by the "
        "declarers, made · Čeněk lost the Mond"
    )


@pytest.mark.parametrize("slug", sorted(GAMES))
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_generated_hands_line_names_what_paid(slug, seed):
    document = GAMES[slug].samples.document(random.Random(seed))
    try:
        problems = checked(document)
    except (InvalidTable, InvalidHand):
        return
    assert problems == []
