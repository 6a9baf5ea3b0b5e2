"""Schnapsen (20 cards) and Sixty-six (24 cards) for two players: games/schnapsen/rules.md.

A hand is worth 1, 2 or 3 game points to its winner; game points run up to the target (7) for a Bummerl.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from games.contract.engine import Facts
from games.contract.hands import Adjustment, Closing, parse_common, playing
from games.contract.inputs import check_keys, choice, flag, player, whole
from games.contract.options import YES_NO, Option, Preset, parse_options
from games.contract.ranking import HIGHER, LOWER, TOTAL, Rank
from games.contract.status import Status, per_player, until_closed
from games.contract.words import N_, HandResult, InvalidHand, Line, Phrase

SLUG = "schnapsen"
TITLE = N_("Schnapsen")
BLURB = N_("2 players · game points to 7, Bummerl")
PLAYER_COUNTS = (2,)
ZERO_SUM = False
# who is ahead: fewer lost Bummerl (a mark of the status), then more game points; a tournament's typed result
# gives each seat's lost Bummerl beside its totals, under the mark's name ("bummerl", README: Talon's additions)
RANKING = (
    Rank("bummerl", N_("lost Bummerl"), LOWER, N_("the fewest Bummerl lost first, then the most points")),
    Rank(TOTAL, N_("game points"), HIGHER),
)
SETTLE_UNIT = N_("Bummerl")
SETTLE_WHAT = N_(
    "What is paid is the lost Bummerl, not the game points of the totals: every two players "
    "settle the difference of their lost Bummerl."
)
ENDINGS = ("declared", "wrong-declaration", "closed", "closed-failed", "last-trick", "draw")
ENDING_NAMES = {
    "declared": N_("declared 66"),
    "wrong-declaration": N_("declared wrongly"),
    "closed": N_("closed and made it"),
    "closed-failed": N_("closed and failed"),
    "last-trick": N_("took the last trick"),
    "draw": N_("65 – 65, a draw"),
}
MODES = {**ENDING_NAMES, "quick": N_("quick entry")}
NEEDS_OTHER_POINTS = frozenset({"declared", "closed", "last-trick"})
MAX_POINTS = 200  # card points plus marriages; a bound that catches typing slips

RULES = {  # the rules file's numbers, for the rules page and every explanation line
    "KR1": N_("Card points"),
    "KR2": N_("How a hand ends, and game points"),
    "KR3": N_("Bummerl"),
    "KR4": N_("Adjustments and the end of the match"),
}

OPTIONS = (
    Option(
        "deck",
        N_("Deck"),
        default=20,
        choices=((20, N_("20 cards (Schnapsen)")), (24, N_("24 cards (Sixty-six)"))),
        rule="KR2",
        source=N_("pagat.com's Schnapsen and Sixty-six"),
        help=N_(
            "20 cards for Schnapsen, or 24 for Sixty-six, where 65 – 65 is a draw that gives the next hand's "
            "winner one more game point."
        ),
    ),
    Option(
        "target",
        N_("Game points for a Bummerl"),
        default=7,
        kind="whole",
        low=1,
        high=1000,
        rule="KR3",
        source=N_("pagat.com's Schnapsen"),
        help=N_("Who first has this many game points wins the Bummerl: 7 as usual; with 5, two hands worth 3 end it."),
    ),
    Option(
        "schneider_bummerl",
        N_("Schneider-Bummerl counts two"),
        default=True,
        choices=YES_NO,
        rule="KR3",
        source=N_("pagat.com's Schnapsen"),
        help=N_("Yes: a Bummerl won 7 – 0 counts two Bummerl for the loser. No: every Bummerl counts one."),
    ),
    Option(
        "last_trick_points",
        N_("Last trick without a declaration"),
        default="by-points",
        rule="KR2",
        choices=(("by-points", N_("scored from the loser's points")), ("one", N_("a fixed 1"))),
        source=N_("pagat.com's Schnapsen; a fixed 1: a house rule"),
        help=N_(
            "When the talon ran out and nobody declared, the last trick's winner scores from the loser's "
            "points (the loser has 20: 2), or always 1."
        ),
    ),
)
PRESETS = (
    Preset("schnapsen", N_("Schnapsen"), N_("20 cards, as pagat.com scores Schnapsen."), default_for=(2,)),
    Preset("sixty-six", N_("Sixty-six"), N_("24 cards, as pagat.com scores Sixty-six."), values={"deck": 24}),
)


@dataclass(frozen=True)
class Rules:
    deck: int = 20
    target: int = 7
    schneider_bummerl: bool = True
    last_trick_points: str = "by-points"


@dataclass(frozen=True)
class Hand:
    winner: str | None  # None for a draw
    game_points: int
    ending: str | None = None
    by: str | None = None
    other_points: int | None = None
    other_had_trick: bool | None = None


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    current: tuple[int, ...] = (0, 0)
    bummerl: tuple[int, ...] = (0, 0)
    hands_played: int = 0
    first_dealer: int = 0
    strokes: tuple[tuple[int, ...], ...] = ((), ())  # the Bummerl under way as on paper: what is left after each win
    target: int = 7  # game points that win a Bummerl (the table's house rule)
    pending: int = 0  # extra game points from Sixty-six draws, for the next hand's winner
    closed: bool = False


def parse_rules(raw: Any, players: tuple[str, ...] = ()) -> Rules:
    """``target`` is any whole number; the other options take their listed values."""
    return Rules(**parse_options(raw, OPTIONS, 2, PRESETS))


def new_state(players: tuple[str, ...], rules: Rules) -> State:
    return State(players=tuple(players), target=rules.target)


def game_points_from(other_points: int, other_had_trick: bool) -> int:
    """The winner's game points from the loser's situation: no trick 3, under 33 points 2, else 1."""
    if not other_had_trick:
        return 3
    return 2 if other_points < 33 else 1


def parse_hand(raw: Any, players: tuple[str, ...], rules: Rules) -> Hand | Adjustment | Closing:  # noqa: C901 (one check a field of the format, in the format's order)
    common = parse_common(raw, players, low=0)
    if common is not None:
        return common
    if isinstance(raw, dict) and ("winner" in raw or "game_points" in raw):
        check_keys(raw, {"winner", "game_points"})
        if "winner" not in raw:
            raise InvalidHand("winner", N_("is required"))
        if "game_points" not in raw:
            raise InvalidHand("game_points", N_("is required"))
        return Hand(
            winner=player(raw["winner"], "winner", players), game_points=whole(raw["game_points"], "game_points", 1, 3)
        )
    check_keys(raw, {"ending", "by", "other_points", "other_had_trick"})
    if raw.get("ending") == "draw":
        if rules.deck != 24:
            raise InvalidHand("ending", N_("a draw (65 – 65) is only in Sixty-six, with 24 cards"))
        if raw.get("other_points") is not None:
            raise InvalidHand("other_points", N_("has no place in a draw"))
        by = player(raw["by"], "by", players) if raw.get("by") is not None else None
        if raw.get("other_had_trick") is not None:
            flag(raw["other_had_trick"], "other_had_trick")
        return Hand(winner=None, game_points=0, ending="draw", by=by)
    for key in ("ending", "by", "other_had_trick"):
        if key not in raw:
            raise InvalidHand(key, N_("is required"))
    ending = choice(raw["ending"], "ending", ENDINGS)
    by = player(raw["by"], "by", players)
    had_trick = flag(raw["other_had_trick"], "other_had_trick")
    other_points = raw.get("other_points")
    if ending in NEEDS_OTHER_POINTS and other_points is None:
        raise InvalidHand(
            "other_points", N_("is required when the hand ended: {ending}"), ending=Line(ENDING_NAMES[ending])
        )
    if other_points is not None:
        other_points = whole(other_points, "other_points", 0, MAX_POINTS)
        if not had_trick and other_points > 0 and ending in NEEDS_OTHER_POINTS:
            raise InvalidHand(
                "other_points", N_("a player without a trick has no points yet (a marriage counts only after a trick)")
            )
    other = players[1 - players.index(by)]
    if ending in ("declared", "closed", "last-trick"):
        winner = by
        if ending == "last-trick" and rules.last_trick_points == "one":
            points = 1
        else:
            points = game_points_from(other_points, had_trick)
    else:
        winner = other
        points = 2 if had_trick else 3
    return Hand(
        winner=winner, game_points=points, ending=ending, by=by, other_points=other_points, other_had_trick=had_trick
    )


def explain(hand: Hand, rules: Rules, players: tuple[str, ...]) -> list[Line]:
    """KR2: how the hand ended and what it is worth."""
    if hand.ending is None:
        return [
            Line(
                N_("{winner} wins the hand (quick entry); game points: {points}."),
                {"winner": hand.winner, "points": hand.game_points},
                rule="KR2",
            )
        ]
    if hand.ending == "draw":
        return [
            Line(
                N_("65 – 65: a draw. Nobody scores; the winner of the next hand scores one more game point."),
                rule="KR2",
                option="deck",
                setting=24,
            )
        ]
    other = players[1 - players.index(hand.by)]
    lines = [Line(N_("{by} {ending}."), {"by": hand.by, "ending": Line(ENDING_NAMES[hand.ending])}, rule="KR2")]
    if hand.ending in ("declared", "closed", "last-trick"):
        moment = Line(N_("when the talon was closed") if hand.ending == "closed" else N_("at that moment"))
        if hand.ending == "last-trick" and rules.last_trick_points == "one":
            lines.append(
                Line(
                    N_("House rule: the last trick is worth a fixed 1."),
                    {},
                    rule="KR2",
                    option="last_trick_points",
                    setting="one",
                )
            )
        elif not hand.other_had_trick:
            lines.append(Line(N_("{other} had no trick {moment}: 3."), {"other": other, "moment": moment}, rule="KR2"))
        elif hand.other_points < 33:
            lines.append(
                Line(
                    N_("{other} had {points} (under 33) and a trick {moment}: 2."),
                    {"other": other, "points": hand.other_points, "moment": moment},
                    rule="KR2",
                )
            )
        else:
            lines.append(
                Line(
                    N_("{other} had {points} (33 or more) {moment}: 1."),
                    {"other": other, "points": hand.other_points, "moment": moment},
                    rule="KR2",
                )
            )
    else:
        moment = Line(N_("when the talon was closed") if hand.ending == "closed-failed" else N_("at that moment"))
        lines.append(
            Line(
                N_("{other} wins: 2, or 3 without a trick; {other} {had} {moment}: {points}."),
                {
                    "other": other,
                    "had": Line(N_("had a trick") if hand.other_had_trick else N_("had no trick")),
                    "moment": moment,
                    "points": hand.game_points,
                },
                rule="KR2",
            )
        )
    lines.append(Line(N_("{winner} scores {points}."), {"winner": hand.winner, "points": hand.game_points}, rule="KR2"))
    return lines


def _closing(rules: Rules, state: State, scores: dict[str, int], lines: list[Line]) -> State:
    """KR4: the Bummerl under way is abandoned at the end of the match: nobody wins or loses it. The closing scores
    0 (the table document's format), so its game points stay in the game points in all."""
    players = state.players
    if any(state.current):
        lines.append(
            Line(
                N_(
                    "The Bummerl under way ({a} {pa} – {b} {pb}) is abandoned: nobody wins or loses it "
                    "(its game points stay in the game points in all)."
                ),
                {"a": players[0], "pa": state.current[0], "b": players[1], "pb": state.current[1]},
                rule="KR4",
            )
        )
    return replace(state, current=(0, 0), strokes=((), ()))


def _adjustment(hand: Adjustment, rules: Rules, state: State, lines: list[Line]) -> State:
    """KR4: game points written by hand go into the Bummerl under way (no deal: the dealer stays)."""
    players = state.players
    gaining = [p for p, points in hand.amounts if points]
    if len(gaining) == 2 and all(
        state.current[i] + dict(hand.amounts)[p] >= rules.target for i, p in enumerate(players)
    ):
        raise InvalidHand(
            "adjustment",
            N_("both players would reach {target}: give the game points in two adjustments"),
            target=rules.target,
        )
    after = state
    for name in gaining:
        after = _add_points(after, players.index(name), hand.amount(name), rules, lines)
    return after


def play_hand(hand: Hand, rules: Rules, state: State) -> tuple[HandResult, State]:
    players = state.players
    lines = explain(hand, rules, players)
    scores = {p: 0 for p in players}
    after = replace(state, hands_played=state.hands_played + 1)
    if hand.ending == "draw":
        after = replace(after, pending=state.pending + 1)
        return HandResult(scores=scores, lines=tuple(lines)), after
    points = hand.game_points
    if state.pending:
        points += state.pending
        lines.append(
            Line(
                N_("+ {extra} for the draw before: {winner} scores {points}."),
                {"extra": state.pending, "winner": hand.winner, "points": points},
                rule="KR2",
                option="deck",
                setting=24,
            )
        )
        after = replace(after, pending=0)
    scores[hand.winner] = points
    after = _add_points(after, players.index(hand.winner), points, rules, lines)
    return HandResult(scores=scores, lines=tuple(lines)), after


def _add_points(state: State, w: int, points: int, rules: Rules, lines: list[Line]) -> State:
    """KR3: game points into the Bummerl under way; reaching the target ends it, the other gets a Bummerl."""
    players = state.players
    current = list(state.current)
    bummerl = list(state.bummerl)
    current[w] += points
    strokes = [list(state.strokes[0]), list(state.strokes[1])]
    strokes[w].append(max(rules.target - current[w], 0))
    lines.append(
        Line(
            N_("Bummerl under way: {a} {pa} – {b} {pb}."),
            {"a": players[0], "pa": current[0], "b": players[1], "pb": current[1]},
            rule="KR3",
        )
    )
    if current[w] >= rules.target:
        loser = 1 - w
        count = 2 if rules.schneider_bummerl and current[loser] == 0 else 1
        bummerl[loser] += count
        if count == 2:
            lines.append(
                Line(
                    N_("{winner} reaches {target} while {loser} has 0: {loser} gets a Schneider-Bummerl (counts two)."),
                    {"winner": players[w], "target": rules.target, "loser": players[loser]},
                    rule="KR3",
                    option="schneider_bummerl",
                    setting=True,
                )
            )
        else:
            lines.append(
                Line(
                    N_("{winner} reaches {target}: {loser} gets a Bummerl. The next one starts at 0 – 0."),
                    {"winner": players[w], "target": rules.target, "loser": players[loser]},
                    rule="KR3",
                    option="target",
                    setting=rules.target,
                )
            )
        current = [0, 0]
        strokes = [[], []]
    return replace(
        state, current=tuple(current), bummerl=tuple(bummerl), strokes=(tuple(strokes[0]), tuple(strokes[1]))
    )


play = playing(play_hand, "KR4", closing=N_("The match ends here."), on_adjustment=_adjustment, on_closing=_closing)


def score_hand(hand: Hand, rules: Rules, state: State) -> HandResult:
    return play(hand, rules, state)[0]


def next_dealer(state: State) -> str:
    """The deal alternates every hand."""
    return state.players[(state.first_dealer + state.hands_played) % 2]


def milestone(before: State, after: State) -> Line | None:
    """KR3: the hand that ends a Bummerl says who got it (two for a Schneider-Bummerl)."""
    for name, was, now in zip(after.players, before.bummerl, after.bummerl):
        if now > was:
            return (
                Line(N_("{player} gets the Bummerl"), {"player": name})
                if now - was == 1
                else Line(N_("{player} gets {count} Bummerl"), {"player": name, "count": now - was})
            )
    return None


def summary(state: State) -> dict[str, Any]:
    return {"bummerl": dict(zip(state.players, state.bummerl)), "current": dict(zip(state.players, state.current))}


def status(state: State) -> Status:
    """For the table page: the Bummerl under way, the Bummerl lost, how many hands were played."""
    return until_closed(
        state,
        next_dealer,
        round=state.hands_played,
        marks=per_player(state.players, bummerl=state.bummerl, strokes=state.strokes),
        extra={
            **summary(state),
            "hands": state.hands_played,
            "target": state.target,
            "pending": state.pending,
            "strokes": dict(zip(state.players, state.strokes)),
        },
    )


def describe_hand(hand: Hand, rules: Rules) -> Line | Phrase:
    if hand.ending == "draw":
        return Line(ENDING_NAMES["draw"])
    if hand.ending is None:
        return Line(N_("{player} wins {points}"), {"player": hand.winner, "points": hand.game_points})
    return Phrase((hand.by, Line(ENDING_NAMES[hand.ending])), " ")


def hand_facts(hand: Hand) -> Facts:
    mode = hand.ending or "quick"
    return Facts(mode=mode, mode_label=MODES[mode])


PLAYER_FIELDS = ("winner", "by")  # a hand's fields that name a player (for a rename)


def penalty(players: tuple[str, ...], who: str, amount: int) -> dict[str, int]:
    """KR4: a penalty gives the other player game points (game points are never negative)."""
    return {p: 0 if p == who else amount for p in players}
