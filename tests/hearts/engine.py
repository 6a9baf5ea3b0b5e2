"""Hearts, a test-only game: four players, penalty points, the lowest total wins, the game ends by itself once a
player reaches the target (100). Not in the app: it proves that the contract between the engines and everything
above them holds for a game that is not in the list (tests/conftest.py registers it for the test session).

Its hands depend on the round, as Oh Hell's do: round 1 deals 13 cards each, every round one fewer down to 7,
then 13 again (HR1); a round's penalty points add up to twice the cards each player got (26 with 13 cards). The
table's mark ``cards`` says what this round deals. A hand is ``{"points": {player: penalty points}}``, or
``{"moon": player}``: who took them all ("shot the moon") gives each other player all of them instead.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from games.contract.engine import Facts
from games.contract.hands import Adjustment, Closing, parse_common, playing
from games.contract.inputs import check_keys, whole
from games.contract.numbers import signed
from games.contract.options import Option, Preset, parse_options
from games.contract.ranking import LOWER_TOTAL, best
from games.contract.status import Status, per_player
from games.contract.words import N_, HandResult, InvalidHand, Line, Phrase, Sums

SLUG = "hearts"
TITLE = N_("Hearts")
BLURB = N_("4 players · penalty points, the lowest total wins")
PLAYER_COUNTS = (4,)
ZERO_SUM = False
RANKING = LOWER_TOTAL
MODES = {"round": N_("round")}
RULES = {"HR1": N_("A round"), "HR2": N_("Penalty points"), "HR3": N_("Adjustments and the end of the game")}
MOST_CARDS, FEWEST_CARDS = 13, 7
DECK_POINTS = 2 * MOST_CARDS  # the most a round's penalty points add up to
OPTIONS = (
    Option(
        "target",
        N_("Game ends at"),
        N_("The game ends once a player reaches this total, e.g. 100."),
        default=100,
        kind="whole",
        low=10,
        high=1000,
        rule="HR3",
    ),
)
PRESETS = (
    Preset("standard", N_("Standard"), N_("The game ends at 100."), {"target": 100}, default_for=(4,)),
    Preset("short", N_("Short"), N_("The game ends at 50."), {"target": 50}),
)


@dataclass(frozen=True)
class Rules:
    target: int = 100


@dataclass(frozen=True)
class Hand:
    points: tuple[tuple[str, int], ...] = ()
    moon: str | None = None  # who shot the moon: the round's points go to everyone else


def cards(round_number: int) -> int:
    """HR1: the cards each player gets in round ``round_number`` (1, 2, …): 13, 12 … 7, then 13 again."""
    return MOST_CARDS - (round_number - 1) % (MOST_CARDS - FEWEST_CARDS + 1)


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    totals: tuple[int, ...] = ()
    rounds: int = 0
    target: int = 100
    closed: bool = False
    moons: tuple[int, ...] = ()  # how often each player shot the moon: a mark beside the total (web.py)

    def ended(self) -> bool:
        return self.closed or any(total >= self.target for total in self.totals)


def parse_rules(raw: Any, players: tuple[str, ...]) -> Rules:
    return Rules(**parse_options(raw, OPTIONS, len(players), PRESETS))


def new_state(players: tuple[str, ...], rules: Rules) -> State:
    return State(players=players, totals=(0,) * len(players), target=rules.target, moons=(0,) * len(players))


def parse_hand(raw: Any, players: tuple[str, ...], rules: Rules) -> Hand | Adjustment | Closing:
    common = parse_common(raw, players)
    if common is not None:
        return common
    check_keys(raw, {"points", "moon"})
    if "moon" in raw:
        if raw["moon"] not in players or "points" in raw:
            raise InvalidHand("moon", N_("must be one of the players, with no points beside it"))
        return Hand(moon=raw["moon"])
    if not isinstance(raw.get("points"), dict):
        raise InvalidHand("points", N_("must give whole numbers by player"))
    return Hand(points=tuple((p, whole(raw["points"].get(p, 0), f"points.{p}", 0, DECK_POINTS)) for p in players))


def _adjustment(hand: Adjustment, rules: Rules, state: State, lines: list[Line]) -> State:
    """HR3: an adjustment counts towards the target."""
    return replace(state, totals=tuple(t + hand.amount(p) for t, p in zip(state.totals, state.players)))


def play_hand(hand: Hand, rules: Rules, state: State) -> tuple[HandResult, State]:
    dealt = cards(state.rounds + 1)
    total = 2 * dealt
    scores = dict(hand.points)
    if hand.moon is None and sum(scores.values()) != total:
        raise InvalidHand(
            "points",
            N_("the penalty points must add up to {total}, they add up to {sum}"),
            total=total,
            sum=sum(scores.values()),
        )
    lines = [Line(N_("Round {number}: {cards} cards each."), {"number": state.rounds + 1, "cards": dealt}, rule="HR1")]
    moon = hand.moon or next((p for p, v in hand.points if v == total), None)
    if moon is not None:
        scores = {p: 0 if p == moon else total for p in state.players}
        lines.append(
            Line(
                N_("{player} shot the moon: everyone else takes {points}."),
                {"player": moon, "points": total},
                rule="HR2",
            )
        )
    for p in state.players:
        lines.append(Line("{player} {score}", {"player": p, "score": signed(scores[p])}, rule="HR2", sums=Sums.SCORES))
    after = replace(
        state,
        rounds=state.rounds + 1,
        totals=tuple(t + scores[p] for t, p in zip(state.totals, state.players)),
        moons=tuple(m + (p == moon) for m, p in zip(state.moons, state.players)),
    )
    return HandResult(scores=scores, lines=tuple(lines)), after


play = playing(play_hand, "HR3", closing=N_("The game ends here."), on_adjustment=_adjustment)


def status(state: State) -> Status:
    """Over once a player reaches the target (the game ends by itself) or the players close it."""
    over = state.ended()
    return Status(
        finished=over,
        closed=state.closed,
        over=over,
        next_dealer=None if over else state.players[state.rounds % len(state.players)],
        round=state.rounds,
        marks=per_player(state.players, moons=state.moons),
        table_marks={"cards": cards(state.rounds + 1)},
        extra={"target": state.target},
    )


def winners(totals: dict[str, int], status: dict[str, Any]) -> list[str]:
    return best(RANKING, totals) if status.get("over") else []


def describe_hand(hand: Hand, rules: Rules) -> Line | Phrase:
    if hand.moon is not None:
        return Line(N_("{player} shot the moon."), {"player": hand.moon}, rule="HR2")
    return Phrase(tuple(f"{p} {v}" for p, v in hand.points if v))


def hand_facts(hand: Hand) -> Facts:
    return Facts(mode="round", mode_label=MODES["round"])


PLAYER_FIELDS = ("moon",)  # a hand's fields that name a player (for a rename)
PLAYER_KEYED = ("points",)  # its maps keyed by player
