"""Czech Taroky R11: a set of point-card declarations is refused exactly when no deal of one deck makes all of
them true, and the refusal names a smallest set of declarations that clash.

The engine's verdict is checked against a brute force written here from R11 alone: it deals card counts to all
four hands (five-point trumps, other taroks, kings, other suit cards) and leaves the rest for the talon.
"""

import functools
import itertools
import random

import pytest

from games.contract.words import InvalidHand
from games.czech_taroky import engine as ct

PLAYERS = ("Anna", "Bara", "Cyril", "Dana")
CLASH = "These point cards cannot all be true in one deal: "

# R11's table, for a hand of t taroks (h of them Škýz, Mond or Pagát) and k kings
HOLDS = {
    "uni": lambda t, k, h: t == 0,
    "bida": lambda t, k, h: 1 <= t <= 2,
    "little-ones": lambda t, k, h: 8 <= t <= 9,
    "big-ones": lambda t, k, h: t >= 10,
    "honery": lambda t, k, h: k + h >= 4,
    "rosa-honery": lambda t, k, h: k == 4,
    "rosa-honery-plus": lambda t, k, h: k == 4 and h >= 1,
    "trul": lambda t, k, h: h == 3,
}
SHORT_NAMES = {
    "uni": "uni",
    "bida": "bida",
    "little ones": "little-ones",
    "big ones": "big-ones",
    "honery": "honery",
    "rosa-honery": "rosa-honery",
    "rosa-honery plus": "rosa-honery-plus",
    "trul": "trul",
}
GROUPS = (("uni", "bida", "little-ones", "big-ones"), ("honery", "rosa-honery", "rosa-honery-plus"), ("trul",))
# what one player may declare, something at least: at most one kind of each group (39 ways)
SOMETHING = [tuple(kind for kind in choice if kind) for choice in itertools.product(*((None,) + g for g in GROUPS))]
SOMETHING.remove(())


# ---- the brute force -----------------------------------------------------------------------------------------

DECK = (3, 19, 4, 28)  # five-point trumps, other taroks, kings, other suit cards: 54 cards


@functools.cache
def hands_for(kinds):
    """Every 12-card hand, as counts (five-point trumps, other taroks, kings, other suit cards), that makes all
    of ``kinds`` true."""
    return [
        (h, p, k, 12 - h - p - k)
        for h in range(4)
        for p in range(20)
        for k in range(5)
        if h + p + k <= 12 and all(HOLDS[kind](h + p, k, h) for kind in kinds)
    ]


def possible(declarations):
    """Whether some deal of the deck to four hands and a talon makes every (player, kind) true."""
    declared = {p: [kind for who, kind in declarations if who == p] for p in PLAYERS}
    # the hands that declare something first: the others take any twelve cards, so they never need a second try
    order = sorted(PLAYERS, key=lambda p: not declared[p])
    choices = [hands_for(tuple(sorted(declared[p]))) for p in order]

    def deal(i, trumps, taroks, kings, others):  # what is left of each sort
        if i == len(order):
            assert min(trumps, taroks, kings, others) >= 0 and trumps + taroks + kings + others == 6  # the talon
            return True
        return any(
            deal(i + 1, trumps - h, taroks - p, kings - k, others - o)
            for h, p, k, o in choices[i]
            if h <= trumps and p <= taroks and k <= kings and o <= others
        )

    return deal(0, *DECK)


def test_brute_force_knows_the_deck():
    assert possible([])
    assert possible([(p, "trul") for p in PLAYERS[:1]])
    assert not possible([(p, "trul") for p in PLAYERS[:2]])
    assert possible([("Anna", "big-ones"), ("Bara", "big-ones"), ("Cyril", "bida")])  # 10 + 10 + 1 of 22 taroks
    assert not possible([("Anna", "big-ones"), ("Bara", "big-ones"), ("Cyril", "little-ones")])  # 28
    assert possible([(p, "uni") for p in PLAYERS[:2]])  # 24 of the 32 suit cards
    assert not possible([(p, "uni") for p in PLAYERS[:3]])  # 36


# ---- the engine ----------------------------------------------------------------------------------------------


def engine(declarations):
    """None when the engine accepts the declarations, else its message."""
    raw = {
        "povinnost": "Anna",
        "partner": "Cyril",
        "points": 60,
        "declarations": [{"player": p, "kind": kind} for p, kind in declarations],
    }
    try:
        ct.parse_hand(raw, PLAYERS, ct.Rules())
    except InvalidHand as error:
        assert error.field == "declarations"
        return error.message()
    return None


def named(message):
    """The (player, kind) pairs a clash message names."""
    assert message.startswith(CLASH) and message.endswith("."), message
    pairs = []
    for item in message[len(CLASH) : -1].split(", "):
        player, name = item.split(" ", 1)
        pairs.append((player, SHORT_NAMES[name]))
    return pairs


def check_against_brute_force(declarations):
    message = engine(declarations)
    if possible(declarations):
        assert message is None, (declarations, message)
        return
    assert message is not None, f"accepted, but no deal allows {declarations}"
    clash = named(message)
    assert set(clash) <= set(declarations), message
    assert not possible(clash), message
    for i in range(len(clash)):
        assert possible(clash[:i] + clash[i + 1 :]), f"{message} is not a smallest clash"


@pytest.mark.parametrize(
    "declarations, message",
    [
        (
            [("Cyril", "trul"), ("Dana", "big-ones"), ("Dana", "honery")],
            CLASH + "Cyril trul, Dana big ones, Dana honery.",
        ),
        ([("Anna", "uni"), ("Bara", "uni"), ("Cyril", "uni")], CLASH + "Anna uni, Bara uni, Cyril uni."),
        ([("Anna", "uni"), ("Bara", "uni"), ("Dana", "bida")], CLASH + "Anna uni, Bara uni, Dana bida."),
        # only the clashing ones are named
        (
            [("Anna", "little-ones"), ("Bara", "trul"), ("Bara", "uni"), ("Cyril", "honery")],
            CLASH + "Bara trul, Bara uni.",
        ),
        (
            [("Anna", "trul"), ("Bara", "bida"), ("Cyril", "rosa-honery-plus"), ("Dana", "uni")],
            CLASH + "Anna trul, Cyril rosa-honery plus.",
        ),
    ],
)
def test_impossible_sets_are_refused_naming_the_clash(declarations, message):
    assert not possible(declarations)
    assert engine(declarations) == message


def test_the_clash_message_renders_translated_kind_names():
    with pytest.raises(InvalidHand) as caught:
        ct.parse_hand(
            {
                "povinnost": "Anna",
                "partner": "Cyril",
                "points": 60,
                "declarations": [
                    {"player": "Cyril", "kind": "trul"},
                    {"player": "Dana", "kind": "big-ones"},
                    {"player": "Dana", "kind": "honery"},
                ],
            },
            PLAYERS,
            ct.Rules(),
        )
    german = {
        "These point cards cannot all be true in one deal: {declarations}.": "Diese Punktkarten passen in keine Verteilung: {declarations}.",
        "big ones": "die Großen",
    }
    assert caught.value.message(lambda text: german.get(text, text)) == (
        "Diese Punktkarten passen in keine Verteilung: Cyril trul, Dana die Großen, Dana honery."
    )


def test_two_kinds_of_one_group_keep_their_message():
    assert engine([("Anna", "uni"), ("Anna", "bida")]) == "Anna declared two point cards of one kind (uni, bida)"
    assert engine([("Bara", "honery"), ("Bara", "rosa-honery")]) == (
        "Bara declared two point cards of one kind (honery, rosa-honery)"
    )


LEGAL = [  # the sets test_czech_taroky.py accepts
    [("Anna", "big-ones"), ("Anna", "trul"), ("Bara", "uni"), ("Dana", "rosa-honery")],
    [("Anna", "trul"), ("Anna", "rosa-honery-plus"), ("Bara", "big-ones"), ("Cyril", "little-ones")],
    [("Bara", "trul")],
    [],
]
REFUSED = [  # the sets it refuses (besides two kinds of one group)
    [("Anna", "trul"), ("Bara", "trul")],
    [("Anna", "honery"), ("Bara", "rosa-honery")],
    [("Anna", "trul"), ("Anna", "uni")],
    [("Anna", "trul"), ("Anna", "bida")],
    [("Anna", "rosa-honery-plus"), ("Anna", "uni")],
    [("Anna", "big-ones"), ("Anna", "rosa-honery")],
]


@pytest.mark.parametrize("declarations", LEGAL + REFUSED)
def test_the_existing_examples_keep_their_verdict(declarations):
    assert (engine(declarations) is None) == (declarations in LEGAL) == possible(declarations)
    check_against_brute_force(declarations)


def test_every_set_of_one_declaring_player_matches_the_brute_force():
    check_against_brute_force([])  # nobody declares anything
    for p, kinds in itertools.product(PLAYERS, SOMETHING):
        check_against_brute_force([(p, kind) for kind in kinds])


@pytest.mark.parametrize("first, second", list(itertools.combinations(PLAYERS, 2)))
def test_every_set_of_two_declaring_players_matches_the_brute_force(first, second):
    for one, other in itertools.product(SOMETHING, SOMETHING):
        check_against_brute_force([(first, kind) for kind in one] + [(second, kind) for kind in other])


def test_random_sets_of_all_four_players_match_the_brute_force():
    rng = random.Random(20240611)
    verdicts = []
    for _ in range(3000):
        odds = rng.choice((0.2, 0.35, 0.5))  # how likely each player declares a kind of each group
        declarations = [(p, rng.choice(group)) for p in PLAYERS for group in GROUPS if rng.random() < odds]
        rng.shuffle(declarations)
        check_against_brute_force(declarations)
        verdicts.append(engine(declarations) is None)
    assert 500 < sum(verdicts) < len(verdicts) - 500  # both verdicts well represented


def test_random_deals_and_declarations_up_to_the_first_impossible_one_match_the_brute_force():
    """What four dealt hands may declare, then more declarations their own cards do not make true, one at a time,
    until the set can no longer be true of any deal: every step along the way against the brute force."""
    rng = random.Random(54)
    deck = ["trump"] * 3 + ["tarok"] * 19 + ["king"] * 4 + ["other"] * 28  # trump: Škýz, Mond or Pagát
    accepted = refused = 0
    for _ in range(500):
        rng.shuffle(deck)
        declarations, more = [], []
        for i, p in enumerate(PLAYERS):
            hand = deck[12 * i : 12 * i + 12]
            t, k, h = hand.count("trump") + hand.count("tarok"), hand.count("king"), hand.count("trump")
            for group in GROUPS:
                true = [kind for kind in group if HOLDS[kind](t, k, h)]
                if true and rng.random() < 0.7:
                    declarations.append((p, rng.choice(true)))
                else:
                    more.append((p, group))
        assert possible(declarations)
        while True:
            rng.shuffle(declarations)
            check_against_brute_force(declarations)
            if engine(declarations) is not None:
                refused += 1
                break
            accepted += 1
            if not more:
                break
            p, group = more.pop(rng.randrange(len(more)))
            declarations.append((p, rng.choice(group)))
    assert refused > 400 and accepted > 1000
