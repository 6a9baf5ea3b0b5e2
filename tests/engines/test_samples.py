"""Every registered game's samples keep the ``Samples`` contract (games/entry/__init__.py), which the tests that cover
every game rely on: when they do not, this test says which game breaks which constraint, before those tests fail
in ways that name neither."""

from dataclasses import replace
from random import Random

import pytest

from games.contract.words import InvalidHand
from games.engines.table import InvalidTable, replay, setup
from games.entry import Samples
from games.registry import GAMES, Game

CLOSING = {"closing": True}
SEEDS = range(20)


def refusal(game: Game, players, hands) -> str | None:
    """Why ``hands`` are refused on a new table of ``players`` (None: they are played)."""
    try:
        replay(setup(game.slug, {}, list(players)), list(hands))
    except (InvalidTable, InvalidHand) as error:
        return str(error)
    return None


def over(game: Game, players, hands) -> bool:
    return game.engine.status(replay(setup(game.slug, {}, list(players)), list(hands)).state).over


def played(game: Game, players, hands, what: str) -> list[str]:
    """Problems of ``hands`` that must be played and leave the game open: ``what`` names them."""
    refused = refusal(game, players, hands)
    if refused:
        return [f"{what} must be valid in this order: {refused}"]
    return [f"{what} must leave the game open (another hand follows)"] if over(game, players, hands) else []


def problems(game: Game, samples: Samples) -> list[str]:
    """Each constraint ``samples`` break, in words naming it."""
    engine, players = game.engine, list(samples.players)
    if len(set(players)) != len(players) or len(players) not in engine.PLAYER_COUNTS:
        return [f"players must be distinct names, as many as the game seats ({engine.PLAYER_COUNTS})"]
    found = []
    if not samples.table:
        found.append("table must hold at least one hand")
    found += played(game, players, samples.table, "table")
    rules = setup(game.slug, {}, players).rules
    made = game.entry.to_data(samples.fields, tuple(players), rules)
    if made != samples.hand:
        found.append(f"the entry's to_data(fields) must be hand: it makes {made}")
    refused = refusal(game, players, [*samples.table, samples.hand])
    if refused:
        found.append(f"hand (of fields) must be valid as the hand after table: {refused}")
    if len(samples.hands) < 2:
        found.append("hands must hold at least two hands")
    found += played(game, players, samples.hands, "hands")
    if "adjustment" not in samples.adjustment:
        found.append("adjustment must be an adjustment ({'adjustment': {player: amount}})")
    for at in range(len(samples.hands) + 1):
        hands = [*samples.hands[:at], samples.adjustment, *samples.hands[at:], CLOSING]
        refused = refusal(game, players, hands)
        if refused:
            found.append(
                f"adjustment must be valid anywhere among hands, and a closing after them: at {at + 1}, {refused}"
            )
            break
    for seed in SEEDS:  # its hands may be refused: the property tests hold for any document
        document = samples.document(Random(seed))
        if not isinstance(document, dict) or document.get("game") != game.slug:
            found.append(f"document(Random({seed})) must be a table document of {game.slug}")
            break
        try:
            setup(game.slug, document.get("rules", {}), document.get("players"))
        except (InvalidTable, InvalidHand) as error:
            found.append(f"document(Random({seed})) must seat its players under its rules: {error}")
            break
    return found


@pytest.mark.parametrize("slug", GAMES)
def test_every_games_samples_keep_the_contract(slug):
    game = GAMES[slug]
    found = problems(game, game.samples)
    assert not found, (
        f"{slug}'s samples (SAMPLES in {game.entry.__name__}) break the Samples contract "
        "(games/entry/__init__.py):\n- " + "\n- ".join(found)
    )


def test_the_contract_names_what_a_round_dependent_game_breaks():
    """Hearts deals fewer cards in round 2: its first round played again as round 2 adds up to too much, and a form
    filled for round 3 is not the hand after ``table``. The check says so, naming the constraint."""
    hearts = GAMES["hearts"]
    samples = hearts.samples
    again = replace(samples, table=(samples.hands[0], samples.hands[0]))
    assert any(text.startswith("table must be valid in this order: hand 2") for text in problems(hearts, again))
    later = replace(
        samples, hand={"points": {"North": 22, "East": 0, "South": 0, "West": 0}}, fields={"moon": "", "points_0": 22}
    )
    assert [text.split(":")[0] for text in problems(hearts, later)] == [
        "hand (of fields) must be valid as the hand after table"
    ]


@pytest.mark.parametrize(
    "broken, constraint",
    [
        ({"players": ("North", "North", "South", "West")}, "players must be distinct names"),
        ({"table": ()}, "table must hold at least one hand"),
        ({"fields": {"moon": "West"}}, "the entry's to_data(fields) must be hand"),
        ({"hands": ({"points": {"North": 26}},)}, "hands must hold at least two hands"),
        ({"adjustment": {"points": {"North": 26}}}, "adjustment must be an adjustment"),
        (
            {"document": lambda r: {"game": "hearts", "players": ["North"], "hands": []}},
            "document(Random(0)) must seat its players",
        ),
        ({"document": lambda r: {"game": "schnapsen"}}, "document(Random(0)) must be a table document of hearts"),
    ],
)
def test_the_contract_names_each_constraint_broken(broken, constraint):
    hearts = GAMES["hearts"]
    assert any(text.startswith(constraint) for text in problems(hearts, replace(hearts.samples, **broken)))
