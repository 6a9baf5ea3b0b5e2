"""A hand's one line (the list of hands, the CSV, the score sheet, the history) names every fact that moved its
payout, with its side (issue 44): over every worked example and random tables of every game, each bonus the hand's
facts hold is named with whose it was, and each player's own amount of the explanation (a point card, a lost Mond,
a reversed suit, a Kontra of one's own, a klop's score) names that player and what it was; a radelc that doubled a
Slovenian payout is named ("radelc ×2", in klop with whose scores it doubled), on the server's pages and on the phone,
and no line names one that did not."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.contract.hands import Adjustment, Closing
from games.contract.words import InvalidHand, Sums
from games.czech_taroky import engine as ct
from games.engines.table import InvalidTable, describe_played, parse_document, play_next
from games.koenigrufen import engine as kr
from games.offline import phone
from games.registry import GAMES
from games.slovenian_tarok import engine as sl

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


def missing(table, hand, result, before) -> list[str]:
    """What the hand's line leaves out of what moved its payout; [] when it names everything."""
    if isinstance(hand, (Adjustment, Closing)):
        return []
    engine = table.engine
    said = describe_played(table, hand, before).render()
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
    return found + radelci_missing(result, said)


def radelci_missing(result, said: str) -> list[str]:
    """SR3: a radelc that doubled the payout is named after the hand ("radelc ×2"; in klop with the players whose
    scores it doubled), and none is named where none doubled anything."""
    doubled = [line for line in result.lines if line.text in (sl.HOLDS_RADELC, sl.HOLDS_RADELC_IN_KLOP)]
    named = said.split("radelc ×2")[-1] if "radelc ×2" in said else None
    if not doubled:
        return [] if named is None else [f"a radelc named where none doubled: {said}"]
    players = [line.args["player"] for line in doubled if line.text == sl.HOLDS_RADELC_IN_KLOP]
    if named is None or not all(player in named for player in players):
        return [f"the radelci that doubled the payout ({players or 'the declarer'}) are not named in: {said}"]
    return []


def checked(document) -> list[str]:
    table, raws = parse_document(document)
    state, problems = table.engine.new_state(table.players, table.rules), []
    for number, raw in enumerate(raws, start=1):
        hand, result, after = play_next(table, state, raw, number)
        problems += missing(table, hand, result, state)
        state = after
    return problems


@pytest.mark.parametrize("document, expected, extra", EXAMPLES.values(), ids=EXAMPLES.keys())
def test_every_worked_examples_line_names_what_paid(document, expected, extra):
    assert checked(document) == []


def test_the_issues_hands_say_the_point_cards_the_defenders_trula_and_the_lost_mond():
    czech = EXAMPLES["czech-taroky E11"][0]
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


RADELCI_EVENING = [
    {"contract": "beggar", "declarer": "Cene", "won": True},  # SR3: every player gets a radelc, nobody held one
    {"contract": "two", "declarer": "Bojan", "partner": "Dora", "points": 38},  # Bojan's radelc: 25 × 2, crossed off
    {"contract": "two", "declarer": "Bojan", "partner": "Dora", "points": 38},  # none left: 25
    {"contract": "klop", "klop": {"Ana": 20, "Bojan": "15 1/3", "Cene": "20 2/3", "Dora": 14}},  # all but Bojan's
]


def test_the_phone_names_the_radelc_that_doubled_a_hand_it_scored():
    """The rows of the hands a phone keeps unsent (games/offline/phone.py) say it as the server's list does."""
    snapshot = {"game": "slovenian-tarok", "rules": {}, "players": ["Ana", "Bojan", "Cene", "Dora"]}
    rows = phone.score_pending(snapshot, RADELCI_EVENING)["rows"]
    assert [(row["what"], row["scores"]) for row in rows] == [
        ("Cene: beggar · made", [0, 0, 70, 0]),
        ("Bojan: two with Dora · 38 · radelc ×2", [0, 50, 0, 50]),
        ("Bojan: two with Dora · 38", [0, 25, 0, 25]),
        ("klop · Ana 20, Bojan 15⅓, Cene 20⅔, Dora 14 · radelc ×2: Ana, Cene, Dora", [-40, -15, -42, -28]),
    ]
    words = {"radelc ×2": "Radelc ×2", "radelc ×2: {players}": "Radelc ×2: {players}"}
    german = phone.score_pending(snapshot, RADELCI_EVENING, phone.translator(words))["rows"]
    assert german[1]["what"].endswith("· Radelc ×2") and german[3]["what"].endswith("Radelc ×2: Ana, Cene, Dora")
    without = phone.score_pending({**snapshot, "rules": {"radelci": False}}, RADELCI_EVENING)["rows"]
    assert not any("radelc" in row["what"] for row in without)
