"""Every explanation's printed lines add up to what it says the hand is worth (issue 44): over every worked example
of every game and over random tables of every game (the entries' own generators), the signed figures each line
prints (+4, −16) are read from the text a player reads and added as the line's role says (``Line.sums``, data
beside the text: a term, a total, a factor over the sum …). A line without a role may print no signed figure: a
step or a factor is written unsigned ("4 × 2 = 8"), so nothing a player could add is left out of the sum."""

import random
import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.contract.words import InvalidHand, Sums
from games.engines.table import InvalidTable, parse_document, replay
from games.koenigrufen import engine as kr
from games.koenigrufen.tests.worked_examples import FOUR
from games.registry import GAMES

from .worked_examples import EXAMPLES

FIGURE = r"[+−](?:\d+(?:\.\d+)?[⅓⅔]?|[⅓⅔]|\d+/\d+)"
SIGNED = re.compile(rf"(?<![\w⅓⅔./])({FIGURE})(?![\w/])")
FACTOR = re.compile(r"×\s*(?:[^\d=×]*\s)?(\d+)")  # × 2, × kontra 2, × supra-contra 8
SAYS_ZERO = {
    Sums.TERM,
    Sums.TOTAL,
    Sums.SCALED,
    Sums.OWN,
}  # "→ 0 for the declarers", "Bojan: ⅓ → 0": nothing is unsigned
ROLES = {"", Sums.TERM, Sums.TOTAL, Sums.SUM, Sums.SCALED, Sums.SCORES, Sums.OWN}


def value(figure: str) -> Fraction:
    sign, digits = (-1 if figure[0] == "−" else 1), figure[1:]
    whole, third = (digits[:-1], digits[-1]) if digits[-1] in "⅓⅔" else (digits, "")
    amount = Fraction(whole.replace(".", "") or 0) / (10 ** len(whole.split(".")[1]) if "." in whole else 1)
    return sign * (amount + {"": 0, "⅓": Fraction(1, 3), "⅔": Fraction(2, 3)}[third])


def figures(text: str) -> list[Fraction]:
    """The signed figures a line prints, in order: what a player adds."""
    return [value(f) for f in SIGNED.findall(text)]


def said_sum(text: str) -> tuple[list[Fraction], Fraction]:
    """A line that adds up itself: the signed figures before its last "= " or ": ", and the figure after it
    (unsigned when it is 0)."""
    cut = max(text.rfind("= "), text.rfind(": "))
    after = text[cut + 2 :].rstrip(".")
    found = figures(after)
    return figures(text[:cut]), (found[0] if found else Fraction(after.split()[0].replace("−", "-")))


def problems(lines, scores) -> list[str]:  # noqa: C901 (one branch a role: the roles read as a list)
    """Where the lines of one hand do not add up, in words; [] when they do."""
    found, running = [], None
    for line in lines:
        text, role = line.render(), line.sums
        signed = figures(text) or ([Fraction(0)] if re.search(r"\b0\b", text) and role in SAYS_ZERO else [])
        if role not in ROLES:
            found.append(f"unknown role {role!r}: {text}")
        elif role == "":
            if signed:
                found.append(f"a signed figure on a line that counts for nothing: {text}")
        elif role == Sums.TERM:
            running = (running or 0) + signed[-1]
        elif role == Sums.TOTAL:
            if running is not None and signed[-1] != running:
                found.append(f"the lines add to {running}, the total says {signed[-1]}: {text}")
            running = signed[-1]
        elif role == Sums.SUM:
            parts, total = said_sum(text)
            if sum(parts) != total:
                found.append(f"{' + '.join(map(str, parts))} is not {total}: {text}")
            running = total
        elif role == Sums.SCALED:
            factor = 1
            for times in FACTOR.findall(text):
                factor *= int(times)
            if running is not None and abs(running) * factor != abs(signed[-1]):
                found.append(f"{running} × {factor} is not {signed[-1]}: {text}")
            running = signed[-1]
        elif role == Sums.SCORES:
            allowed = {Fraction(s) for s in scores.values()} | (
                {running * k for k in (1, -1, 3, -3)} if running is not None else set()
            )
            found += [f"{f} is nobody's score nor the sum {running}: {text}" for f in signed if f not in allowed]
        elif role == Sums.OWN:
            if not signed or line.args.get("player") not in scores:
                found.append(f"a player's own amount without its player: {text}")
    return found


def hands_of(document):
    table, hands = parse_document(document)
    return replay(table, hands).results


@pytest.mark.parametrize("document, expected, extra", EXAMPLES.values(), ids=EXAMPLES.keys())
def test_every_worked_examples_lines_add_up(document, expected, extra):
    for result in hands_of(document):
        assert problems(result.lines, result.scores) == []


def test_a_valat_that_replaces_the_game_leaves_the_games_line_out_of_the_sum():
    """The issue's hands: AT7 "Game: +1", "1 × 8 = +8; it replaces the game", Pagat +2 and "+10" added to 11."""
    hand = {
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Bert",
        "points": 70,
        "bonuses": [
            {"kind": "valat", "side": "declarers", "announced": True, "made": True},
            {"kind": "pagat", "side": "declarers", "announced": True, "made": True},
        ],
    }
    rules = kr.parse_rules({}, FOUR)
    result, _state = kr.play(kr.parse_hand(hand, FOUR, rules), rules, kr.new_state(FOUR, rules))
    text = result.explanation()
    assert "AT13: Game and bonuses: +10 for the declarers." in text
    assert not any(line.startswith("AT7: Game: ") for line in text)
    assert problems(result.lines, result.scores) == []


def test_the_reader_of_figures_reads_what_the_pages_print():
    assert figures("Game +20 × kontra 2 = +40, Anna 3 × −16 = −48, 40⅔ − 35 = 5⅔, |−⅓|") == [
        20,
        40,
        -16,
        -48,
        Fraction(-1, 3),
    ]
    assert FACTOR.findall("× supra-contra 8 = −144, × 2 = +4, 1 × 8 × 2") == ["8", "2", "8", "2"]
    assert figures("Ben: 2♥ +10 K♥ +5 Q♠ −5 = +10; +1/3") == [10, 5, -5, 10, Fraction(1, 3)]
    assert said_sum("Aiko: — = 0.") == ([], 0)
    assert said_sum("Game +4, then I on the end −4: 0.") == ([4, -4], 0)


@pytest.mark.parametrize("slug", sorted(GAMES))
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_generated_hands_lines_add_up(slug, seed):
    document = GAMES[slug].samples.document(random.Random(seed))
    try:
        results = hands_of(document)
    except (InvalidTable, InvalidHand):
        return
    for number, result in enumerate(results, start=1):
        assert problems(result.lines, result.scores) == [], (number, document["hands"][number - 1])


def test_a_players_own_amount_of_nothing_is_written_unsigned():
    """A klop player with ⅓ of a card point loses nothing: "Bojan: ⅓ → 0." is his own amount, not a line without one
    (the seed the generator found: 1167895036)."""
    document = {
        "game": "slovenian-tarok",
        "players": ["Ana", "Bojan", "Cene"],
        "hands": [{"contract": "klop", "klop": {"Ana": 35, "Bojan": "1/3", "Cene": "34 2/3"}}],
    }
    [result] = hands_of(document)
    assert "SR2: Bojan: ⅓ → 0." in [line.render() for line in result.lines]
    assert problems(result.lines, result.scores) == []
