"""Slovenian Tarok for three (the seed) and four players (pagat.com): games/slovenian_tarok/rules.md.

Card points are thirds (``fractions.Fraction``); scores are whole numbers. Radelci are table state: they are
replayed in hand order, so an edit of an early hand changes the doubling of every later one.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from games.contract.engine import Bonus, Facts
from games.contract.hands import MOST_MARKS, Adjustment, Closing, parse_common, playing
from games.contract.inputs import check_keys, choice, cut, flag, player, points_by_player, show, whole
from games.contract.numbers import fmt_number, number, scores_of, signed
from games.contract.options import YES_NO, Counter, CounterCard, Option, Preset, parse_options
from games.contract.status import Status, per_player, until_closed
from games.contract.words import N_, NC_, HandResult, InvalidHand, Line, Phrase, Sums

SLUG = "slovenian-tarok"
TITLE = N_("Slovenian Tarok")
BLURB = N_("3 or 4 players · contracts, bonuses, kontra, radelci")
PLAYER_COUNTS = (3, 4)
ZERO_SUM = False
TOTAL = Fraction(70)
ADDS_UP = N_("the players' points must add up to 70, they add up to {total}")
COUNTER = Counter(
    total=70,
    unit=3,
    cards=(
        CounterCard("kings", N_("Kings"), 13, 4),
        CounterCard("queens", N_("Queens"), 10, 4),
        CounterCard("cavaliers", N_("Cavaliers"), 7, 4),
        CounterCard("jacks", N_("Jacks"), 4, 4),
        CounterCard("trula", N_("Škis, Mond, Pagat"), 13, 3),
        CounterCard("others", N_("Other cards"), 1, 35),
    ),
)
WIN_AT = Fraction(107, 3)  # 35⅔

CONTRACT_VALUES_3 = {"three": 10, "two": 20, "one": 30, "beggar": 70, "solo-without": 80, "klop": 0}
CONTRACT_VALUES_4 = {
    "three": 10,
    "two": 20,
    "one": 30,
    "solo-three": 40,
    "solo-two": 50,
    "solo-one": 60,
    "beggar": 70,
    "solo-without": 80,
    "open-beggar": 90,
    "colour-valat": 125,
    "valat": 500,
    "klop": 0,
}
CONTRACT_NAMES = {
    "three": N_("three"),
    "two": N_("two"),
    "one": N_("one"),
    "solo-three": N_("solo three"),
    "solo-two": N_("solo two"),
    "solo-one": N_("solo one"),
    "beggar": N_("beggar"),
    "solo-without": N_("solo without"),
    "open-beggar": N_("open beggar"),
    "colour-valat": N_("colour valat"),
    "valat": N_("valat"),
    "klop": N_("klop"),
}
MODES = CONTRACT_NAMES
WITH_DIFFERENCE = frozenset({"three", "two", "one", "solo-three", "solo-two", "solo-one"})
WITH_POINTS = WITH_DIFFERENCE | {"solo-without"}
WITH_WON = frozenset({"beggar", "open-beggar", "colour-valat", "valat"})
CALLS_KING = frozenset({"three", "two", "one"})
HOLDS_RADELC = N_("{declarer} holds a radelc: × 2 = {score}.")  # SR3: the declarer's radelc doubles the payout
HOLDS_RADELC_IN_KLOP = N_("{player} holds a radelc: × 2 = {score}.")  # each player's, their klop score
GIVES_RADELCI = frozenset({"klop", "beggar", "solo-without", "open-beggar", "colour-valat", "valat"})
BONUS_VALUES = {
    "trula": (10, 20),
    "kings": (10, 20),
    "pagat-ultimo": (25, 50),
    "king-ultimo": (10, 20),
    "valat": (250, 500),
}
BONUS_NAMES = {
    "trula": N_("trula"),
    "kings": N_("kings"),
    "pagat-ultimo": N_("pagat ultimo"),
    "king-ultimo": N_("king ultimo"),
    "valat": N_("valat"),
}
CAN_FAIL_UNANNOUNCED = frozenset({"pagat-ultimo", "king-ultimo"})
KONTRA_NAMES = (N_("no kontra"), N_("kontra"), N_("rekontra"), N_("subkontra"), N_("mordkontra"))

SEED = N_("Slovenian Tapp Tarock for three")
PAGAT = N_("pagat.com's Slovenian Tarok and the Slovenian Tarok Association's competition rules")
RULES = {  # the rules file's numbers, for the rules page and every explanation line
    "SR1": N_("Card points"),
    "SR2": N_("Three players; klop; the lost Mond"),
    "SR3": N_("Four players; kontra, valat, radelci"),
    "SR4": N_("Adjustments and the end of the evening"),
}

OPTIONS = (
    Option(
        "difference_rounding",
        N_("Rounding of the difference"),
        by_count={3: "whole", 4: "five"},
        choices=(("whole", N_("to a whole number")), ("five", N_("to the nearest 5"))),
        rule="SR3",
        source=N_("three players: Slovenian Tapp Tarock; four players: pagat.com"),
        help=N_(
            "The difference from 35: 40⅔ points is 6 to a whole number, or 5 to the nearest 5 (as four "
            "players usually count)."
        ),
    ),
    Option(
        "radelci",
        N_("Radelci"),
        by_count={3: False, 4: True},
        choices=((False, N_("no")), (True, N_("yes"))),
        rule="SR3",
        source=PAGAT,
        help=N_(
            "After klop, beggar, solo without, open beggar and the valat contracts everyone gets a radelc; a "
            "declarer holding one doubles the score (a won three worth 25 pays 50) and crosses it off."
        ),
    ),
    Option(
        "mond_penalty",
        N_("Lost Mond costs"),
        default=21,
        choices=((21, "21"), (20, "20")),
        rule="SR2",
        source=N_("21: the rules of Slovenian Tapp Tarock; 20: the Tarok scorebook app"),
        help=N_("What a player pays whose Mond (21) is captured by the other side: 21, or 20."),
    ),
    Option(
        "klop_full_threshold",
        N_("Klop: −70 for"),
        default="more-than-35-2/3",
        rule="SR2",
        source=SEED,
        choices=(("more-than-35-2/3", N_("more than 35⅔")), ("at-least-35-2/3", N_("35⅔ or more"))),
        help=N_("In klop a player who takes more than 35⅔ writes −70; or already one who takes exactly 35⅔."),
    ),
    Option(
        "klop_radelci",
        N_("Radelci in klop"),
        default=True,
        choices=YES_NO,
        rule="SR3",
        source=N_("off: Palčka (mytja/Tarok) and the Tarok scorebook app"),
        help=N_(
            "Yes: a radelc doubles a player's klop score (+70 becomes +140) and a +70 crosses one off. No: "
            "klop is scored without radelci (klop still gives everyone a radelc)."
        ),
    ),
    Option(
        "announced_valat",
        N_("An announced valat is"),
        default="bonus",
        rule="SR3",
        choices=(("bonus", N_("a bonus")), ("contract", N_("scored as the valat contract"))),
        source=N_("bonus: the association's rule B1.14; contract: Palčka and the Tarok scorebook app"),
        help=N_(
            "A bonus: a failed announced valat costs 500 beside the game (a won three worth 15 pays −485). "
            "The contract: made or failed it is ±500 alone (−500), and everyone gets a radelc."
        ),
    ),
    Option(
        "radelci_end_penalty",
        N_("Radelci left at the end cost"),
        default=0,
        kind="whole",
        low=0,
        high=1000,
        rule="SR4",
        source=N_("the Tarok scorebook app and erikbozic/tarok-scoreboard (100)"),
        help=N_(
            "At the end of the evening each radelc not crossed off costs this much: with 100, two radelci "
            "left cost −200. 0: nothing."
        ),
    ),
    Option(
        "mondfang_radelci",
        N_("Radelci for a caught Mond"),
        default=False,
        choices=YES_NO,
        rule="SR3",
        source=N_("mytja/Tarok (Palčka): radelci for everyone on a Mond catch"),
        help=N_("Yes: a hand in which someone's Mond (21) was caught gives everyone a radelc (one at most per hand)."),
    ),
)
FOUR = {"difference_rounding": "five", "radelci": True}  # the four-player defaults, which the presets build on
PRESETS = (
    Preset(
        "seed",
        N_("Three players (Tapp Tarock)"),
        N_("Slovenian Tapp Tarock for three: the difference to a whole number, no radelci."),
        values={"difference_rounding": "whole", "radelci": False},
        default_for=(3,),
    ),
    Preset(
        "pagat",
        N_("pagat.com (four players)"),
        N_("pagat.com's Slovenian Tarok: the difference to the nearest 5, radelci."),
        values=FOUR,
        default_for=(4,),
    ),
    Preset(
        "palcka",
        N_("Palčka"),
        N_(
            "As the online game Palčka (mytja/Tarok) scores: the difference to a whole number, −70 in klop from "
            "35⅔, no radelci in klop, an announced valat scored as the contract."
        ),
        values={
            **FOUR,
            "difference_rounding": "whole",
            "klop_full_threshold": "at-least-35-2/3",
            "klop_radelci": False,
            "announced_valat": "contract",
        },
    ),
    Preset(
        "scorebook",
        N_("Tarok scorebook"),
        N_(
            "As the Tarok scorebook app (reycika/tarok-scorebook) scores: a lost Mond costs 20, no radelci in "
            "klop, an announced valat scored as the contract, 100 for each radelc left at the end."
        ),
        values={
            **FOUR,
            "mond_penalty": 20,
            "klop_radelci": False,
            "announced_valat": "contract",
            "radelci_end_penalty": 100,
        },
    ),
)


@dataclass(frozen=True)
class Rules:
    difference_rounding: str = "five"
    radelci: bool = True
    mond_penalty: int = 21
    klop_full_threshold: str = "more-than-35-2/3"
    klop_radelci: bool = True
    announced_valat: str = "bonus"
    radelci_end_penalty: int = 0
    mondfang_radelci: bool = False


@dataclass(frozen=True)
class Hand:
    contract: str
    declarer: str | None = None
    partner: str | None = None
    points: Fraction | None = None
    won: bool | None = None
    kontra: int = 0
    bonuses: tuple[Bonus, ...] = ()
    mond_lost_by: str | None = None
    klop: tuple[tuple[str, Fraction], ...] = ()


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    radelci: tuple[int, ...] = ()
    used: tuple[int, ...] = field(default=())
    deals: int = 0  # hands dealt: the deal moves on with each (not with an adjustment)
    closed: bool = False

    def open_radelci(self, name: str) -> int:
        return self.radelci[self.players.index(name)]


def parse_rules(raw: Any, players: tuple[str, ...]) -> Rules:
    """The defaults depend on the number of players (three: the seed's; four: pagat.com's)."""
    return Rules(**parse_options(raw, OPTIONS, len(players), PRESETS))


def new_state(players: tuple[str, ...], rules: Rules) -> State:
    zero = tuple(0 for _ in players)
    return State(players=tuple(players), radelci=zero, used=zero)


_POINTS = re.compile(r"^\s*(?:([0-9]{1,3})(?:\s+([12])/3)?|([12])/3)\s*$")  # ASCII: \d takes any script


def parse_points(raw: Any, field_name: str) -> Fraction:
    """A whole number or a string with thirds: 40, "40", "40 2/3", "2/3"; between 0 and 70."""
    if isinstance(raw, bool):
        raise InvalidHand(field_name, N_('must be card points such as 40 or "40 2/3", got {value}'), value=show(raw))
    if isinstance(raw, int):
        value = Fraction(raw)
    elif isinstance(raw, str) and (match := _POINTS.match(raw)):
        whole_part, thirds, only_thirds = match.groups()
        value = (
            Fraction(int(only_thirds), 3) if only_thirds else Fraction(int(whole_part)) + Fraction(int(thirds or 0), 3)
        )
    else:
        raise InvalidHand(field_name, N_('must be card points such as 40 or "40 2/3", got {value}'), value=show(raw))
    if not 0 <= value <= TOTAL:
        raise InvalidHand(field_name, N_("must be between 0 and 70, got {value}"), value=cut(fmt_number(value)))
    return value


def format_points(value: Fraction) -> int | str:
    """The table document's way to write points: a whole number, or "40 2/3"."""
    if value.denominator == 1:
        return int(value)
    whole_part = value.numerator // value.denominator
    thirds = (value - whole_part) * 3
    return f"{whole_part} {thirds.numerator}/3"


ADJUSTMENT_MARKS = ("radelci",)  # SR4: an adjustment gives or crosses off radelci too (at most MOST_RADELCI)
MOST_RADELCI = MOST_MARKS  # radelci given or crossed off by one adjustment: the contract's bound for any game's marks
HAND_FIELDS = frozenset(
    {"contract", "declarer", "partner", "points", "won", "kontra", "bonuses", "mond_lost_by", "klop"}
)


def parse_hand(raw: Any, players: tuple[str, ...], rules: Rules) -> Hand | Adjustment | Closing:  # noqa: C901 (one check a field of the format, in the format's order)
    common = parse_common(raw, players, marks=ADJUSTMENT_MARKS)
    if common is not None:
        return common
    check_keys(raw, HAND_FIELDS)
    values = CONTRACT_VALUES_4 if len(players) == 4 else CONTRACT_VALUES_3
    if "contract" not in raw:
        raise InvalidHand("contract", N_("is required"))
    contract = choice(raw["contract"], "contract", tuple(values))
    kontra = whole(raw.get("kontra", 0), "kontra", 0, 4)
    mond = raw.get("mond_lost_by")
    mond = None if mond is None else player(mond, "mond_lost_by", players)

    if contract == "klop":
        for key in ("declarer", "partner", "points", "won", "bonuses"):
            if raw.get(key) not in (None, []):
                raise InvalidHand(key, N_("has no place in klop"))
        if kontra:
            raise InvalidHand("kontra", N_("has no place in klop"))
        if mond is not None:
            raise InvalidHand("mond_lost_by", N_("has no place in klop: everyone plays for themselves"))
        return Hand(
            contract=contract, klop=points_by_player(raw.get("klop"), "klop", players, parse_points, TOTAL, ADDS_UP)
        )

    if raw.get("klop") is not None:
        raise InvalidHand("klop", N_("is only for a klop"))
    if raw.get("declarer") is None:
        raise InvalidHand("declarer", N_("is required"))
    declarer = player(raw["declarer"], "declarer", players)

    partner = raw.get("partner")
    if partner is not None:
        if len(players) == 3:
            raise InvalidHand("partner", N_("with three players the declarer always plays alone"))
        if contract not in CALLS_KING:
            raise InvalidHand(
                "partner", N_("in {contract} the declarer plays alone"), contract=Line(CONTRACT_NAMES[contract])
            )
        partner = player(partner, "partner", players)
        if partner == declarer:
            raise InvalidHand(
                "partner",
                N_("must be another player than the declarer (leave it empty when the called king lay in the talon)"),
            )

    points = None
    if contract in WITH_POINTS:
        if raw.get("points") is None:
            raise InvalidHand("points", N_("is required in {contract}"), contract=Line(CONTRACT_NAMES[contract]))
        points = parse_points(raw["points"], "points")
    elif raw.get("points") is not None:
        raise InvalidHand("points", N_("are not counted in {contract}"), contract=Line(CONTRACT_NAMES[contract]))

    won = None
    if contract in WITH_WON:
        if raw.get("won") is None:
            raise InvalidHand(
                "won", N_("is required in {contract}: was it made?"), contract=Line(CONTRACT_NAMES[contract])
            )
        won = flag(raw["won"], "won")
    elif raw.get("won") is not None:
        raise InvalidHand(
            "won", N_("is decided by the card points in {contract}"), contract=Line(CONTRACT_NAMES[contract])
        )

    bonuses = _bonuses(raw.get("bonuses", []), contract, len(players))
    return Hand(
        contract=contract,
        declarer=declarer,
        partner=partner,
        points=points,
        won=won,
        kontra=kontra,
        bonuses=bonuses,
        mond_lost_by=mond,
    )


def _bonuses(raw: Any, contract: str, player_count: int) -> tuple[Bonus, ...]:
    if not isinstance(raw, list):
        raise InvalidHand("bonuses", N_("must be a list"))
    if raw and contract not in WITH_DIFFERENCE:
        raise InvalidHand("bonuses", N_("there are no bonuses in {contract}"), contract=Line(CONTRACT_NAMES[contract]))
    found: list[Bonus] = []
    for i, item in enumerate(raw, start=1):
        where = f"bonuses[{i}]"
        check_keys(item, {"kind", "side", "announced", "made", "kontra"}, where)
        for key in ("kind", "side", "announced", "made"):
            if key not in item:
                raise InvalidHand(f"{where}.{key}", N_("is required"))
        kinds = tuple(BONUS_VALUES) if player_count == 4 else tuple(k for k in BONUS_VALUES if k != "king-ultimo")
        bonus = Bonus(
            kind=choice(item["kind"], f"{where}.kind", kinds),
            side=choice(item["side"], f"{where}.side", ("declarers", "defenders")),
            announced=flag(item["announced"], f"{where}.announced"),
            made=flag(item["made"], f"{where}.made"),
            kontra=whole(item.get("kontra", 0), f"{where}.kontra", 0, 4),
        )
        if bonus.kind == "king-ultimo" and contract not in CALLS_KING:
            raise InvalidHand(f"{where}.kind", N_("king ultimo needs a called king (three, two or one)"))
        if bonus.kontra and not bonus.announced:
            raise InvalidHand(f"{where}.kontra", N_("only an announced bonus can be kontra'd"))
        if any(b.kind == bonus.kind for b in found):
            raise InvalidHand(f"{where}.kind", N_("{kind} is listed twice"), kind=Line(BONUS_NAMES[bonus.kind]))
        found.append(bonus)
    return tuple(found)


def round_whole(value: Fraction) -> int:
    """⅓ down, ⅔ up."""
    return math.floor(value + Fraction(1, 2))


DIFFERENCE_SAID = {  # (to a whole number, to the nearest 5): each step said only when it changes the number
    (False, False): N_("Difference: |{points} − 35| = {diff}."),
    (True, False): N_("Difference: |{points} − 35| = {diff}, rounded (⅓ down, ⅔ up): {d}."),
    (False, True): N_("Difference: |{points} − 35| = {diff}, to the nearest 5: {d5}."),
    (True, True): N_("Difference: |{points} − 35| = {diff} → {d}, to the nearest 5: {d5}."),
}


def _difference(points: Fraction, rules: Rules, lines: list[Line], rule: str) -> int:
    """SR2, SR3: the difference from 35, rounded to a whole number (⅓ down, ⅔ up), then, by the table's rules, to the
    nearest 5: "|44 − 35| = 9, to the nearest 5: 10", never "9 → 9"."""
    diff = abs(points - 35)
    d = round_whole(diff)
    d5 = (d + 2) // 5 * 5 if rules.difference_rounding == "five" else d
    steps = (d != diff, d5 != d)
    lines.append(
        Line(
            DIFFERENCE_SAID[steps],
            {"points": number(points), "diff": number(diff), "d": d, "d5": d5},
            rule=rule,
            option="difference_rounding" if any(steps) else "",
            setting=rules.difference_rounding,
        )
    )
    return d5


def score_hand(hand: Hand | Adjustment | Closing, rules: Rules, state: State) -> HandResult:
    return play(hand, rules, state)[0]


def play_hand(hand: Hand, rules: Rules, state: State) -> tuple[HandResult, State]:
    result, radelci, used = (_klop if hand.contract == "klop" else _contract)(hand, rules, state)
    rule = _rule(state)
    valat_contract = _valat_as_contract(hand, rules)
    if rules.radelci and (hand.contract in GIVES_RADELCI or valat_contract):
        radelci = [r + 1 for r in radelci]
        reason = Line(CONTRACT_NAMES["valat"] if valat_contract else CONTRACT_NAMES[hand.contract])
        result = _more(
            result,
            Line(
                N_("{contract}: every player gets a radelc."),
                {"contract": reason},
                rule="SR3",
                option="announced_valat" if valat_contract else "",
                setting="contract",
            ),
        )
    elif rules.radelci and rules.mondfang_radelci and hand.mond_lost_by:
        radelci = [r + 1 for r in radelci]
        result = _more(
            result,
            Line(
                N_("The Mond was caught: every player gets a radelc."),
                rule=rule,
                option="mondfang_radelci",
                setting=True,
            ),
        )
    return result, State(players=state.players, radelci=tuple(radelci), used=tuple(used), deals=state.deals + 1)


def _more(result: HandResult, line: Line) -> HandResult:
    return HandResult(scores=result.scores, lines=result.lines + (line,))


def _rule(state: State) -> str:
    """SR2 for three players (the seed's rules), SR3 for four (pagat.com's)."""
    return "SR2" if len(state.players) == 3 else "SR3"


def _adjustment(hand: Adjustment, rules: Rules, state: State, lines: list[Line]) -> State:
    """SR4: radelci given or crossed off by an adjustment alone; no deal, no radelc otherwise."""
    radelci, used = list(state.radelci), list(state.used)
    for name, change in hand.given("radelci"):
        i = state.players.index(name)
        if radelci[i] + change < 0:
            raise InvalidHand(
                f"radelci.{name}",
                N_("{player}: radelci held: {held}, cannot cross off {count}"),
                player=name,
                held=radelci[i],
                count=-change,
            )
        radelci[i] += change
        if change < 0:
            used[i] -= change
        lines.append(
            Line(
                N_("{player}: radelci {change}, now {count}."),
                {"player": name, "change": signed(change), "count": radelci[i]},
                rule="SR4",
            )
        )
    return replace(state, radelci=tuple(radelci), used=tuple(used))


def _closing(rules: Rules, state: State, scores: dict[str, int], lines: list[Line]) -> State:
    """SR4: the end of the evening; with an end penalty, each radelc still held costs it."""
    penalty = rules.radelci_end_penalty
    if not penalty:
        return state
    for p, held in zip(state.players, state.radelci):
        scores[p] = -penalty * held
        lines.append(
            Line(
                N_("{player}, radelci still held: {count} × −{penalty} = {score}."),
                {"player": p, "count": held, "penalty": penalty, "score": signed(scores[p])},
                rule="SR4",
                option="radelci_end_penalty",
                setting=penalty,
                sums=Sums.OWN,
            )
        )
    return replace(state, radelci=tuple(0 for _ in state.players))


play = playing(play_hand, "SR4", closing=N_("The evening ends here."), on_adjustment=_adjustment, on_closing=_closing)


def _valat_as_contract(hand: Hand, rules: Rules) -> Bonus | None:
    """With ``announced_valat`` "contract", an announced valat (made or failed) is scored as the contract."""
    if rules.announced_valat != "contract" or hand.contract == "klop":
        return None
    return next((b for b in hand.bonuses if b.kind == "valat" and b.announced), None)


def _contract(hand: Hand, rules: Rules, state: State) -> tuple[HandResult, list[int], list[int]]:
    players = state.players
    rule = _rule(state)
    lines: list[Line] = []
    values = CONTRACT_VALUES_4 if len(players) == 4 else CONTRACT_VALUES_3
    value = values[hand.contract]
    team = (hand.declarer,) + ((hand.partner,) if hand.partner else ())
    name = Line(CONTRACT_NAMES[hand.contract])
    if hand.partner:
        lines.append(
            Line(
                N_("{declarer} plays {contract} ({value}) with {partner}."),
                {"declarer": hand.declarer, "contract": name, "value": value, "partner": hand.partner},
                rule=rule,
            )
        )
    else:
        lines.append(
            Line(
                N_("{declarer} plays {contract} ({value}) alone."),
                {"declarer": hand.declarer, "contract": name, "value": value},
                rule=rule,
            )
        )
    kontra_factor = 2**hand.kontra

    if hand.contract in WITH_POINTS:
        won = hand.points >= WIN_AT
        lines.append(
            Line(
                N_("Card points {points}: {verdict} (35⅔ needed)."),
                {"points": number(hand.points), "verdict": Line(N_("won") if won else N_("lost"))},
                rule="SR1",
            )
        )
    else:
        won = bool(hand.won)
        lines.append(Line(N_("Contract made.") if won else N_("Contract failed."), rule=rule))

    as_contract = _valat_as_contract(hand, rules)
    valat = next((b for b in hand.bonuses if b.kind == "valat" and b.made), None)
    if as_contract is not None:
        factor = 2**as_contract.kontra
        made_by_declarers = (as_contract.side == "declarers") == as_contract.made
        team_score = 500 * factor if made_by_declarers else -500 * factor
        won = team_score > 0
        lines.append(
            Line(
                N_(
                    "Valat announced by {side}, {result}: scored as the valat contract, 500 × kontra {k}, "
                    "instead of the game, the difference and every other bonus: {score}."
                ),
                {
                    "side": _side(as_contract.side),
                    "k": factor,
                    "score": signed(team_score),
                    "result": Line(N_("made") if as_contract.made else N_("failed"), context="valat"),
                },
                rule="SR3",
                option="announced_valat",
                setting="contract",
                sums=Sums.TERM,
            )
        )
    elif valat is not None:
        amount = 500 * 2**valat.kontra if valat.announced else 250 * kontra_factor
        team_score = amount if valat.side == "declarers" else -amount
        won = valat.side == "declarers"
        lines.append(
            Line(
                N_("Valat by {side}, {how}: it replaces the game, the difference and the other bonuses: {score}."),
                {
                    "side": _side(valat.side),
                    "score": signed(team_score),
                    "how": Line(
                        N_("announced, 500 × kontra {k}")
                        if valat.announced
                        else N_("unannounced, 250 × game kontra {k}"),
                        {"k": 2**valat.kontra if valat.announced else kontra_factor},
                    ),
                },
                rule=rule,
                option="announced_valat" if valat.announced else "",
                setting=rules.announced_valat,
                sums=Sums.TERM,
            )
        )
    else:
        base = value
        if hand.contract in WITH_DIFFERENCE:
            d = _difference(hand.points, rules, lines, rule)
            base = value + d
            lines.append(Line(N_("{value} + {d} = {base}."), {"value": value, "d": d, "base": base}, rule=rule))
        game = base if won else -base
        if kontra_factor > 1:
            lines.append(
                Line(
                    N_("Game {game} × {kontra} {k} = {total}."),
                    {
                        "game": signed(game),
                        "kontra": Line(KONTRA_NAMES[hand.kontra]),
                        "k": kontra_factor,
                        "total": signed(game * kontra_factor),
                    },
                    rule="SR3",
                    sums=Sums.TERM,
                )
            )
            game *= kontra_factor
        else:
            lines.append(Line(N_("Game: {game}."), {"game": signed(game)}, rule=rule, sums=Sums.TERM))
        team_score = game
        for bonus in hand.bonuses:
            team_score += _bonus(bonus, rules, lines, rule)
        if hand.bonuses:
            lines.append(
                Line(N_("Game and bonuses: {score}."), {"score": signed(team_score)}, rule=rule, sums=Sums.TOTAL)
            )

    radelci = list(state.radelci)
    used = list(state.used)
    d_index = players.index(hand.declarer)
    if rules.radelci and radelci[d_index] > 0:
        team_score *= 2
        lines.append(
            Line(
                HOLDS_RADELC,
                {"declarer": hand.declarer, "score": signed(team_score)},
                rule="SR3",
                option="radelci",
                setting=True,
                sums=Sums.SCALED,
            )
        )
        if won:
            radelci[d_index] -= 1
            used[d_index] += 1
            lines.append(
                Line(N_("Contract won: {declarer} crosses a radelc off."), {"declarer": hand.declarer}, rule="SR3")
            )

    scores = {p: 0 for p in players}
    for p in team:
        scores[p] = team_score
    if len(team) == 2:
        lines.append(
            Line(
                N_("{declarer} and {partner} each write {score}; the defenders write nothing."),
                {"declarer": hand.declarer, "partner": hand.partner, "score": signed(team_score)},
                rule="SR3",
                sums=Sums.SCORES,
            )
        )
    else:
        lines.append(
            Line(
                N_("{declarer} writes {score}; the defenders write nothing."),
                {"declarer": hand.declarer, "score": signed(team_score)},
                rule=rule,
                sums=Sums.SCORES,
            )
        )
    if hand.mond_lost_by:
        scores[hand.mond_lost_by] -= rules.mond_penalty
        lines.append(
            Line(
                N_("{player} lost the Mond (21) to the other side: −{penalty}, theirs alone."),
                {"player": hand.mond_lost_by, "penalty": rules.mond_penalty},
                rule="SR2",
                option="mond_penalty",
                setting=rules.mond_penalty,
                sums=Sums.OWN,
            )
        )
    return HandResult(scores=scores, lines=tuple(lines)), radelci, used


def _side(side: str) -> Line:
    return Line(N_("the declarers") if side == "declarers" else N_("the defenders"))


BONUS_WORDS = {  # the words that agree with a bonus's gender (Czech trula nehlášená, valat nehlášený)
    "trula": (
        NC_("trula", "announced"),
        NC_("trula", "unannounced"),
        NC_("trula", "made"),
        NC_("trula", "failed"),
        NC_("trula", "not made"),
    ),
    "kings": (
        NC_("kings", "announced"),
        NC_("kings", "unannounced"),
        NC_("kings", "made"),
        NC_("kings", "failed"),
        NC_("kings", "not made"),
    ),
    "pagat-ultimo": (
        NC_("pagat-ultimo", "announced"),
        NC_("pagat-ultimo", "unannounced"),
        NC_("pagat-ultimo", "made"),
        NC_("pagat-ultimo", "failed"),
        NC_("pagat-ultimo", "not made"),
    ),
    "king-ultimo": (
        NC_("king-ultimo", "announced"),
        NC_("king-ultimo", "unannounced"),
        NC_("king-ultimo", "made"),
        NC_("king-ultimo", "failed"),
        NC_("king-ultimo", "not made"),
    ),
    "valat": (
        NC_("valat", "announced"),
        NC_("valat", "unannounced"),
        NC_("valat", "made"),
        NC_("valat", "failed"),
        NC_("valat", "not made"),
    ),
}


def _bonus_said(bonus: Bonus) -> Line:
    """A bonus as the list of hands says it, whose it was and how it ended: "trula unannounced by the defenders,
    made" (the explanation's words, without the amount)."""
    words = BONUS_WORDS[bonus.kind]
    outcome = (
        words[2] if bonus.made else words[3] if bonus.announced or bonus.kind in CAN_FAIL_UNANNOUNCED else words[4]
    )
    return Line(
        N_("{kind} {how}{kontra} by {side}, {result}"),
        {
            "kind": Line(BONUS_NAMES[bonus.kind]),
            "how": Line(words[0] if bonus.announced else words[1], context=bonus.kind),
            "kontra": f" × {2**bonus.kontra}" if bonus.kontra else "",
            "side": _side(bonus.side),
            "result": Line(outcome, context=bonus.kind),
        },
    )


def _bonus(bonus: Bonus, rules: Rules, lines: list[Line], rule: str) -> int:
    unannounced, announced = BONUS_VALUES[bonus.kind]
    factor = 2**bonus.kontra
    if bonus.made:
        value = announced * factor if bonus.announced else unannounced
    elif bonus.announced:
        value = -announced * factor
    elif bonus.kind in CAN_FAIL_UNANNOUNCED:
        value = -unannounced
    else:
        value = 0
    for_declarers = value if bonus.side == "declarers" else -value
    words = BONUS_WORDS[bonus.kind]
    how = Line(words[0] if bonus.announced else words[1], context=bonus.kind)
    outcome = (
        words[2] if bonus.made else words[3] if bonus.announced or bonus.kind in CAN_FAIL_UNANNOUNCED else words[4]
    )
    kontra = f" × {factor}" if bonus.kontra else ""
    failed_valat = bonus.kind == "valat" and bonus.announced and not bonus.made
    lines.append(
        Line(
            N_("{kind} {how}{kontra} by {side}, {result}: {value} for the declarers."),
            {
                "kind": Line(BONUS_NAMES[bonus.kind]),
                "how": how,
                "kontra": kontra,
                "side": _side(bonus.side),
                "result": Line(outcome, context=bonus.kind),
                "value": signed(for_declarers),
            },
            rule="SR3" if bonus.kontra else rule,
            option="announced_valat" if failed_valat else "",
            setting=rules.announced_valat,
            sums=Sums.TERM,
        )
    )
    return for_declarers


def _klop(hand: Hand, rules: Rules, state: State) -> tuple[HandResult, list[int], list[int]]:
    players = state.players
    lines = [Line(N_("Klop: everyone plays for themselves; card points count against you."), {}, rule="SR2")]
    points = dict(hand.klop)

    def full(p: Fraction) -> bool:
        return p > WIN_AT if rules.klop_full_threshold == "more-than-35-2/3" else p >= WIN_AT

    winners = [p for p in players if points[p] == 0]
    losers = [p for p in players if full(points[p])]
    scores = {p: 0 for p in players}
    if winners or losers:
        for p in winners:
            scores[p] = 70
            lines.append(Line(N_("{player} took no tricks: +70."), {"player": p}, rule="SR2", sums=Sums.OWN))
        for p in losers:
            scores[p] = -70
            lines.append(
                Line(
                    N_("{player} took {points}, {limit}: −70."),
                    {
                        "player": p,
                        "points": number(points[p]),
                        "limit": Line(
                            N_("more than 35⅔")
                            if rules.klop_full_threshold == "more-than-35-2/3"
                            else N_("35⅔ or more")
                        ),
                    },
                    rule="SR2",
                    option="klop_full_threshold",
                    setting=rules.klop_full_threshold,
                    sums=Sums.OWN,
                )
            )
        lines.append(Line(N_("Only those players score."), {}, rule="SR2"))
    else:
        for p in players:
            scores[p] = -round_whole(points[p])
            lines.append(
                Line(
                    N_("{player}: {points} → {score}."),
                    {"player": p, "points": number(points[p]), "score": signed(scores[p])},
                    rule="SR2",
                    sums=Sums.OWN,
                )
            )
    radelci = list(state.radelci)
    used = list(state.used)
    if rules.radelci and rules.klop_radelci:
        for i, p in enumerate(players):
            if radelci[i] > 0 and scores[p]:
                scores[p] *= 2
                lines.append(
                    Line(
                        HOLDS_RADELC_IN_KLOP,
                        {"player": p, "score": signed(scores[p])},
                        rule="SR3",
                        option="klop_radelci",
                        setting=True,
                        sums=Sums.OWN,
                    )
                )
                if scores[p] > 0:
                    radelci[i] -= 1
                    used[i] += 1
                    lines.append(
                        Line(
                            N_("{player} won the klop and crosses a radelc off."),
                            {"player": p},
                            rule="SR3",
                            option="klop_radelci",
                            setting=True,
                        )
                    )
    elif rules.radelci and any(radelci[i] > 0 and scores[p] for i, p in enumerate(players)):
        lines.append(Line(N_("Radelci do not count in klop."), rule="SR3", option="klop_radelci", setting=False))
    return HandResult(scores=scores, lines=tuple(lines)), radelci, used


def next_dealer(state: State) -> str:
    """The deal moves on with every hand from the first player: clockwise with three players (the seed), so to
    the player before in the seating order; counter-clockwise with four (pagat.com), to the one after."""
    step = -1 if len(state.players) == 3 else 1
    return state.players[(step * state.deals) % len(state.players)]


def summary(state: State) -> dict[str, Any]:
    return {"radelci": dict(zip(state.players, state.radelci))}


def status(state: State) -> Status:
    """For the table page: each player's open radelci and those already crossed off; who deals next."""
    return until_closed(
        state,
        next_dealer,
        round=state.deals,
        marks=per_player(state.players, radelci=state.radelci, radelci_used=state.used),
        extra={
            "radelci": dict(zip(state.players, state.radelci)),
            "radelci_used": dict(zip(state.players, state.used)),
        },
    )


def describe_hand(hand: Hand, rules: Rules) -> Line | Phrase:
    """One line for the list of hands: declarer, contract, partner, points, result, kontra, bonuses; a klop's card
    points."""
    contract = Line(CONTRACT_NAMES[hand.contract])
    if hand.contract == "klop":  # each player's card points: what a klop's edit changes
        return Phrase(
            (
                contract,
                Phrase(
                    tuple(
                        Line("{player} {points}", {"player": p, "points": number(points)}) for p, points in hand.klop
                    ),
                    ", ",
                ),
            )
        )
    head: list[Line | Phrase | str] = [Phrase((f"{hand.declarer}: ", contract), "")]
    if hand.partner:
        head.append(Line(N_("with {player}"), {"player": hand.partner}))
    parts: list[Line | Phrase | str] = [Phrase(tuple(head), " ")]
    if hand.points is not None:
        parts.append(number(hand.points))
    if hand.won is not None:
        parts.append(Line(N_("made") if hand.won else N_("failed")))
    if hand.kontra:
        parts.append(f"×{2**hand.kontra}")
    if hand.bonuses:
        parts.append(Phrase(tuple(_bonus_said(b) for b in hand.bonuses), "; "))  # each says ", made" itself
    if hand.mond_lost_by:
        parts.append(Line(N_("{player} lost the Mond"), {"player": hand.mond_lost_by}))
    return Phrase(tuple(parts))


def describe_carried(hand: Hand | Adjustment | Closing, rules: Rules, before: State) -> Line | None:
    """SR3: what the radelci a hand found did to its payout, for its one line after ``describe`` (which says the
    hand alone): the declarer's radelc doubled it ("radelc ×2"); in klop, the scores of the players it names
    ("radelc ×2: Ana, Cene"). None when no radelc doubled anything."""
    if not isinstance(hand, Hand) or not rules.radelci:
        return None
    result, _after = play_hand(hand, rules, before)
    doubled = [
        line.args.get("declarer") or line.args["player"]
        for line in result.lines
        if line.text in (HOLDS_RADELC, HOLDS_RADELC_IN_KLOP)
    ]
    if not doubled:
        return None
    if hand.contract == "klop":
        return Line(N_("radelc ×2: {players}"), {"players": Phrase(tuple(doubled), ", ")})  # each name isolated
    return Line(N_("radelc ×2"))


def describe_marks(adjustment: Adjustment) -> Line | None:
    """SR4: an adjustment's radelci given or crossed off, after its amounts in the list of hands."""
    given = adjustment.given("radelci")
    return Line(N_("radelci: {changes}"), {"changes": scores_of(given)}) if given else None


def hand_facts(hand: Hand) -> Facts:
    """The declarer leads; in klop nobody declares."""
    name = CONTRACT_NAMES[hand.contract]
    if hand.contract == "klop":
        return Facts(mode="klop", mode_label=name)
    valat = next((b for b in hand.bonuses if b.kind == "valat" and b.made), None)
    if valat is not None:
        won = valat.side == "declarers"
    elif hand.points is not None:
        won = hand.points >= WIN_AT
    else:
        won = bool(hand.won)
    declarers = (hand.declarer,) + ((hand.partner,) if hand.partner else ())
    return Facts(
        mode=hand.contract,
        mode_label=name,
        leader=hand.declarer,
        declarers=declarers,
        won=won,
        points=hand.points,
        contra=hand.kontra,
        bonuses=hand.bonuses,
    )


PLAYER_FIELDS = ("declarer", "partner", "mond_lost_by")  # a hand's fields that name a player (for a rename)
PLAYER_KEYED = ("klop",)  # its maps keyed by player
