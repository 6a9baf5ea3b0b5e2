"""Bauernschnapsen (four players, partners opposite) and Dreierschnapsen (three, one declarer against two), to
the Bummerl of 24: shared/rules/schnapsen-family.md (BS1–BS10).

What both games share. The seating decides the sides (BS6, BS7): four players sit as two teams (the 1st and
3rd, the 2nd and 4th), three players each alone; ``bauernschnapsen.py`` and ``dreierschnapsen.py`` name the game.
A hand pays its value to a side (both partners score it) and the Bummerl under way counts each side's game points.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from games.contract.engine import Facts
from games.contract.hands import (
    Adjustment,
    Closing,
    is_adjustment,
    parse_common,
    playing,
)
from games.contract.inputs import check_keys, choice, flag, player, whole
from games.contract.options import YES_NO, Option, Preset, parse_options
from games.contract.ranking import HIGHER, LOWER, TOTAL, Rank
from games.contract.status import Status, per_player, until_closed
from games.contract.words import N_, HandResult, InvalidHand, Line, Phrase

ZERO_SUM = False
# who is ahead: fewer lost Bummerl (a mark of the status), then more game points (BS8), as in two-player Schnapsen
RANKING = (
    Rank("bummerl", N_("lost Bummerl"), LOWER, N_("the fewest Bummerl lost first, then the most points")),
    Rank(TOTAL, N_("game points"), HIGHER),
)
SETTLE_UNIT = N_("Bummerl")
SETTLE_WHAT = N_(
    "What is paid is the lost Bummerl, not the game points of the totals: every two players "
    "settle the difference of their lost Bummerl."
)

NORMAL = "normal"
CONTRACT_NAMES = {  # BS1, in the order of the ladder; the format's ids
    "normal": N_("Normal game (Rufer)"),
    "bettler": N_("Bettler"),
    "schnapser": N_("Schnapser"),
    "gang": N_("Gang"),
    "zehnergang": N_("Zehnergang"),
    "bauernschnapser": N_("Bauernschnapser"),
    "kontraschnapser": N_("Kontraschnapser"),
    "farbenringerl": N_("Farbenringerl"),
    "kontrabauernschnapser": N_("Kontrabauernschnapser"),
    "herrenschnapser": N_("Herrenschnapser"),
    "plauderer": N_("Plauderer"),
}
CONTRACTS = tuple(CONTRACT_NAMES)
SPECIAL = CONTRACTS[1:]
VALUES = {  # BS1: each special contract's default value ([LT], confirmed by [WD][FR][GH]); 0 = not offered
    "bettler": 4,
    "schnapser": 6,
    "gang": 9,
    "zehnergang": 10,
    "bauernschnapser": 12,
    "kontraschnapser": 12,
    "farbenringerl": 18,
    "kontrabauernschnapser": 24,
    "herrenschnapser": 24,
    "plauderer": 0,
}
UNLOSABLE = frozenset({"farbenringerl", "herrenschnapser"})  # BS4: shown, not played
MOST_KONTRA = 5  # BS5.2: [BZ] doubles at most five times (×32)
MOST_CARD_POINTS = 65  # the losing side of a normal game has at most 65 card points
MODES = CONTRACT_NAMES

RULES = {  # the rules file's numbers, for the rules page and every explanation line
    "BS1": N_("Contracts"),
    "BS2": N_("The normal game's value"),
    "BS3": N_("Value of a special contract"),
    "BS4": N_("Contracts that cannot be lost"),
    "BS5": N_("Kontra (Gspritzt, Zruckgspritzt)"),
    "BS6": N_("Who scores a hand (Bauernschnapsen)"),
    "BS7": N_("Who scores a hand (Dreierschnapsen)"),
    "BS8": N_("The Bummerl"),
    "BS9": N_("Order of computation"),
    "BS10": N_("Adjustments and the end of the evening"),
}

VALUE_HELP = {  # each contract's value option: what it is, with its default amount
    "bettler": N_("The declarer plays alone without trumps and takes no trick: 4; the Bummerlzähler app gives 5."),
    "schnapser": N_("The Rufer's team takes 66 within the first three tricks: 6."),
    "gang": N_("The declarer alone, without trumps, takes all five tricks: 9."),
    "zehnergang": N_("A Gang where the Ace ranks lowest: 10."),
    "bauernschnapser": N_("The Rufer alone, with trumps, takes all five tricks: 12."),
    "kontraschnapser": N_("A player of the other team takes 66 within three tricks, the Rufer leading: 12."),
    "farbenringerl": N_("All five cards of a suit, shown (cannot be lost): 18."),
    "kontrabauernschnapser": N_("A player of the other team takes all five tricks with trumps: 24."),
    "herrenschnapser": N_("The Rufer holds all five trumps, shown (cannot be lost): 24."),
    "plauderer": N_("A Bettler with the cards shown: 0 = not offered; Wikipedia's Dreierschnapsen gives 7."),
}
VALUE_SOURCE = N_("luschentreff.github.io (2014), Wikipedia's Dreierschnapsen, Bummerlzähler; 0 = not offered")


def _value_option(contract: str) -> Option:
    return Option(
        f"value_{contract}",
        CONTRACT_NAMES[contract],
        default=VALUES[contract],
        kind="whole",
        low=0,
        high=100,
        rule="BS1",
        source=VALUE_SOURCE,
        help=VALUE_HELP[contract],
    )


OPTIONS = (
    Option(
        "target",
        N_("Game points for a Bummerl"),
        default=24,
        kind="whole",
        low=1,
        high=1000,
        rule="BS8",
        source=N_("Wikipedia's Bauernschnapsen and Dreierschnapsen; the Bummerlzähler app"),
        help=N_(
            "The first side to reach this many game points wins the Bummerl: 24; with 12, a Gang (9) and a 3 end it."
        ),
    ),
    Option(
        "count_down",
        N_("Count down from the target"),
        default=False,
        choices=YES_NO,
        rule="BS8",
        source=N_("Wikipedia (a regional variant); luschentreff.github.io"),
        help=N_(
            "Yes: the sheet shows the points still needed, 24 − 6 = 18 after a Schnapser. The scores are the same."
        ),
    ),
    Option(
        "schneider",
        N_("Schneider counts two Bummerl"),
        default=True,
        choices=YES_NO,
        rule="BS8",
        source=N_("Wikipedia; luschentreff.github.io; the Bummerlzähler app"),
        help=N_("Yes: a side that loses the Bummerl at 0 gets 2 Bummerl. No: 1."),
    ),
    Option(
        "retourschneider",
        N_("Retourschneider counts four Bummerl"),
        default=True,
        choices=YES_NO,
        rule="BS8",
        source=N_("Wikipedia; luschentreff.github.io (the Bummerlzähler app has none)"),
        help=N_("Yes: a side that led 23 : 0 and still lost gets 4 Bummerl. No: 1."),
    ),
    Option(
        "max_kontra",
        N_("Highest Kontra level"),
        default=3,
        kind="whole",
        low=0,
        high=MOST_KONTRA,
        rule="BS5",
        source=N_("Wikipedia's Dreierschnapsen (×2, ×4, ×8); the Bummerlzähler app (up to ×32)"),
        help=N_("How often a hand may be doubled: 3 allows ×8 (a Bettler of 4 then scores 32); 0 forbids Kontra."),
    ),
    Option(
        "one_point_from",
        N_("Normal game: 1 point from"),
        default=33,
        choices=((33, N_("33 card points (as two-player Schnapsen)")), (31, N_("31 card points (“over 30”)"))),
        rule="BS2",
        source=N_("two-player Schnapsen (33); luschentreff.github.io writes “über 30”"),
        help=N_(
            "The losing side's card points from which the winners score only 1: "
            "a losing side with 32 gives the winners 2 with the line at 33, 1 with it at 31."
        ),
    ),
    Option(
        "lost_factor",
        N_("A lost contract pays the opponents"),
        default=1,
        choices=((1, N_("its value")), (2, N_("twice its value"))),
        rule="BS6",
        source=N_("every source read pays the value once; twice: a regional house rule no source read confirms"),
        help=N_(
            "A special contract lost goes to the other side: a lost Gang gives them 9, or 18 when lost counts twice."
        ),
    ),
    *(_value_option(contract) for contract in SPECIAL),
)


def presets(player_count: int) -> tuple[Preset, ...]:
    """BS presets: ``standard`` (every default), ``bummerlzaehler`` (the peer app), ``countdown`` (24 → 0)."""
    return (
        Preset(
            "standard",
            N_("Standard"),
            N_("Every value as luschentreff.github.io and Wikipedia give them, counting up to 24."),
            default_for=(player_count,),
        ),
        Preset(
            "bummerlzaehler",
            N_("Bummerlzähler"),
            N_("As the Bummerlzähler app keeps score: Bettler 5, Kontra up to ×32, no Retourschneider."),
            values={"value_bettler": 5, "max_kontra": 5, "retourschneider": False},
        ),
        Preset(
            "countdown",
            N_("Counting down"),
            N_("The regional variant: each side counts from 24 down to 0."),
            values={"count_down": True},
        ),
    )


@dataclass(frozen=True)
class Rules:
    target: int = 24
    count_down: bool = False
    schneider: bool = True
    retourschneider: bool = True
    max_kontra: int = 3
    one_point_from: int = 33
    lost_factor: int = 1
    values: tuple[tuple[str, int], ...] = tuple(VALUES.items())

    def value(self, contract: str) -> int:
        return dict(self.values)[contract]


def parse_rules_for(raw: Any, player_count: int) -> Rules:
    """Every option's value (BS house-rule options), the contracts' values gathered under ``values``."""
    options = parse_options(raw, OPTIONS, player_count, presets(player_count))
    values = tuple((contract, options.pop(f"value_{contract}")) for contract in SPECIAL)
    return Rules(**options, values=values)


def offered(rules: Rules) -> tuple[str, ...]:
    """BS1: the contracts a hand may name under the table's rules (a value of 0 is not offered): the form's list."""
    return tuple(c for c in CONTRACTS if c == NORMAL or rules.value(c) > 0)


def kontra_levels(rules: Rules) -> tuple[tuple[int, Line], ...]:
    """BS5: the Kontra levels the form offers, as said at the table, up to the table's ``max_kontra``."""
    return tuple((level, kontra_name(level)) for level in range(rules.max_kontra + 1))


def kontra_name(level: int) -> Line:
    if level == 0:
        return Line(N_("no Kontra"))
    if level == 1:
        return Line(N_("Gspritzt (Kontra, ×2)"))
    if level == 2:
        return Line(N_("Zruckgspritzt (Re, ×4)"))
    return Line(N_("gspritzt again (×{factor})"), {"factor": 2**level})


# ---- sides ------------------------------------------------------------------------------------------------------


def sides_of(players: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    """BS6/BS7: four players are two teams, partners opposite (1st and 3rd, 2nd and 4th); three each alone."""
    if len(players) == 4:
        return ((0, 2), (1, 3))
    return tuple((seat,) for seat in range(len(players)))


def teams(count: int) -> tuple[tuple[int, ...], ...]:
    """BS6: the sides by seat at a table of ``count``, for the ratings: a team result at four (partners opposite)."""
    return sides_of(tuple(str(seat) for seat in range(count)))


def side_of(players: tuple[str, ...], name: str) -> int:
    seat = players.index(name)
    return next(i for i, side in enumerate(sides_of(players)) if seat in side)


def names(players: tuple[str, ...], seats: tuple[int, ...]) -> str | Line:
    """A side as players say it: ``Anna``, ``Anna and Cilli``."""
    if len(seats) == 1:
        return players[seats[0]]
    return Line(N_("{first} and {second}"), {"first": players[seats[0]], "second": players[seats[1]]})


# ---- a hand ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hand:
    contract: str
    declarer: str
    won: bool
    kontra: int = 0
    loser_points: int | None = None
    loser_had_trick: bool | None = None
    game_points: int | None = None  # typed (quick entry), or None when the points decide (BS2)
    side: tuple[str, ...] = ()  # the declarer, then his partner in Bauernschnapsen: for statistics


HAND_FIELDS = frozenset({"contract", "declarer", "won", "loser_points", "loser_had_trick", "game_points", "kontra"})
NORMAL_FIELDS = ("loser_points", "loser_had_trick", "game_points")


def parse_hand(raw: Any, players: tuple[str, ...], rules: Rules) -> Hand | Adjustment | Closing:
    """BS9.1: a hand of the table document (shared/formats/table-json.md, "bauernschnapsen hand") checked."""
    common = parse_common(raw, players, low=0)
    if common is not None:
        return _team_adjustment(common, raw["adjustment"], players) if is_adjustment(raw) else common
    check_keys(raw, HAND_FIELDS)
    contract = choice(raw.get("contract", NORMAL), "contract", CONTRACTS)
    if contract != NORMAL and rules.value(contract) == 0:
        raise InvalidHand(
            "contract",
            N_("{contract} is not offered under this table's rules (its value is 0)"),
            contract=Line(CONTRACT_NAMES[contract]),
        )
    for key in ("declarer", "won"):
        if key not in raw:
            raise InvalidHand(key, N_("is required"))
    declarer = player(raw["declarer"], "declarer", players)
    won = flag(raw["won"], "won")
    if contract in UNLOSABLE and not won:
        raise InvalidHand(
            "won",
            N_("a {contract} cannot be lost (BS4): it is shown, not played"),
            contract=Line(CONTRACT_NAMES[contract]),
        )
    kontra = whole(raw.get("kontra", 0), "kontra", 0, rules.max_kontra)
    partners = tuple(
        players[seat] for seat in sides_of(players)[side_of(players, declarer)] if players[seat] != declarer
    )
    side = (declarer, *partners)  # the declarer first: statistics count the contract as his, the partner's too
    hand = Hand(contract=contract, declarer=declarer, won=won, kontra=kontra, side=side)
    if contract != NORMAL:
        for key in NORMAL_FIELDS:
            if key in raw:
                raise InvalidHand(
                    key, N_("only a normal game has it, not a {contract}"), contract=Line(CONTRACT_NAMES[contract])
                )
        return hand
    return _normal(raw, hand)


def _normal(raw: dict, hand: Hand) -> Hand:
    """BS2: the losing side's card points and whether it took a trick, or the game points typed."""
    if "game_points" in raw:
        for key in ("loser_points", "loser_had_trick"):
            if key in raw:
                raise InvalidHand(key, N_("give either game_points or loser_points and loser_had_trick, not both"))
        return replace(hand, game_points=whole(raw["game_points"], "game_points", 1, 3))
    for key in ("loser_points", "loser_had_trick"):
        if key not in raw:
            raise InvalidHand(key, N_("is required for a normal game (or game_points instead)"))
    points = whole(raw["loser_points"], "loser_points", 0, MOST_CARD_POINTS)
    had_trick = flag(raw["loser_had_trick"], "loser_had_trick")
    if not had_trick and points > 0:
        raise InvalidHand(
            "loser_points", N_("a side without a trick has no points yet (a marriage counts only after a trick)")
        )
    return replace(hand, loser_points=points, loser_had_trick=had_trick)


def _team_adjustment(adjustment: Adjustment, named: dict, players: tuple[str, ...]) -> Adjustment:
    """BS10: an amount belongs to the side: naming one partner gives it to both, naming both with different amounts
    is an error."""
    amounts = dict(adjustment.amounts)
    for side in sides_of(players):
        given = [players[seat] for seat in side if players[seat] in named]
        if len({amounts[name] for name in given}) > 1:
            raise InvalidHand(
                "adjustment",
                N_("{first} and {second} are partners: an amount belongs to the team, give them the same or name one"),
                first=given[0],
                second=given[1],
            )
        for seat in side:
            amounts[players[seat]] = amounts[given[0]] if given else 0
    return replace(adjustment, amounts=tuple((name, amounts[name]) for name in players))


# ---- what a hand is worth --------------------------------------------------------------------------------------


def game_points_from(loser_points: int, loser_had_trick: bool, rules: Rules) -> int:
    """BS2: no trick 3, under ``one_point_from`` (33) card points 2, else 1."""
    if not loser_had_trick:
        return 3
    return 2 if loser_points < rules.one_point_from else 1


def worth(hand: Hand, rules: Rules) -> int:
    """BS9.2–3: what the winning side scores, W = g × 2^k (normal game) or V (× 2 when lost counts twice) × 2^k."""
    if hand.contract == NORMAL:
        base = hand.game_points or game_points_from(hand.loser_points, hand.loser_had_trick, rules)
    else:
        base = rules.value(hand.contract) * (1 if hand.won else rules.lost_factor)
    return base * 2**hand.kontra


def explain_value(hand: Hand, rules: Rules, players: tuple[str, ...]) -> list[Line]:
    """BS1–BS5: the contract, what it is worth, the Kontra; the last figure is W."""
    name = Line(CONTRACT_NAMES[hand.contract])
    lines = [
        Line(
            N_("{contract} by {declarer}: won.") if hand.won else N_("{contract} by {declarer}: lost."),
            {"contract": name, "declarer": hand.declarer},
            rule="BS1",
        )
    ]
    if hand.contract == NORMAL:
        lines.append(_normal_line(hand, rules, players))
        base = hand.game_points or game_points_from(hand.loser_points, hand.loser_had_trick, rules)
    else:
        base = rules.value(hand.contract)
        lines.append(
            Line(
                N_("{contract} is worth {value}."),
                {"contract": name, "value": base},
                rule="BS3",
                option=f"value_{hand.contract}",
                setting=base,
            )
        )
        if hand.contract in UNLOSABLE:
            lines.append(Line(N_("It cannot be lost: it is shown, not played."), rule="BS4"))
        if not hand.won and rules.lost_factor != 1:
            lines.append(
                Line(
                    N_("Lost, it counts twice for the other side: {value} × 2 = {points}."),
                    {"value": base, "points": base * 2},
                    rule="BS6",
                    option="lost_factor",
                    setting=rules.lost_factor,
                )
            )
            base *= 2
    if hand.kontra:
        lines.append(
            Line(
                N_("{kontra}: {value} × {factor} = {points}."),
                {
                    "kontra": kontra_name(hand.kontra),
                    "value": base,
                    "factor": 2**hand.kontra,
                    "points": base * 2**hand.kontra,
                },
                rule="BS5",
            )
        )
    return lines


def _normal_line(hand: Hand, rules: Rules, players: tuple[str, ...]) -> Line:
    """BS2: the losing side's situation and the game points it gives."""
    sides = sides_of(players)
    declarers = side_of(players, hand.declarer)
    if hand.won:  # the other side lost (in Dreierschnapsen both defenders together)
        seats = tuple(seat for i, side in enumerate(sides) if i != declarers for seat in side)
    else:
        seats = sides[declarers]
    who = names(players, seats)
    if hand.game_points is not None:
        return Line(
            N_("Game points typed (a wrong claim or a closed talon): {points}."),
            {"points": hand.game_points},
            rule="BS2",
        )
    if not hand.loser_had_trick:
        return Line(N_("{losers} took no trick: {points}."), {"losers": who, "points": 3}, rule="BS2")
    option = {"option": "one_point_from", "setting": rules.one_point_from} if rules.one_point_from != 33 else {}
    if hand.loser_points < rules.one_point_from:
        return Line(
            N_("{losers} had {card_points} (under {line}) and a trick: {points}."),
            {"losers": who, "card_points": hand.loser_points, "line": rules.one_point_from, "points": 2},
            rule="BS2",
            **option,
        )
    return Line(
        N_("{losers} had {card_points} ({line} or more): {points}."),
        {"losers": who, "card_points": hand.loser_points, "line": rules.one_point_from, "points": 1},
        rule="BS2",
        **option,
    )


def winning_seats(hand: Hand, players: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    """BS6/BS7: the sides that score: the declarer's when won, else every other side (Dreier: both defenders)."""
    sides = sides_of(players)
    declarers = side_of(players, hand.declarer)
    if hand.won:
        return (sides[declarers],)
    return tuple(side for i, side in enumerate(sides) if i != declarers)


SCORE_TEXT = N_("{players} score {points} each.")  # the line whose figure every winner scores (the tests read it)
SCORE_ONE_TEXT = N_("{players} scores {points}.")


def score_line(hand: Hand, players: tuple[str, ...], points: int) -> Line:
    """BS6.2–6.3 / BS7.1–7.2: who scores W."""
    seats = tuple(seat for side in winning_seats(hand, players) for seat in side)
    rule = "BS6" if len(players) == 4 else "BS7"  # the top-level rule: the rules page links each line to it
    text = SCORE_ONE_TEXT if len(seats) == 1 else SCORE_TEXT
    return Line(text, {"players": names(players, seats), "points": points}, rule=rule)


# ---- the state: the Bummerl under way, the marks --------------------------------------------------------------


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    current: tuple[int, ...] = ()  # game points in the Bummerl under way, by player (partners alike)
    bummerl: tuple[int, ...] = ()  # Bummerl marks, by player (a team's on both partners)
    sheet: tuple[tuple[int, ...], ...] = ()  # the Bummerl under way as written: each figure after a change
    moments: tuple[tuple[int, int], ...] = ()  # (side, other side): side had target − 1 while the other had 0
    hands_played: int = 0
    bummerl_played: int = 0
    target: int = 24
    count_down: bool = False
    closed: bool = False


def new_state(players: tuple[str, ...], rules: Rules) -> State:
    count = len(players)
    return State(
        players=tuple(players),
        current=(0,) * count,
        bummerl=(0,) * count,
        sheet=((),) * count,
        target=rules.target,
        count_down=rules.count_down,
    )


def shown(state: State, points: int) -> int:
    """BS8.6: a count as the sheet shows it: the points, or with ``count_down`` the points still needed."""
    return state.target - points if state.count_down else points


def standing(state: State) -> Phrase:
    players = state.players
    return Phrase(
        tuple(
            Line("{side} {points}", {"side": names(players, side), "points": shown(state, state.current[side[0]])})
            for side in sides_of(players)
        ),
        " – ",
    )


def _add_points(state: State, gains: dict[int, int], rules: Rules, lines: list[Line]) -> State:
    """BS8 (BS9.5): game points into the Bummerl under way by side; a (target − 1) : 0 moment noted; a side at the
    target wins it, the others get their Bummerl and a new one starts at 0."""
    sides = sides_of(state.players)
    current, sheet = list(state.current), [list(column) for column in state.sheet]
    for index, points in gains.items():
        for seat in sides[index]:
            current[seat] += points
            sheet[seat].append(shown(state, current[seat]))
    after = replace(state, current=tuple(current), sheet=tuple(tuple(column) for column in sheet))
    lines.append(
        Line(N_("Bummerl under way: {standing}."), {"standing": standing(after)}, rule="BS8")
        if not state.count_down
        else Line(
            N_("Bummerl under way, points still needed: {standing}."),
            {"standing": standing(after)},
            rule="BS8",
            option="count_down",
            setting=True,
        )
    )
    points = [current[side[0]] for side in sides]
    moments = set(after.moments) | {
        (s, o)
        for s in range(len(sides))
        for o in range(len(sides))
        if s != o and points[s] == rules.target - 1 and points[o] == 0
    }
    after = replace(after, moments=tuple(sorted(moments)))
    winners = [i for i, p in enumerate(points) if p >= rules.target]
    if not winners:
        return after
    return _end_bummerl(after, winners, points, rules, lines)


WINNERS_TEXT = N_("{winners} reach {target} and win the Bummerl.")  # a team, or two Dreier players at once
WINNER_TEXT = N_("{winners} reaches {target} and wins the Bummerl.")  # one Dreier player


def _end_bummerl(state: State, winners: list[int], points: list[int], rules: Rules, lines: list[Line]) -> State:
    """BS8.1–8.5: the winners reached the target; every other side gets 1, 2 (Schneider) or 4 (Retourschneider)."""
    players, sides = state.players, sides_of(state.players)
    bummerl = list(state.bummerl)
    seats = tuple(seat for w in winners for seat in sides[w])  # a team, or one or two Dreier players
    text = WINNERS_TEXT if len(seats) > 1 else WINNER_TEXT
    lines.append(Line(text, {"winners": names(players, seats), "target": rules.target}, rule="BS8"))
    for loser in (i for i in range(len(sides)) if i not in winners):
        count, line = _marks(state, loser, winners, points, rules)
        for seat in sides[loser]:
            bummerl[seat] += count
        lines.append(line)
    lines.append(Line(N_("The next Bummerl starts at 0."), rule="BS8"))
    count = len(players)
    return replace(
        state,
        current=(0,) * count,
        sheet=((),) * count,
        moments=(),
        bummerl=tuple(bummerl),
        bummerl_played=state.bummerl_played + 1,
    )


def _marks(state: State, loser: int, winners: list[int], points: list[int], rules: Rules) -> tuple[int, Line]:
    players, sides = state.players, sides_of(state.players)
    who = names(players, sides[loser])
    each = len(sides[loser]) > 1
    if rules.retourschneider and any((loser, w) in state.moments for w in winners):
        text = (
            N_("{losers} had {almost} while the winners had {zero}, and lost: Retourschneider, 4 Bummerl each.")
            if each
            else N_("{losers} had {almost} while the winner had {zero}, and lost: Retourschneider, 4 Bummerl.")
        )
        almost = shown(state, rules.target - 1)
        return 4, Line(
            text,
            {"losers": who, "almost": almost, "zero": shown(state, 0)},
            rule="BS8",
            option="retourschneider",
            setting=True,
        )
    if rules.schneider and points[loser] == 0:
        text = (
            N_("{losers} at {zero}: Schneider, 2 Bummerl each.")
            if each
            else N_("{losers} at {zero}: Schneider, 2 Bummerl.")
        )
        return 2, Line(text, {"losers": who, "zero": shown(state, 0)}, rule="BS8", option="schneider", setting=True)
    text = N_("{losers} at {points}: 1 Bummerl each.") if each else N_("{losers} at {points}: 1 Bummerl.")
    return 1, Line(text, {"losers": who, "points": shown(state, points[loser])}, rule="BS8")


# ---- playing ---------------------------------------------------------------------------------------------------


def play_hand(hand: Hand, rules: Rules, state: State) -> tuple[HandResult, State]:
    """BS9: the value, its winners, the Bummerl."""
    players = state.players
    lines = explain_value(hand, rules, players)
    points = worth(hand, rules)
    lines.append(score_line(hand, players, points))
    scores = {p: 0 for p in players}
    sides = sides_of(players)
    gains = {}
    for side in winning_seats(hand, players):
        gains[sides.index(side)] = points
        for seat in side:
            scores[players[seat]] = points
    after = _add_points(replace(state, hands_played=state.hands_played + 1), gains, rules, lines)
    return HandResult(scores=scores, lines=tuple(lines)), after


def _adjustment(hand: Adjustment, rules: Rules, state: State, lines: list[Line]) -> State:
    """BS10: game points written by hand go into the Bummerl under way (no deal: the dealer stays)."""
    sides = sides_of(state.players)
    gains = {i: hand.amount(state.players[side[0]]) for i, side in enumerate(sides)}
    gains = {i: points for i, points in gains.items() if points}
    if gains and all(state.current[side[0]] + gains.get(i, 0) >= rules.target for i, side in enumerate(sides)):
        raise InvalidHand(
            "adjustment",
            N_("every side would reach {target}: nobody would lose the Bummerl; give the points in two adjustments"),
            target=rules.target,
        )
    return _add_points(state, gains, rules, lines) if gains else state


def _closing(rules: Rules, state: State, scores: dict[str, int], lines: list[Line]) -> State:
    """BS10: the Bummerl under way counts for nobody (its game points stay in the evening's game points)."""
    if any(state.current):
        lines.append(
            Line(
                N_("The Bummerl under way ({standing}) is abandoned: it counts for nobody."),
                {"standing": standing(state)},
                rule="BS10",
            )
        )
    count = len(state.players)
    return replace(state, current=(0,) * count, sheet=((),) * count, moments=())


play = playing(play_hand, "BS10", closing=N_("The evening ends here."), on_adjustment=_adjustment, on_closing=_closing)


def score_hand(hand: Hand, rules: Rules, state: State) -> HandResult:
    return play(hand, rules, state)[0]


def next_dealer(state: State) -> str:
    """The deal goes clockwise, one seat a hand (an adjustment is no deal); the first dealer is the first player."""
    return state.players[state.hands_played % len(state.players)]


def milestone(before: State, after: State) -> Line | None:
    """BS8: the hand that ends a Bummerl says who got how many."""
    given = [(name, now - was) for name, was, now in zip(after.players, before.bummerl, after.bummerl) if now > was]
    if not given:
        return None
    marks = Phrase(tuple(Line("{player} +{count}", {"player": name, "count": count}) for name, count in given), ", ")
    return Line(N_("Bummerl: {marks}"), {"marks": marks})


def summary(state: State) -> dict[str, Any]:
    """The format's output: the Bummerl marks and the Bummerl under way as the sheet shows it (BS8.6)."""
    return {
        "bummerl": dict(zip(state.players, state.bummerl)),
        "current": {name: shown(state, points) for name, points in zip(state.players, state.current)},
    }


def status(state: State) -> Status:
    """For the table page: the Bummerl under way, the Bummerl lost, the sides, how many hands were played."""
    players = state.players
    return until_closed(
        state,
        next_dealer,
        round=state.hands_played,
        marks=per_player(players, bummerl=state.bummerl, sheet=state.sheet),
        extra={
            **summary(state),
            "hands": state.hands_played,
            "bummerl_played": state.bummerl_played,
            "target": state.target,
            "count_down": state.count_down,
            "sides": [[players[seat] for seat in side] for side in sides_of(players)],
        },
    )


def describe_hand(hand: Hand, rules: Rules) -> Line | Phrase:
    parts: list[Line | Phrase | str] = [Line(CONTRACT_NAMES[hand.contract]), hand.declarer]
    parts.append(Line(N_("won") if hand.won else N_("lost")))
    parts.append(Line("{points}", {"points": worth(hand, rules)}))
    if hand.kontra:
        parts.append(kontra_name(hand.kontra))
    return Phrase(tuple(parts))


def hand_facts(hand: Hand) -> Facts:
    """A team's hand counts for both partners (its declarers are the declarer's side)."""
    return Facts(
        mode=hand.contract,
        mode_label=CONTRACT_NAMES[hand.contract],
        leader=hand.declarer,
        declarers=hand.side,
        won=hand.won,
        contra=hand.kontra,
    )


PLAYER_FIELDS = ("declarer",)  # a hand's fields that name a player (for a rename)


def penalty(players: tuple[str, ...], who: str, amount: int) -> dict[str, int]:
    """BS10: a penalty gives every other side the game points (game points are never negative): in
    Bauernschnapsen both opponents, in Dreierschnapsen both other players."""
    own = sides_of(players)[side_of(players, who)]
    return {name: 0 if players.index(name) in own else amount for name in players}
