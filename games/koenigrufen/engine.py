"""Königrufen (Austrian Tarock) for four players, or five with the dealer sitting out: games/koenigrufen/rules.md,
rules AT1–AT14 and the house-rule options, with the presets tarockcup (the default), wien and tarockapp.

Card points are thirds (``fractions.Fraction``); scores are whole points. Every hand is zero-sum: the declarer's
side receives what the other side pays (AT5), Trischaken pays by its own table (AT12). The game's own words
(Rufer, Dreier, Trischaken, Pagat, Kontra …) stay German in every language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from games.contract.engine import Bonus, Facts
from games.contract.hands import Adjustment, Closing, parse_common, playing
from games.contract.inputs import check_keys, choice, cut, flag, player, points_by_player, show, whole
from games.contract.numbers import fmt_number, number, scores_of, signed
from games.contract.options import YES_NO, Counter, CounterCard, Option, Preset, parse_options
from games.contract.status import Status, until_closed
from games.contract.words import N_, HandResult, InvalidHand, Line, Phrase, Sums

SLUG = "koenigrufen"
TITLE = N_("Königrufen")
BLURB = N_("4 or 5 players · Rufer and Dreier, Trischaken, Kontra on every Ansage")
PLAYER_COUNTS = (4, 5)
ZERO_SUM = True
SETTLE_WHAT = N_(
    "Königrufen is paid out: each player's total is what they win or pay, at the table's stake per "
    "point (usually 10 cents)."
)
TOTAL = Fraction(70)
ADDS_UP = N_("the players' points must add up to 70, they add up to {total}")
COUNTER = Counter(
    total=70,
    unit=3,
    cards=(
        CounterCard("kings", N_("Kings"), 13, 4),
        CounterCard("trull", "Sküs, Mond, Pagat", 13, 3),
        CounterCard("queens", N_("Queens"), 10, 4),
        CounterCard("cavaliers", N_("Cavaliers"), 7, 4),
        CounterCard("jacks", N_("Jacks"), 4, 4),
        CounterCard("others", N_("Other cards (Blatt)"), 1, 35),
    ),
)

# AT3: the ladder of contracts, in the order of the bidding; the names are the game's own, in every language
CONTRACT_NAMES = {
    "rufer": "Rufer",
    "trischaken": "Trischaken",
    "sechserdreier": "Sechserdreier",
    "piccolo": "Piccolo",
    "zwiccolo": "Zwiccolo",
    "solorufer": "Solorufer",
    "besserrufer": "Besserrufer",
    "bettler": "Bettler",
    "farbendreier": "Farbendreier",
    "dreier": "Dreier",
    "piccolo-ouvert": "Piccolo ouvert",
    "zwiccolo-ouvert": "Zwiccolo ouvert",
    "bettler-ouvert": "Bettler ouvert",
    "farbensolo": "Farbensolo",
    "solodreier": "Solodreier",
}
CONTRACTS = tuple(CONTRACT_NAMES)
MODES = CONTRACT_NAMES
CALLING = frozenset({"rufer", "solorufer", "besserrufer"})
NEGATIVE = frozenset({"piccolo", "zwiccolo", "bettler", "piccolo-ouvert", "zwiccolo-ouvert", "bettler-ouvert"})
POSITIVE = frozenset(CONTRACTS) - NEGATIVE - {"trischaken"}
SOLO = frozenset({"solorufer", "solodreier", "farbensolo"})
COLOUR = frozenset({"farbendreier", "farbensolo"})
TRICKS = {"piccolo": 1, "zwiccolo": 2, "bettler": 0, "piccolo-ouvert": 1, "zwiccolo-ouvert": 2, "bettler-ouvert": 0}
TRICKS_SAID = {0: N_("no trick"), 1: N_("exactly one trick"), 2: N_("exactly two tricks")}

BONUS_NAMES = {
    "pagat": "Pagat",
    "uhu": "Uhu",
    "kakadu": "Kakadu",
    "quapil": "Quapil",
    "king-ultimo": "König ultimo",
    "trull": "Trull",
    "kings": "Vier Könige",
    "valat": "Valat",
    "mondfang": "Mondfang",
}
BONUSES = tuple(BONUS_NAMES)
BIRDS = ("pagat", "uhu", "kakadu", "quapil")
NEVER_FAIL_SILENTLY = frozenset({"trull", "kings", "valat", "mondfang"})
SIDES = ("declarers", "defenders")
KONTRA_NAMES = ("", "Kontra", "Rekontra", "Subkontra")
# AT8, AT10: an opponent's own Kontra in a negative contract, as the table says it: he says Kontra, the declarer
# answers Re, he answers Sub ("Anna Kontra, Cilli Re"); no opponent ever "gives Rekontra"
KONTRA_SAID = (
    "",
    N_("{opponent} Kontra"),
    N_("{opponent} Kontra, {declarer} Re"),
    N_("{opponent} Kontra, {declarer} Re, {opponent} Sub"),
)
TALON = "talon"


def possible_bonuses(contract: str) -> tuple[str, ...]:
    """AT9.3: every kind with a called king; no König ultimo without one; Vier Könige and Valat alone when the
    tarocks do not trump; none in negative contracts and Trischaken."""
    if contract in CALLING:
        return BONUSES
    if contract in COLOUR:
        return ("kings", "valat")
    if contract in POSITIVE:
        return tuple(kind for kind in BONUSES if kind != "king-ultimo")
    return ()


def _value_key(name: str) -> str:
    return "value_" + name.replace("-", "_")


OOE = N_("Upper Austrian Tarock rules 4/2023 (Raiffeisen Tarockcup Austria, Hausruckviertler and Sauwald Tarockcup)")
WIEN = N_("Wiener Tarockcup (ABAKUS, TarockBlock)")
TARIFFS = N_("tarockcup: Upper Austrian rules 4/2023; wien: Wiener Tarockcup; tarockapp: tarockapp.at")
RULES = {  # the rules file's numbers, for the rules page and every explanation line
    "AT1": N_("Card points"),
    "AT2": N_("Players; the dealer sits out at five"),
    "AT3": N_("Contracts and their values"),
    "AT4": N_("Who wins"),
    "AT5": N_("Sides and how an amount is paid"),
    "AT6": N_("The called king"),
    "AT7": N_("The game (positive contracts)"),
    "AT8": N_("Negative contracts"),
    "AT9": N_("Bonuses (Prämien)"),
    "AT10": "Kontra",
    "AT11": "Valat",
    "AT12": "Trischaken",
    "AT13": N_("Order of computation"),
    "AT14": N_("Adjustments and the end of the evening"),
}

CONTRACT_DEFAULTS = {
    "rufer": 1,
    "trischaken": 1,
    "sechserdreier": 4,
    "piccolo": 2,
    "zwiccolo": 0,
    "solorufer": 2,
    "besserrufer": 1,
    "bettler": 2,
    "farbendreier": 3,
    "dreier": 4,
    "piccolo-ouvert": 6,
    "zwiccolo-ouvert": 0,
    "bettler-ouvert": 7,
    "farbensolo": 6,
    "solodreier": 8,
}
BONUS_DEFAULTS = {
    "pagat": 2,
    "uhu": 4,
    "kakadu": 6,
    "quapil": 8,
    "king-ultimo": 2,
    "trull": 2,
    "kings": 2,
    "valat": 20,
    "mondfang": 0,
}


def _even(raw: Any, key: str) -> int:
    value = whole(raw, key, 0, 200)
    if value % 2:
        raise InvalidHand(key, N_("must be an even number (silent counts half), got {value}"), value=value)
    return value


CONTRACT_HELP = {  # AT5, AT8, AT12: how a contract's value is paid, with an example amount
    "calling": N_(
        "Points each paying player pays for this contract, e.g. 2: won alone against three, the declarer "
        "gets 2 from each, 6; won with a partner, each of the two gets 2. 0: not played at this table."
    ),
    "alone": N_(
        "Points each of the three opponents pays for this contract, e.g. 4: won, the declarer gets 4 from each, "
        "12; lost, the declarer pays 4 to each. 0: not played at this table."
    ),
    "negative": N_(
        "Points the declarer gets from each opponent when it is made and pays each when it fails, e.g. 2: 6 in "
        "all; an opponent's Kontra doubles his share. 0: not played at this table."
    ),
    "sechserdreier": N_(
        "Points each of the three opponents pays for this contract, e.g. 4: won, the declarer gets 4 from each, "
        "12; lost, it counts double (unless switched off below): the declarer pays 8 to each. 0: not played at "
        "this table."
    ),
    "trischaken": N_(
        "Every Trischaken payment is multiplied by it, e.g. 2: the loser pays 2 to each of the others, 6, "
        "instead of 1. 0: not played at this table."
    ),
}


def _help_kind(name: str) -> str:
    if name in ("trischaken", "sechserdreier"):
        return name
    return "calling" if name in CALLING else "negative" if name in NEGATIVE else "alone"


def _contract_option(name: str) -> Option:
    return Option(
        _value_key(name),
        CONTRACT_NAMES[name],
        default=CONTRACT_DEFAULTS[name],
        kind="whole",
        low=0,
        high=100,
        rule="AT3",
        source=TARIFFS,
        help=CONTRACT_HELP[_help_kind(name)],
    )


def _bonus_option(name: str) -> Option:
    return Option(
        _value_key(name),
        BONUS_NAMES[name],
        default=BONUS_DEFAULTS[name],
        kind="whole",
        low=0,
        high=200,
        check=_even,
        rule="AT9" if name != "valat" else "AT11",
        source=BONUS_SOURCES.get(name, OOE),
        help=BONUS_HELP.get(name, BONUS_VALUE_HELP),
    )


BONUS_VALUE_HELP = N_(
    "The announced value, an even number; made silently it counts half (Uhu: 4 announced, 2 silent); 0: not played."
)
BONUS_SOURCES = {
    "mondfang": N_("Upper Austrian rules 4/2023: not played (0); Tiroler Tarockcup: 2 announced, 1 silent"),
    "valat": N_("Wiener and Steirischer Tarockcup: a bonus of 20 announced, 10 silent"),
}
BONUS_HELP = {
    "valat": N_(
        "Counts only where the valat is a bonus beside the game (the option below); where it replaces the game "
        "(× 4 silent, × 8 announced) this value is not used."
    ),
}


OPTIONS = (
    *(_contract_option(name) for name in CONTRACTS),
    *(_bonus_option(name) for name in BONUSES),
    Option(
        "valat_mode",
        N_("The valat"),
        default="multiplier",
        rule="AT11",
        choices=(
            ("multiplier", N_("replaces the game (× 4 silent, × 8 announced)")),
            ("bonus", N_("is a bonus beside the game")),
        ),
        source=N_("multiplier: Upper Austrian rules 4/2023; bonus: Wiener and Steirischer Tarockcup"),
        help=N_(
            "Replaces the game: a silent valat in a Dreier is 4 × 4 = 16 from each opponent. A bonus: the "
            "game still counts on card points and the valat adds its value (20 announced, 10 silent)."
        ),
    ),
    Option(
        "sechserdreier_lost_double",
        N_("A lost Sechserdreier counts double"),
        default=True,
        choices=YES_NO,
        rule="AT7",
        source=OOE,
        help=N_("Yes: a lost Sechserdreier worth 4 costs 8 from each opponent; no: 4."),
    ),
    Option(
        "win_points",
        N_("The game is won with"),
        default="35 2/3",
        rule="AT4",
        choices=(("35 2/3", N_("35 points and 2 Blatt (35⅔)")), ("35 1/3", N_("35 points and 1 Blatt (35⅓)"))),
        source=N_("35⅔: every cup; 35⅓: some private rounds in Styria"),
        reads_on=True,
        help=N_("The card points the declarer's side needs; the same makes a Bürgermeister in Trischaken."),
    ),
    Option(
        "silent_failure",
        N_("A silent bird or König ultimo lost costs"),
        default=False,
        rule="AT9",
        choices=((False, N_("nothing")), (True, N_("its silent value"))),
        source=N_("nothing: Upper Austrian rules 4/2023; its value: pagat.com and Viennese house rules"),
        help=N_("A Pagat played in the last trick and lost without an Ansage: 0, or −1 for its side."),
    ),
    Option(
        "two_jungfrauen",
        N_("Trischaken, two Jungfrauen"),
        default="share",
        rule="AT12",
        choices=(("share", N_("share the pot (2 each)")), ("full", N_("each get the full pot (3 each)"))),
        source=N_("share: Upper Austrian rules 4/2023; full: Sauwald 2019"),
        help=N_("35⅓ : 34⅔ with two Jungfrauen: the loser pays 2 + 2, or 3 + 3."),
    ),
    Option(
        "kontra_scored",
        N_("Kontra counts on the sheet"),
        default=True,
        choices=YES_NO,
        rule="AT10",
        source=N_("no: the tournament sheet of the Tarockcups, where Kontras are paid in cash"),
        help=N_(
            "Yes: the score is the payout (a Dreier with Kontra pays 8). No: every Kontra counts 1 on the "
            "sheet (the Dreier pays 4), as in a cup's tournament."
        ),
    ),
    Option(
        "own_king_call",
        N_("Calling one's own king"),
        default=False,
        choices=YES_NO,
        rule="AT6",
        source=N_("not allowed: Upper Austrian rules 4/2023; allowed: pagat.com, tarockapp.at"),
        help=N_("Allowed: the declarer who calls his own king plays one against three (a Rufer won pays 3)."),
    ),
)

PRESETS = (
    Preset(
        "tarockcup",
        "Tarockcup",
        N_(
            "The Upper Austrian Tarock rules 4/2023 of the Raiffeisen Tarockcup Austria, the Hausruckviertler and "
            "the Sauwald Tarockcup: Rufer 1, Dreier 4, Solodreier 8, the valat multiplies the game."
        ),
        values={},
        default_for=(4, 5),
    ),
    Preset(
        "wien",
        "Wiener Tarockcup",
        N_(
            "The Wiener Tarockcup: Trischaken 2, Zwiccolo 2, Bettler 4, Dreier 5, Solodreier 10, the valat a "
            "bonus of 20."
        ),
        values={
            "value_trischaken": 2,
            "value_zwiccolo": 2,
            "value_bettler": 4,
            "value_farbendreier": 5,
            "value_dreier": 5,
            "value_zwiccolo_ouvert": 6,
            "value_bettler_ouvert": 8,
            "value_farbensolo": 10,
            "value_solodreier": 10,
            "valat_mode": "bonus",
            "value_valat": 20,
        },
    ),
    Preset(
        "tarockapp",
        "tarockapp.at",
        N_(
            "The table of tarockapp.at: Sechserdreier 3, Piccolo 1, Zwiccolo 1, Bettler 3, Farbendreier 4, "
            "Piccolo ouvert 5, Farbensolo 8; calling one's own king allowed."
        ),
        values={
            "value_sechserdreier": 3,
            "value_piccolo": 1,
            "value_zwiccolo": 1,
            "value_bettler": 3,
            "value_farbendreier": 4,
            "value_piccolo_ouvert": 5,
            "value_farbensolo": 8,
            "own_king_call": True,  # its Solorufer line: "Falls sich der Spieler selbst gerufen hat …"
        },
    ),
)


@dataclass(frozen=True)
class Rules:
    """The table's house rules: each option's value by its key (``rules.value("value_rufer")``)."""

    values: tuple[tuple[str, Any], ...]

    def value(self, key: str) -> Any:
        return dict(self.values)[key]

    def contract(self, name: str) -> int:
        return self.value(_value_key(name))

    def bonus(self, name: str) -> int:
        return self.value(_value_key(name))

    @property
    def win_at(self) -> Fraction:
        return Fraction(107, 3) if self.value("win_points") == "35 2/3" else Fraction(106, 3)


@dataclass(frozen=True)
class Hand:
    contract: str
    declarer: str
    partner: str | None = None  # a calling contract's partner, TALON, or the declarer himself
    conceded: bool = False
    points: Fraction | None = None
    won: bool | None = None
    kontra: int = 0  # positive contracts: the game's level
    kontras: tuple[tuple[str, int], ...] = ()  # negative contracts: each opponent's level
    bonuses: tuple[Bonus, ...] = ()
    trischaken: tuple[tuple[str, Fraction], ...] = ()
    sitting_out: str | None = None
    win_at: Fraction = Fraction(107, 3)  # AT4: the table's "won with" (win_points), so its facts judge as it scores


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    dealer: int = 0  # who deals the next hand (at five: who sits it out)
    deals: int = 0
    closed: bool = False


def parse_rules(raw: Any, players: tuple[str, ...] = ()) -> Rules:
    values = parse_options(raw, OPTIONS, len(players), PRESETS)
    return Rules(values=tuple(values.items()))


def new_state(players: tuple[str, ...], rules: Rules) -> State:
    return State(players=tuple(players))


# ---- the hand as the table document writes it (shared/formats/table-json.md) ---------------------------------

_POINTS = re.compile(r"([0-9]{1,2}) ([12])/3")  # the whole text (fullmatch): "35 2/3\n" is not the format's
POINTS_FORMAT = N_('must be card points such as 40 or "35 2/3" (35 points and 2 Blatt), got {value}')


def parse_points(raw: Any, field_name: str) -> Fraction:
    """AT1: a whole number 0 … 70, or a whole number 0 … 69 and thirds: "35 2/3"."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        value = Fraction(raw)
    elif isinstance(raw, str) and (match := _POINTS.fullmatch(raw)):
        value = Fraction(int(match.group(1))) + Fraction(int(match.group(2)), 3)
    else:
        raise InvalidHand(field_name, POINTS_FORMAT, value=show(raw))
    if not 0 <= value <= TOTAL:
        raise InvalidHand(field_name, N_("must be between 0 and 70, got {value}"), value=cut(fmt_number(value)))
    return value


def format_points(value: Fraction) -> int | str:
    """The table document's way to write card points: 41, or "35 2/3"."""
    if value.denominator == 1:
        return int(value)
    whole_part = value.numerator // value.denominator
    return f"{whole_part} {(value - whole_part) * 3}/3"


HAND_FIELDS = frozenset(
    {"contract", "declarer", "partner", "conceded", "points", "won", "kontra", "bonuses", "trischaken", "sitting_out"}
)


def in_hand(players: tuple[str, ...], sitting_out: str | None) -> tuple[str, ...]:
    """AT2: the four who play the hand (at five, all but the dealer)."""
    return tuple(p for p in players if p != sitting_out)


def parse_hand(raw: Any, players: tuple[str, ...], rules: Rules) -> Hand | Adjustment | Closing:
    hand = _parse_hand(raw, players, rules)
    return replace(hand, win_at=rules.win_at) if isinstance(hand, Hand) else hand


def _parse_hand(raw: Any, players: tuple[str, ...], rules: Rules) -> Hand | Adjustment | Closing:
    common = parse_common(raw, players, zero_sum=True)
    if common is not None:
        return common
    check_keys(raw, HAND_FIELDS)
    sitting_out = _sitting_out(raw, players)
    four = in_hand(players, sitting_out)
    if raw.get("contract") is None:
        raise InvalidHand("contract", N_("is required"))
    contract = choice(raw["contract"], "contract", CONTRACTS)
    if not rules.contract(contract):
        raise InvalidHand(
            "contract",
            N_("{contract} is not played under this table's rules (its value is 0)"),
            contract=CONTRACT_NAMES[contract],
        )
    if raw.get("declarer") is None:
        raise InvalidHand("declarer", N_("is required"))
    declarer = player(raw["declarer"], "declarer", four)
    _nothing_beyond(raw, contract)
    hand = Hand(contract=contract, declarer=declarer, sitting_out=sitting_out)
    if contract == "trischaken":
        return replace(
            hand,
            trischaken=points_by_player(
                raw.get("trischaken"),
                "trischaken",
                four,
                parse_points,
                TOTAL,
                ADDS_UP,
                N_("{value} is not a player of this hand"),
            ),
        )
    if contract in NEGATIVE:
        if raw.get("won") is None:
            raise InvalidHand(
                "won", N_("is required in {contract}: did the declarer make it?"), contract=CONTRACT_NAMES[contract]
            )
        return replace(hand, won=flag(raw["won"], "won"), kontras=_kontras(raw.get("kontra", 0), declarer, four))
    return _positive_hand(raw, hand, four, rules)


def _sitting_out(raw: dict, players: tuple[str, ...]) -> str | None:
    if len(players) == 5:
        if raw.get("sitting_out") is None:
            raise InvalidHand("sitting_out", N_("is required at a table of five: the dealer sits out the hand"))
        return player(raw["sitting_out"], "sitting_out", players)
    if "sitting_out" in raw:
        raise InvalidHand("sitting_out", N_("only at a table of five: here all four play"))
    return None


def _nothing_beyond(raw: dict, contract: str) -> None:
    """The fields a contract has none of (the format's error list)."""
    name = CONTRACT_NAMES[contract]
    unwanted = {
        "partner": contract not in CALLING,
        "conceded": contract not in ("rufer", "besserrufer"),
        "points": contract not in POSITIVE,
        "won": contract not in NEGATIVE,
        "bonuses": contract not in POSITIVE,
        "trischaken": contract != "trischaken",
        "kontra": contract == "trischaken",
    }
    for key, refused in unwanted.items():
        if refused and key in raw:
            raise InvalidHand(key, N_("has no place in {contract}"), contract=name)


def _kontras(raw: Any, declarer: str, four: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """AT8: one level for all three opponents, or each opponent's own."""
    opponents = tuple(p for p in four if p != declarer)
    if isinstance(raw, dict):
        for name in raw:
            if name not in opponents:
                raise InvalidHand(
                    "kontra", N_("{value} is not an opponent of the declarer in this hand"), value=show(name)
                )
        return tuple((p, whole(raw.get(p, 0), f"kontra.{p}", 0, 3)) for p in opponents)
    level = whole(raw, "kontra", 0, 3)
    return tuple((p, level) for p in opponents)


def _positive_hand(raw: dict, hand: Hand, four: tuple[str, ...], rules: Rules) -> Hand:
    contract = hand.contract
    partner = None
    if contract in CALLING:
        if raw.get("partner") is None:
            raise InvalidHand(
                "partner",
                N_("is required in {contract}: who held the called king, or the talon"),
                contract=CONTRACT_NAMES[contract],
            )
        if raw["partner"] == TALON and TALON in four:
            raise InvalidHand(
                "partner",
                N_(
                    'a player here is named "talon", which the table cannot tell from the king in the talon: '
                    "rename that player"
                ),
            )
        partner = TALON if raw["partner"] == TALON else player(raw["partner"], "partner", four)
        if partner == hand.declarer and not rules.value("own_king_call"):
            raise InvalidHand(
                "partner", N_("the declarer may not call his own king under this table's rules (a renonce)")
            )
    conceded = flag(raw.get("conceded", False), "conceded")
    kontra = whole(raw.get("kontra", 0), "kontra", 0, 3)
    bonuses = _bonuses(raw.get("bonuses", []), contract, rules)
    hand = replace(hand, partner=partner, conceded=conceded, kontra=kontra, bonuses=bonuses)
    if conceded:
        return _conceded(raw, hand)
    if contract == "besserrufer" and not any(
        b.kind in BIRDS and b.side == "declarers" and b.announced for b in bonuses
    ):
        raise InvalidHand(
            "bonuses", N_("a Besserrufer needs a bird (Pagat, Uhu, Kakadu or Quapil) announced by the declarer")
        )
    if raw.get("points") is None:
        if not any(b.kind == "valat" and b.made for b in bonuses):
            raise InvalidHand("points", N_("is required in {contract}"), contract=CONTRACT_NAMES[contract])
        return hand
    return replace(hand, points=parse_points(raw["points"], "points"))


def _conceded(raw: dict, hand: Hand) -> Hand:
    """AT6.4: only a Rufer or Besserrufer whose called king lay in the talon, given up at once."""
    if hand.partner != TALON:
        raise InvalidHand("conceded", N_("only a game whose called king lay in the talon can be given up"))
    if "points" in raw:
        raise InvalidHand("points", N_("a conceded game has no card points"))
    if hand.kontra:
        raise InvalidHand("kontra", N_("a conceded game cannot be kontra'd"))
    birds = [b for b in hand.bonuses if b.kind in BIRDS and b.side == "declarers" and b.announced and not b.kontra]
    if hand.contract == "besserrufer" and (len(birds) != 1 or len(hand.bonuses) != 1):
        raise InvalidHand("bonuses", N_("a conceded Besserrufer lists its announced bird and nothing else"))
    if hand.contract == "rufer" and hand.bonuses:
        raise InvalidHand("bonuses", N_("a conceded Rufer has no bonuses"))
    return hand


def _bonuses(raw: Any, contract: str, rules: Rules) -> tuple[Bonus, ...]:
    if not isinstance(raw, list):
        raise InvalidHand("bonuses", N_("must be a list"))
    possible = possible_bonuses(contract)
    found: list[Bonus] = []
    for i, item in enumerate(raw, start=1):
        where = f"bonuses[{i}]"
        check_keys(item, {"kind", "side", "announced", "made", "kontra"}, where)
        for key in ("kind", "side", "announced", "made"):
            if key not in item:
                raise InvalidHand(f"{where}.{key}", N_("is required"))
        bonus = Bonus(
            kind=choice(item["kind"], f"{where}.kind", BONUSES),
            side=choice(item["side"], f"{where}.side", SIDES),
            announced=flag(item["announced"], f"{where}.announced"),
            made=flag(item["made"], f"{where}.made"),
            kontra=whole(item.get("kontra", 0), f"{where}.kontra", 0, 3),
        )
        _check_bonus(bonus, where, contract, possible, rules)
        if any(b.kind == bonus.kind for b in found):
            raise InvalidHand(f"{where}.kind", N_("{kind} is listed twice"), kind=BONUS_NAMES[bonus.kind])
        found.append(bonus)
    return tuple(found)


def _check_bonus(bonus: Bonus, where: str, contract: str, possible: tuple[str, ...], rules: Rules) -> None:
    name = BONUS_NAMES[bonus.kind]
    if bonus.kind not in possible:
        raise InvalidHand(
            f"{where}.kind", N_("{kind} is not possible in {contract}"), kind=name, contract=CONTRACT_NAMES[contract]
        )
    if not bonus_played(bonus.kind, rules):
        raise InvalidHand(
            f"{where}.kind", N_("{kind} is not played under this table's rules (its value is 0)"), kind=name
        )
    if bonus.kind == "king-ultimo" and bonus.side != "declarers":
        raise InvalidHand(f"{where}.side", N_("König ultimo always belongs to the declarer's side"))
    if bonus.kontra and not bonus.announced:
        raise InvalidHand(f"{where}.kontra", N_("only an announced bonus can be kontra'd"))
    if bonus.kind in NEVER_FAIL_SILENTLY and not bonus.announced and not bonus.made:
        raise InvalidHand(f"{where}.made", N_("{kind} cannot be lost without an Ansage: leave it out"), kind=name)


def bonus_played(kind: str, rules: Rules) -> bool:
    if kind == "valat" and rules.value("valat_mode") == "multiplier":
        return True
    return rules.bonus(kind) > 0


# ---- scoring ----------------------------------------------------------------------------------------------------


def score_hand(hand: Hand | Adjustment | Closing, rules: Rules, state: State) -> HandResult:
    return play(hand, rules, state)[0]


def play_hand(hand: Hand, rules: Rules, state: State) -> tuple[HandResult, State]:
    four = in_hand(state.players, hand.sitting_out)
    if hand.contract == "trischaken":
        scores, lines = _trischaken_scores(hand, rules, four)
    elif hand.contract in NEGATIVE:
        scores, lines = _negative(hand, rules)
    else:
        scores, lines = _positive(hand, rules, four)
    everyone = {p: scores.get(p, 0) for p in state.players}
    if hand.sitting_out is not None:
        lines.append(Line(N_("{player} dealt and sat out: 0."), {"player": hand.sitting_out}, rule="AT2"))
    return HandResult(scores=everyone, lines=tuple(lines)), _after(hand, state)


def _after(hand: Hand, state: State) -> State:
    """AT2: the deal moves on to the forehand; at five the one who sat out dealt."""
    count = len(state.players)
    dealer = state.players.index(hand.sitting_out) if hand.sitting_out is not None else state.dealer
    return replace(state, dealer=(dealer + 1) % count, deals=state.deals + 1)


def _kontras_void(hand: Hand) -> bool:
    """AT6.2: a Solorufer whose called king lay in the talon voids every Kontra of the hand, won or lost."""
    return hand.contract == "solorufer" and hand.partner == TALON


def _factor(level: int, rules: Rules, void: bool = False) -> int:
    """AT10: Kontra × 2, Rekontra × 4, Subkontra × 8; 1 when void or not scored."""
    return 1 if void or not rules.value("kontra_scored") else 2**level


def _kontra_lines(hand: Hand, rules: Rules, void: bool, lines: list[Line]) -> None:
    any_kontra = hand.kontra or any(b.kontra for b in hand.bonuses) or any(k for _, k in hand.kontras)
    if not any_kontra:
        return
    if void:
        lines.append(Line(N_("The called king lay in the talon of a Solorufer: every Kontra is void."), rule="AT6"))
    elif not rules.value("kontra_scored"):
        lines.append(
            Line(
                N_("Kontras are paid in cash and count 1 on this sheet."),
                rule="AT10",
                option="kontra_scored",
                setting=False,
            )
        )


def _positive(hand: Hand, rules: Rules, four: tuple[str, ...]) -> tuple[dict[str, int], list[Line]]:
    value = rules.contract(hand.contract)
    lines = [_who_plays(hand, value)]
    if hand.conceded:
        return _conceding(hand, rules, four, value, lines)
    void = _kontras_void(hand)
    _kontra_lines(hand, rules, void, lines)
    game = _game(hand, rules, value, void, lines, replaced=_valat_replaces(hand, rules))
    valat_item = _valat_multiplier(hand, rules, value, void, lines)
    bonuses = hand.bonuses
    if valat_item is not None:
        game = valat_item
        bonuses = tuple(b for b in bonuses if b.announced and b.kind != "valat")
        dropped = [b for b in hand.bonuses if not b.announced and b.kind != "valat"]
        if dropped:
            lines.append(
                Line(
                    N_("Next to the valat only announced bonuses count: {kinds} dropped."),
                    {"kinds": ", ".join(BONUS_NAMES[b.kind] for b in dropped)},
                    rule="AT11",
                    option="valat_mode",
                    setting="multiplier",
                )
            )
    elif any(b.kind == "valat" and b.made for b in bonuses):
        bonuses = _beside_bonus_valat(bonuses, lines)
    total = game + sum(_bonus(b, hand, rules, void, lines) for b in bonuses)
    if bonuses:
        lines.append(
            Line(
                N_("Game and bonuses: {score} for the declarers."),
                {"score": signed(total)},
                rule="AT13",
                sums=Sums.TOTAL,
            )
        )
    return _pay(hand, total, four, lines), lines


def _who_plays(hand: Hand, value: int) -> Line:
    args = {
        "declarer": hand.declarer,
        "contract": CONTRACT_NAMES[hand.contract],
        "value": value,
        "partner": hand.partner,
    }
    if hand.partner == TALON:
        return Line(
            N_("{declarer} plays {contract} ({value}); the called king lay in the talon: alone against three."),
            args,
            rule="AT6",
        )
    if hand.partner == hand.declarer:
        return Line(
            N_("{declarer} plays {contract} ({value}) and holds the called king: alone against three."),
            args,
            rule="AT6",
            option="own_king_call",
            setting=True,
        )
    if hand.partner is not None:
        return Line(
            N_("{declarer} plays {contract} ({value}) with {partner}, who held the called king."), args, rule="AT6"
        )
    return Line(N_("{declarer} plays {contract} ({value}) alone against three."), args, rule="AT3")


def _conceding(
    hand: Hand, rules: Rules, four: tuple[str, ...], value: int, lines: list[Line]
) -> tuple[dict[str, int], list[Line]]:
    bird = next((b for b in hand.bonuses if b.kind in BIRDS), None)
    owed = value + (rules.bonus(bird.kind) if bird else 0)
    if bird is not None:
        lines.append(
            Line(
                N_(
                    "Given up at once: the game ({value}) and the announced {bird} ({bird_value}) are "
                    "lost, {owed} to each of the three others."
                ),
                {"value": value, "bird": BONUS_NAMES[bird.kind], "bird_value": rules.bonus(bird.kind), "owed": owed},
                rule="AT6",
            )
        )
    else:
        lines.append(
            Line(
                N_("Given up at once: the game is lost, {owed} to each of the three others."),
                {"owed": owed},
                rule="AT6",
            )
        )
    scores = {p: (-3 * owed if p == hand.declarer else owed) for p in four}
    lines.append(
        Line(N_("Each player: {scores}."), {"scores": scores_of(scores.items())}, rule="AT5", sums=Sums.SCORES)
    )
    return scores, lines


def _won(hand: Hand, rules: Rules) -> bool:
    if hand.points is None:  # AT11.3: a made valat without card points
        valat = next(b for b in hand.bonuses if b.kind == "valat" and b.made)
        return valat.side == "declarers"
    return hand.points >= rules.win_at


def _win_points_decided(points: Fraction) -> bool:
    """AT4: whether the table's "won with" (win_points) decided the verdict: only 35⅓, won with 1 Blatt and lost
    with 2. The line names the option then; on every other hand the limit it states is all there is to say."""
    return Fraction(106, 3) <= points < Fraction(107, 3)


def _game(hand: Hand, rules: Rules, value: int, void: bool, lines: list[Line], *, replaced: bool = False) -> int:
    """AT4, AT7: the game item for the declarers; its line left out where a valat replaces it (AT11.1: the valat's
    line says the game's value it multiplies, and a player adds the valat, not the game too)."""
    won = _won(hand, rules)
    if hand.points is not None:
        lines.append(
            Line(
                N_("Card points {points}: {verdict} ({limit} needed)."),
                {
                    "points": number(hand.points),
                    "verdict": Line(N_("won") if won else N_("lost")),
                    "limit": number(rules.win_at),
                },
                rule="AT4",
                option="win_points" if _win_points_decided(hand.points) else "",
                setting=rules.value("win_points"),
            )
        )
    else:
        lines.append(
            Line(
                N_("Valat made by {side}: the game counts as {verdict}."),
                {"side": _side("declarers" if won else "defenders"), "verdict": Line(N_("won") if won else N_("lost"))},
                rule="AT11",
            )
        )
    factor = _factor(hand.kontra, rules, void)
    item = value * factor
    double = not won and hand.contract == "sechserdreier" and rules.value("sechserdreier_lost_double")
    if double:
        item *= 2
        lines.append(
            Line(
                N_("A lost Sechserdreier counts double: {value} × 2 = {item}."),
                {"value": value, "item": value * 2},
                rule="AT7",
                option="sechserdreier_lost_double",
                setting=True,
            )
        )
    item = item if won else -item
    if replaced:
        return item
    if factor > 1:
        lines.append(
            Line(
                N_("Game × {kontra} {factor}: {item}."),
                {"kontra": KONTRA_NAMES[hand.kontra], "factor": factor, "item": signed(item)},
                rule="AT10",
                sums=Sums.TERM,
            )
        )
    else:
        lines.append(Line(N_("Game: {item}."), {"item": signed(item)}, rule="AT7", sums=Sums.TERM))
    return item


def _valat_replaces(hand: Hand, rules: Rules) -> bool:
    """AT11.1: a made valat, or an announced one that failed, replaces the game item (valat_mode multiplier)."""
    valat = next((b for b in hand.bonuses if b.kind == "valat"), None)
    return rules.value("valat_mode") == "multiplier" and valat is not None and (valat.made or valat.announced)


def _valat_multiplier(hand: Hand, rules: Rules, value: int, void: bool, lines: list[Line]) -> int | None:
    """AT11.1: a made valat, or an announced one that failed, replaces the game item."""
    if not _valat_replaces(hand, rules):
        return None
    valat = next(b for b in hand.bonuses if b.kind == "valat")
    times = 8 if valat.announced else 4
    level = max(valat.kontra, hand.kontra) if valat.announced else hand.kontra
    factor = _factor(level, rules, void)
    for_side = value * times * factor
    declarers_pay = (valat.side == "declarers") != valat.made
    double = declarers_pay and hand.contract == "sechserdreier" and rules.value("sechserdreier_lost_double")
    if double:
        for_side *= 2
    item = -for_side if declarers_pay else for_side
    text = (
        N_("Valat announced by {side}, made: {value} × {times}{more} = {item}; it replaces the game.")
        if valat.announced and valat.made
        else N_("Valat announced by {side}, failed: {value} × {times}{more} = {item}; it replaces the game.")
        if valat.announced
        else N_("Valat made silently by {side}: {value} × {times}{more} = {item}; it replaces the game.")
    )
    more = (f" × {factor}" if factor > 1 else "") + (" × 2" if double else "")
    lines.append(
        Line(
            text,
            {"side": _side(valat.side), "value": value, "times": times, "more": more, "item": signed(item)},
            rule="AT11",
            option="valat_mode",
            setting="multiplier",
            sums=Sums.TERM,
        )
    )
    return item


def _beside_bonus_valat(bonuses: tuple[Bonus, ...], lines: list[Line]) -> tuple[Bonus, ...]:
    """AT11.2: next to a made valat (bonus mode) a silent Trull and silent Vier Könige are dropped."""
    dropped = [b for b in bonuses if not b.announced and b.kind in ("trull", "kings")]
    if dropped:
        lines.append(
            Line(
                N_("Next to the valat silent {kinds} are dropped; silent birds still count."),
                {"kinds": ", ".join(BONUS_NAMES[b.kind] for b in dropped)},
                rule="AT11",
                option="valat_mode",
                setting="bonus",
            )
        )
    return tuple(b for b in bonuses if b not in dropped)


BONUS_SAID = {  # (announced, made): how the table says it aloud
    (True, True): N_("{kind} announced by {side}, made"),
    (True, False): N_("{kind} announced by {side}, lost"),
    (False, True): N_("{kind} made silently by {side}"),
    (False, False): N_("{kind} lost silently by {side}"),
}


def _bonus_said(bonus: Bonus) -> Line | Phrase:
    """A bonus as the table says it aloud: "Pagat announced by the declarers, made", and its Kontra: "(Kontra)"."""
    said = Line(BONUS_SAID[(bonus.announced, bonus.made)], {"kind": BONUS_NAMES[bonus.kind], "side": _side(bonus.side)})
    if bonus.announced and bonus.kontra:
        return Phrase((said, f"({KONTRA_NAMES[bonus.kontra]})"), " ")
    return said


def _bonus(bonus: Bonus, hand: Hand, rules: Rules, void: bool, lines: list[Line]) -> int:
    """AT9.5: one bonus item for the declarers."""
    full = rules.bonus(bonus.kind)
    amount = full if bonus.announced else full // 2
    steps = [str(amount)]
    if hand.contract in SOLO:
        amount *= 2
        steps.append("2")
    factor = _factor(bonus.kontra, rules, void) if bonus.announced else 1
    if factor > 1:
        amount *= factor
        steps.append(str(factor))
    option, setting = "", None
    if bonus.made:
        item = amount
    elif bonus.announced:
        item = -amount
    elif rules.value("silent_failure"):
        item = -amount
        option, setting = "silent_failure", True
    else:
        item, option, setting = 0, "silent_failure", False
    for_declarers = item if bonus.side == "declarers" else -item
    said = _bonus_said(bonus)
    rule = "AT10" if factor > 1 else "AT9"
    lines.append(
        Line(
            N_("{said}: {steps} → {value} for the declarers."),
            {"said": said, "steps": " × ".join(steps), "value": signed(for_declarers)},
            rule=rule,
            option=option,
            setting=setting,
            sums=Sums.TERM,
        )
    )
    return for_declarers


def _pay(hand: Hand, total: int, four: tuple[str, ...], lines: list[Line]) -> dict[str, int]:
    """AT5: two against two ±S; one against three: the declarer ±3S, each opponent ∓S."""
    if hand.partner not in (None, TALON, hand.declarer):
        team = (hand.declarer, hand.partner)
        scores = {p: total if p in team else -total for p in four}
        lines.append(
            Line(
                N_("Two against two: {declarer} and {partner} each {score}, the others each {other}."),
                {"declarer": hand.declarer, "partner": hand.partner, "score": signed(total), "other": signed(-total)},
                rule="AT5",
                sums=Sums.SCORES,
            )
        )
        return scores
    scores = {p: 3 * total if p == hand.declarer else -total for p in four}
    lines.append(
        Line(
            N_("One against three: {declarer} 3 × {total} = {score}, the others each {other}."),
            {"declarer": hand.declarer, "total": signed(total), "score": signed(3 * total), "other": signed(-total)},
            rule="AT5",
            sums=Sums.SCORES,
        )
    )
    return scores


def kontra_said(opponent: str, declarer: str, level: int) -> Line:
    """AT8: one opponent's Kontra in a negative contract, as the table says it (KONTRA_SAID)."""
    return Line(KONTRA_SAID[level], {"opponent": opponent, "declarer": declarer})


def _negative(hand: Hand, rules: Rules) -> tuple[dict[str, int], list[Line]]:
    """AT8: settled between the declarer and each opponent, each with his own Kontra."""
    value = rules.contract(hand.contract)
    name = CONTRACT_NAMES[hand.contract]
    lines = [
        Line(
            N_("{declarer} plays {contract} ({value}): {tricks}, {verdict}."),
            {
                "declarer": hand.declarer,
                "contract": name,
                "value": value,
                "tricks": Line(TRICKS_SAID[TRICKS[hand.contract]]),
                "verdict": Line(N_("made") if hand.won else N_("failed")),
            },
            rule="AT4",
        )
    ]
    _kontra_lines(hand, rules, False, lines)
    sign = 1 if hand.won else -1
    scores = {hand.declarer: 0}
    for opponent, level in hand.kontras:
        factor = _factor(level, rules)
        amount = sign * value * factor
        scores[opponent] = -amount
        scores[hand.declarer] += amount
        if factor > 1:
            lines.append(
                Line(
                    N_("{said}: {value} × {factor}, {player} {score}."),
                    {
                        "said": kontra_said(opponent, hand.declarer, level),
                        "value": value,
                        "factor": factor,
                        "player": opponent,
                        "score": signed(-amount),
                    },
                    sums=Sums.OWN,
                    rule="AT8",
                )
            )
    lines.append(
        Line(N_("Each player: {scores}."), {"scores": scores_of(scores.items())}, rule="AT8", sums=Sums.SCORES)
    )
    return scores, lines


def _trischaken_scores(hand: Hand, rules: Rules, four: tuple[str, ...]) -> tuple[dict[str, int], list[Line]]:
    """AT12: whoever takes the most card points pays; Bürgermeister and Trischaker double, Jungfrauen take all."""
    points = dict(hand.trischaken)
    t = rules.contract("trischaken")
    most = max(points.values())
    losers = [p for p in four if points[p] == most]
    jungfrauen = [p for p in four if points[p] == 0]
    lines = [
        Line(
            N_("Trischaken, {declarer} the Trischaker: {points}."),
            {"declarer": hand.declarer, "points": ", ".join(f"{p} {fmt_number(points[p])}" for p in four)},
            rule="AT12",
        )
    ]
    if hand.declarer in losers:
        pays = _trischaker_loses(hand.declarer, points[hand.declarer] >= rules.win_at, four, jungfrauen, rules, lines)
    elif len(losers) == 1:
        pays = _one_loser(losers[0], points[losers[0]] >= rules.win_at, four, jungfrauen, rules, lines)
    else:
        pays = _tied(losers, four, jungfrauen, lines)
    scores = {p: pays.get(p, 0) * t for p in four}
    if t != 1:
        lines.append(Line(N_("Every amount × {t}."), {"t": t}, rule="AT12", option="value_trischaken", setting=t))
    lines.append(
        Line(N_("Each player: {scores}."), {"scores": scores_of(scores.items())}, rule="AT12", sums=Sums.SCORES)
    )
    return scores, lines


def _jungfrauen_line(jungfrauen: list[str], each: int, option: str = "", setting: Any = None) -> Line:
    """One Jungfrau takes the pot; several share it (or take it each, AT12.3)."""
    if len(jungfrauen) == 1:
        return Line(
            N_("Jungfrau {player} took no trick and gets {each}."),
            {"player": jungfrauen[0], "each": each},
            rule="AT12",
        )
    return Line(
        N_("Jungfrauen {players} took no trick: {each} each."),
        {"players": ", ".join(jungfrauen), "each": each},
        rule="AT12",
        option=option,
        setting=setting,
    )


def _to_jungfrauen(loser: str, jungfrauen: list[str], each: int) -> dict[str, int]:
    pays = {j: each for j in jungfrauen}
    pays[loser] = -each * len(jungfrauen)
    return pays


def _trischaker_loses(
    loser: str, mayor: bool, four: tuple[str, ...], jungfrauen: list[str], rules: Rules, lines: list[Line]
) -> dict[str, int]:
    b = 4 if mayor else 2
    lines.append(
        Line(
            N_("The Trischaker {player} has the most points{mayor} and pays double: {pot}."),
            {"player": loser, "mayor": Line(N_(" and is Bürgermeister")) if mayor else "", "pot": 3 * b},
            rule="AT12",
            option="win_points" if mayor else "",
            setting=rules.value("win_points"),
        )
    )
    if jungfrauen:
        each = 3 * b // len(jungfrauen)
        lines.append(_jungfrauen_line(jungfrauen, each))
        return _to_jungfrauen(loser, jungfrauen, each)
    return {p: (-3 * b if p == loser else b) for p in four}


def _one_loser(
    loser: str, mayor: bool, four: tuple[str, ...], jungfrauen: list[str], rules: Rules, lines: list[Line]
) -> dict[str, int]:
    b = 2 if mayor else 1
    lines.append(
        Line(
            N_("{player} has the most points{mayor} and pays {pot}."),
            {"player": loser, "mayor": Line(N_(" and is Bürgermeister")) if mayor else "", "pot": 3 * b},
            rule="AT12",
            option="win_points" if mayor else "",
            setting=rules.value("win_points"),
        )
    )
    if not jungfrauen:
        return {p: (-3 * b if p == loser else b) for p in four}
    if len(jungfrauen) == 2 and rules.value("two_jungfrauen") == "full":
        each = 3 * b
    else:
        each = -(-3 * b // len(jungfrauen))  # 3 cannot be halved: 2 each
    lines.append(
        _jungfrauen_line(
            jungfrauen,
            each,
            option="two_jungfrauen" if len(jungfrauen) == 2 else "",
            setting=rules.value("two_jungfrauen"),
        )
    )
    return _to_jungfrauen(loser, jungfrauen, each)


def _tied(losers: list[str], four: tuple[str, ...], jungfrauen: list[str], lines: list[Line]) -> dict[str, int]:
    others = [p for p in four if p not in losers]
    if len(losers) == 3:
        lines.append(
            Line(
                N_("{players} tie for the most points and pay 1 each to {other}."),
                {"players": ", ".join(losers), "other": others[0]},
                rule="AT12",
            )
        )
        return {p: (3 if p in others else -1) for p in four}
    lines.append(
        Line(N_("{players} tie for the most points and pay 2 each."), {"players": ", ".join(losers)}, rule="AT12")
    )
    pays = {p: -2 for p in losers}
    single = [p for p in others if p in jungfrauen]
    if len(single) == 1:
        lines.append(Line(N_("{player}, the only Jungfrau, takes all 4."), {"player": single[0]}, rule="AT12"))
        pays.update({p: (4 if p == single[0] else 0) for p in others})
    else:
        pays.update({p: 2 for p in others})
    return pays


def _side(side: str) -> Line:
    return Line(N_("the declarers") if side == "declarers" else N_("the defenders"))


play = playing(play_hand, "AT14", closing=N_("The evening ends here; nothing more is scored."))


# ---- what the pages show -----------------------------------------------------------------------------------------


def next_dealer(state: State) -> str:
    return state.players[state.dealer % len(state.players)]


def status(state: State) -> Status:
    """Who deals next; at five the dealer sits the next hand out (the page's badge of ``next_leader``)."""
    dealer = None if state.closed else next_dealer(state)
    sits_out = dealer if len(state.players) == 5 else None
    return until_closed(
        state,
        next_dealer,
        next_leader=sits_out,
        round=state.deals,
        extra={"sits_out": sits_out},
    )


def describe_hand(hand: Hand, rules: Rules) -> Line | Phrase:
    """One line for the list of hands: declarer, contract, partner, points or result, kontra, bonuses."""
    head: list[Line | Phrase | str] = [f"{hand.declarer}: {CONTRACT_NAMES[hand.contract]}"]
    if hand.partner is not None and hand.partner not in (TALON, hand.declarer):
        head.append(Line(N_("with {player}"), {"player": hand.partner}))
    parts: list[Line | Phrase | str] = [Phrase(tuple(head), " ")]
    if hand.partner == TALON:  # a part of its own: "Rufer · king in the talon", not "Rufer king in the talon"
        parts.append(Line(N_("king in the talon")))
    if hand.conceded:
        parts.append(Line(N_("given up")))
    if hand.points is not None:
        parts.append(number(hand.points))
    if hand.won is not None:
        parts.append(Line(N_("made") if hand.won else N_("failed")))
    if hand.trischaken:
        parts.append(
            Phrase(
                tuple(Line("{player} {points}", {"player": p, "points": number(v)}) for p, v in hand.trischaken), ", "
            )
        )
    if hand.kontra:
        parts.append(KONTRA_NAMES[hand.kontra])
    given = [kontra_said(p, hand.declarer, k) for p, k in hand.kontras if k]
    if given:  # AT8: each opponent's own, as said at the table: "Anna Kontra, Cilli Re; Bert Kontra"
        parts.append(Phrase(tuple(given), "; "))
    if hand.bonuses:
        parts.append(Phrase(tuple(_bonus_said(b) for b in hand.bonuses), ", "))
    if _kontras_void(hand) and (hand.kontra or any(b.kontra for b in hand.bonuses)):
        parts.append(Line(N_("every Kontra void")))  # AT6.2: said, so that no one reads a Kontra as paid
    if hand.sitting_out:
        parts.append(Line(N_("{player} sat out"), {"player": hand.sitting_out}))
    return Phrase(tuple(parts))


def hand_facts(hand: Hand) -> Facts:
    name = CONTRACT_NAMES[hand.contract]
    out = (hand.sitting_out,) if hand.sitting_out else ()  # AT2: the dealer at five
    if hand.contract == "trischaken":
        return Facts(mode="trischaken", mode_label=name, leader=hand.declarer, out=out)
    if hand.contract in NEGATIVE:
        return Facts(
            mode=hand.contract,
            mode_label=name,
            leader=hand.declarer,
            declarers=(hand.declarer,),
            won=hand.won,
            contra=0,  # AT8: each opponent's Kontra is his own, none is on the game (what statistics count)
            out=out,
        )
    team = (hand.declarer,) + ((hand.partner,) if hand.partner not in (None, TALON, hand.declarer) else ())
    if hand.conceded:
        won = False
    elif hand.points is None:
        won = next(b for b in hand.bonuses if b.kind == "valat" and b.made).side == "declarers"
    else:
        won = hand.points >= hand.win_at
    return Facts(
        mode=hand.contract,
        mode_label=name,
        leader=hand.declarer,
        declarers=team,
        won=won,
        points=hand.points,
        contra=hand.kontra,
        bonuses=hand.bonuses,
        out=out,
    )


PLAYER_FIELDS = ("declarer", "partner", "sitting_out")  # a hand's fields that name a player (for a rename)
PLAYER_KEYED = ("trischaken", "kontra")  # its maps keyed by player (each opponent's Kontra)
