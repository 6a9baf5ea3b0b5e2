"""Czech Taroky for four players: games/czech_taroky/rules.md, rules R1–R13 and the house-rule options.

Seats are listed counter-clockwise. A hand goes in as the table document's fields (names, not seats) and
comes out as whole chips per player with one explanation line per step. Every hand is zero-sum.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from games.contract.engine import Bonus, Facts
from games.contract.hands import Adjustment, Closing, parse_common, playing, rename_in
from games.contract.inputs import check_keys, choice, flag, player, whole
from games.contract.numbers import number, scores_of, signed
from games.contract.options import YES_NO, Counter, CounterCard, Option, Preset, parse_options
from games.contract.status import Status
from games.contract.words import N_, HandResult, InvalidHand, Line, Phrase, Sums, names_and

SLUG = "czech-taroky"
TITLE = N_("Czech Taroky")
BLURB = N_("4 players · povinnost and prever, distance from 53")
PLAYER_COUNTS = (4,)
ZERO_SUM = True
SETTLE_WHAT = N_("The game is played for chips: each player's total is what they win or pay.")
TOTAL_POINTS = 106
COUNTER = Counter(
    total=TOTAL_POINTS,
    cards=(
        CounterCard("kings", N_("Kings"), 5, 4),
        CounterCard("queens", N_("Queens"), 4, 4),
        CounterCard("riders", N_("Riders"), 3, 4),
        CounterCard("jacks", N_("Jacks"), 2, 4),
        CounterCard("skyz", N_("Škýz"), 5, 1),
        CounterCard("mond", N_("Mond (XXI)"), 5, 1),
        CounterCard("pagat", N_("Pagát (I)"), 5, 1),
        CounterCard("ones", N_("One-point cards"), 1, 35),
    ),
)
CALLED_TAROKS = ("XIX", "XVIII", "XVII", "XVI", "XV")
CONTRA_NAMES = (N_("no contra"), N_("contra"), N_("rhea-contra"), N_("supra-contra"))
TALON_MULTIPLIER = {1: 1, 2: 2, 3: 4}
TALON_NAMES = {1: N_("kept the first three"), 2: N_("took the second three"), 3: N_("went back up to the first three")}
SIDES = ("declarers", "defenders")

# kind: (group, chips, min taroks, max taroks, kings needed, tarok honours needed, five-point cards needed)
POINT_CARDS: dict[str, tuple[str, int, int, int, int, int, int]] = {
    "uni": ("trumps", 4, 0, 0, 0, 0, 0),
    "bida": ("trumps", 2, 1, 2, 0, 0, 0),
    "little-ones": ("trumps", 2, 8, 9, 0, 0, 0),
    "big-ones": ("trumps", 4, 10, 12, 0, 0, 0),
    "honery": ("honours", 2, 0, 12, 0, 0, 4),
    "rosa-honery": ("honours", 4, 0, 12, 4, 0, 4),
    "rosa-honery-plus": ("honours", 6, 1, 12, 4, 1, 5),
    "trul": ("trul", 2, 3, 12, 0, 3, 3),
}
POINT_CARD_NAMES = {
    "uni": N_("uni (no taroks)"),
    "bida": N_("bida (1–2 taroks)"),
    "little-ones": N_("little ones (8–9 taroks)"),
    "big-ones": N_("big ones (10+ taroks)"),
    "honery": N_("honery (4+ five-point cards)"),
    "rosa-honery": N_("rosa-honery (all four kings)"),
    "rosa-honery-plus": N_("rosa-honery plus (four kings and another five-point card)"),
    "trul": N_("trul (Škýz, Mond, Pagát)"),
}

TOURNAMENT = N_("Westfest Tarock Tournament Rules (2012) and Mach Tarok's code")
HELP_TEXT = N_("Mach Tarok's help text, read literally")
RULES = {  # the rules file's numbers, for the rules page and every explanation line
    "R1": N_("Card points"),
    "R2": N_("Sides"),
    "R3": N_("Who wins"),
    "R4": N_("Base amount"),
    "R5": N_("Prever talon multiplier"),
    "R6": N_("Contra multiplier"),
    "R7": N_("Game amount"),
    "R8": N_("I on the end"),
    "R9": N_("Valat"),
    "R10": N_("Settlement"),
    "R11": N_("Point cards"),
    "R12": N_("Zero sum; adjustments and the end of the evening"),
    "R13": N_("Rotation"),
}

OPTIONS = (
    Option(
        "step_factor",
        N_("Step factor ×2 / ×3"),
        default=True,
        choices=YES_NO,
        rule="R4",
        source=TOURNAMENT,
        help=N_(
            "On: (d + 10) × 2 in a team game (× 3 in prever) before dividing by ten, so 63 points pays 4. "
            "Off: (d + 10) / 10 as the help text says, so 63 pays 2 and a tie 1."
        ),
    ),
    Option(
        "rounding",
        N_("Rounding of the tenth"),
        default="half-up",
        rule="R4",
        source=TOURNAMENT,
        choices=(("half-up", N_("half up")), ("up", N_("always up"))),
        help=N_("Half up: 4.5 pays 5 and 4.4 pays 4. Always up: 4.1 already pays 5."),
    ),
    Option(
        "prever_talon_multiplier",
        N_("Prever talon multiplier"),
        default="loss",
        rule="R5",
        source=TOURNAMENT,
        choices=(("loss", N_("only when prever loses")), ("always", N_("always"))),
        help=N_(
            "The ×2 (down to the second three) and ×4 (back up) count only when prever loses, or also when "
            "she wins: a won prever worth 5 that went back up pays 20 instead of 5."
        ),
    ),
    Option(
        "pagat_inside_multipliers",
        N_("I on the end inside the multipliers"),
        default=False,
        rule="R8",
        choices=((False, N_("no")), (True, N_("yes"))),
        source=HELP_TEXT,
        help=N_(
            "No: the I on the end is added after contra (2 × 2 + 4 = 8). Yes: it is added to the base "
            "before the talon and contra multipliers ((2 + 4) × 2 = 12)."
        ),
    ),
    Option(
        "contra_on_valat",
        N_("Contra on valat"),
        default=True,
        choices=YES_NO,
        rule="R9",
        source=N_("Westfest Tarock Tournament Rules (2012); off: Mach Tarok's code"),
        help=N_(
            "Yes: contra multiplies a valat too (an announced valat with contra pays 80). No: it pays 40 "
            "whatever contra was said."
        ),
    ),
    Option(
        "pagat_announced",
        N_("I on the end, announced, is worth"),
        default=4,
        kind="whole",
        low=1,
        high=100,
        rule="R8",
        source=N_("Mach Tarok's tutorial: some rules say as many as 20"),
        help=N_(
            "What an announced I on the end wins or costs its side: 4 by default; with 8, a made one adds "
            "8 to the game amount."
        ),
    ),
    Option(
        "pagat_unannounced",
        N_("I on the end, unannounced, is worth"),
        default=2,
        kind="whole",
        low=0,
        high=100,
        rule="R8",
        source=N_("Mach Tarok's tutorial"),
        help=N_("What an unannounced I on the end wins or costs its side: 2 by default; 0 leaves it out."),
    ),
    Option(
        "pagat_with_valat",
        N_("I on the end settled with a valat"),
        default=False,
        choices=YES_NO,
        rule="R9",
        source=N_("Mach Tarok's tutorial: in some variants even with a valat"),
        help=N_(
            "No: with a valat the I on the end counts for nothing. Yes: it is added after the valat's "
            "multipliers, so an announced valat (40) with a made unannounced I pays 42."
        ),
    ),
)
PRESETS = (
    Preset(
        "westfest",
        N_("Westfest tournament rules"),
        N_("The Westfest Tarock Tournament Rules (2012) and Mach Tarok's code: every default."),
        default_for=(4,),
    ),
    Preset(
        "mach-code",
        N_("Mach Tarok's code"),
        N_("Exactly what the Mach Tarok online game's code pays: contra does not multiply a valat."),
        values={"contra_on_valat": False},
    ),
    Preset(
        "help-text",
        N_("Mach Tarok's help text"),
        N_(
            "The help text read literally: no step factor, the prever multiplier whenever prever went down, the I "
            "on the end before the multipliers."
        ),
        values={"step_factor": False, "prever_talon_multiplier": "always", "pagat_inside_multipliers": True},
    ),
)


@dataclass(frozen=True)
class Rules:
    step_factor: bool = True
    rounding: str = "half-up"
    prever_talon_multiplier: str = "loss"
    pagat_inside_multipliers: bool = False
    contra_on_valat: bool = True
    pagat_announced: int = 4
    pagat_unannounced: int = 2
    pagat_with_valat: bool = False


@dataclass(frozen=True)
class Announcement:
    side: str
    announced: bool
    made: bool


@dataclass(frozen=True)
class Declaration:
    player: str
    kind: str


@dataclass(frozen=True)
class Hand:
    povinnost: str
    mode: str = "team"
    partner: str | None = None
    called: str = "XIX"
    prever: str | None = None
    talon: int = 1
    points: int | None = None
    contra: int = 0
    valat: Announcement | None = None
    pagat: Announcement | None = None
    declarations: tuple[Declaration, ...] = ()


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    hands_played: int = 0
    last_povinnost: str | None = None
    closed: bool = False


def parse_rules(raw: Any, players: tuple[str, ...] = ()) -> Rules:
    return Rules(**parse_options(raw, OPTIONS, 4, PRESETS))


def new_state(players: tuple[str, ...], rules: Rules) -> State:
    return State(players=tuple(players))


HAND_FIELDS = frozenset(
    {"povinnost", "mode", "partner", "called", "prever", "talon", "points", "contra", "valat", "pagat", "declarations"}
)


def parse_hand(raw: Any, players: tuple[str, ...], rules: Rules) -> Hand | Adjustment | Closing:
    """The table document's hand fields, checked; raises InvalidHand naming the field."""
    common = parse_common(raw, players, zero_sum=True)
    if common is not None:
        return common
    check_keys(raw, HAND_FIELDS)
    if "povinnost" not in raw:
        raise InvalidHand("povinnost", N_("is required"))
    povinnost = player(raw["povinnost"], "povinnost", players)
    mode = choice(raw.get("mode", "team"), "mode", ("team", "prever"))

    partner = prever = None
    called = "XIX"
    talon = 1
    if mode == "team":
        if raw.get("partner") is None:
            raise InvalidHand(
                "partner",
                N_("is required in a team game: the holder of the called tarok (povinnost herself when she holds it)"),
            )
        partner = player(raw["partner"], "partner", players)
        called = choice(raw.get("called", "XIX"), "called", CALLED_TAROKS)
        for key, default in (("prever", None), ("talon", 1)):  # a default value written out is no contradiction
            if raw.get(key) is not None and raw.get(key) != default:
                raise InvalidHand(key, N_("belongs to a prever game, not a team game"))
    else:
        if raw.get("prever") is None:
            raise InvalidHand("prever", N_("is required in a prever game: the player who plays alone"))
        prever = player(raw["prever"], "prever", players)
        talon = whole(raw.get("talon", 1), "talon", 1, 3)
        for key, default in (("partner", None), ("called", "XIX")):
            if raw.get(key) is not None and raw.get(key) != default:
                raise InvalidHand(key, N_("belongs to a team game, not a prever game"))

    contra = whole(raw.get("contra", 0), "contra", 0, 3)
    valat = _announcement(raw.get("valat"), "valat")
    pagat = _announcement(raw.get("pagat"), "pagat")
    if valat is not None and not valat.announced and not valat.made:
        raise InvalidHand("valat", N_("an unannounced valat that was not made is no valat: leave it out"))

    points = raw.get("points")
    if valat is None:
        if points is None:
            raise InvalidHand("points", N_("is required unless there was a valat"))
        points = whole(points, "points", 0, TOTAL_POINTS)
    elif points is not None:
        points = whole(points, "points", 0, TOTAL_POINTS)  # checked, then ignored (R9)

    declarations = _declarations(raw.get("declarations", []), players)
    return Hand(
        povinnost=povinnost,
        mode=mode,
        partner=partner,
        called=called,
        prever=prever,
        talon=talon,
        points=points,
        contra=contra,
        valat=valat,
        pagat=pagat,
        declarations=declarations,
    )


def _announcement(raw: Any, name: str) -> Announcement | None:
    if raw is None:
        return None
    check_keys(raw, {"side", "announced", "made"}, name)
    for key in ("side", "announced", "made"):
        if key not in raw:
            raise InvalidHand(f"{name}.{key}", N_("is required"))
    return Announcement(
        side=choice(raw["side"], f"{name}.side", SIDES),
        announced=flag(raw["announced"], f"{name}.announced"),
        made=flag(raw["made"], f"{name}.made"),
    )


def _declarations(raw: Any, players: tuple[str, ...]) -> tuple[Declaration, ...]:
    if not isinstance(raw, list):
        raise InvalidHand("declarations", N_("must be a list of point cards"))
    found: list[Declaration] = []
    for i, item in enumerate(raw, start=1):
        where = f"declarations[{i}]"
        check_keys(item, {"player", "kind"}, where)
        if "player" not in item or "kind" not in item:
            raise InvalidHand(where, N_("needs a player and a kind"))
        found.append(
            Declaration(
                player=player(item["player"], f"{where}.player", players),
                kind=choice(item["kind"], f"{where}.kind", tuple(POINT_CARDS)),
            )
        )
    _check_declarations_possible(found)
    return tuple(found)


def _check_declarations_possible(found: list[Declaration]) -> None:
    """R11: declarations that no deal of one deck allows are refused, naming a smallest set of them that clashes.

    A player declares at most one kind per group. Beyond that only counts matter: the declaring players must
    be able to hold taroks, kings and five-point trumps that satisfy their declarations while leaving enough of
    each sort of card (22 taroks, 3 of them five-point, 4 kings, 28 other suit cards) for the other hands and
    the talon, which take whatever is left.
    """
    by_player: dict[str, list[str]] = {}
    for d in found:
        by_player.setdefault(d.player, []).append(d.kind)
    for name, kinds in by_player.items():
        groups = [POINT_CARDS[k][0] for k in kinds]
        for group in set(groups):
            if groups.count(group) > 1:
                raise InvalidHand(
                    "declarations",
                    N_("{player} declared two point cards of one kind ({kinds})"),
                    player=name,
                    kinds=", ".join(k for k in kinds if POINT_CARDS[k][0] == group),
                )
    if _deal_possible(found):
        return
    clash = list(found)
    for d in found:  # drop what the clash does not need: what stays is impossible, dropping any one of it is not
        rest = [e for e in clash if e is not d]
        if not _deal_possible(rest):
            clash = rest
    names = Phrase(tuple(Phrase((d.player, Line(_POINT_CARD_SHORT_NAMES[d.kind])), " ") for d in clash), ", ")
    raise InvalidHand(
        "declarations", N_("These point cards cannot all be true in one deal: {declarations}."), declarations=names
    )


_POINT_CARD_SHORT_NAMES = {
    "uni": N_("uni"),
    "bida": N_("bida"),
    "little-ones": N_("little ones"),
    "big-ones": N_("big ones"),
    "honery": N_("honery"),
    "rosa-honery": N_("rosa-honery"),
    "rosa-honery-plus": N_("rosa-honery plus"),
    "trul": N_("trul"),
}
# one deck: 22 taroks (3 of them the five-point Škýz, Mond and Pagát), 4 kings, 28 other suit cards
_DECK_TAROKS, _DECK_HONOURS, _DECK_KINGS, _DECK_OTHERS = 22, 3, 4, 28


def _deal_possible(declarations: list[Declaration]) -> bool:
    """Whether one deal makes all these declarations true (each player at most one kind per group).

    A search over counts only: ``reach`` maps (kings, five-point trumps) held by the declaring players so far to
    a bit set of their tarok totals (bit t set: t taroks possible). The hands that declare nothing and the talon
    can take any remainder, since the sizes add up to the deck.
    """
    by_player: dict[str, list[str]] = {}
    for d in declarations:
        by_player.setdefault(d.player, []).append(d.kind)
    all_taroks = (1 << (_DECK_TAROKS + 1)) - 1
    reach = {(0, 0): 1}
    for kinds in by_player.values():
        step: dict[tuple[int, int], int] = {}
        together = tuple(sorted(kinds))
        options = _HAND_OPTIONS.get(together)
        if options is None:
            options = _HAND_OPTIONS[together] = _hand_options(together)
        for (kings, honours), totals in reach.items():
            for k, h, low, high in options:
                if kings + k > _DECK_KINGS or honours + h > _DECK_HONOURS:
                    continue
                spread, width = totals, 1  # tarok totals plus any t in [low, high], the range doubled up
                while width <= high - low:
                    shift = min(width, high - low + 1 - width)
                    spread |= spread << shift
                    width += shift
                held = (kings + k, honours + h)
                step[held] = step.get(held, 0) | (spread << low) & all_taroks
        reach = {held: totals for held, totals in step.items() if totals}
    hands = len(by_player)
    for (kings, honours), totals in reach.items():
        # taroks t: plain ones t − honours ≤ 19; other suit cards 12·hands − t − kings ≤ 28
        low = max(0, 12 * hands - kings - _DECK_OTHERS)
        high = min(_DECK_TAROKS, _DECK_TAROKS - _DECK_HONOURS + honours)
        if low <= high and totals >> low & ((1 << (high - low + 1)) - 1):
            return True
    return False


_HAND_OPTIONS: dict[tuple[str, ...], list[tuple[int, int, int, int]]] = {}


def _hand_options(kinds: tuple[str, ...]) -> list[tuple[int, int, int, int]]:
    """One player's declarations as (kings, five-point trumps, fewest taroks, most taroks) in twelve cards."""
    options = []
    for kings in range(_DECK_KINGS + 1):
        for honours in range(_DECK_HONOURS + 1):
            if any(
                kings < POINT_CARDS[k][4] or honours < POINT_CARDS[k][5] or kings + honours < POINT_CARDS[k][6]
                for k in kinds
            ):
                continue
            low = max([honours] + [POINT_CARDS[k][2] for k in kinds])
            high = min([12 - kings] + [POINT_CARDS[k][3] for k in kinds])
            if low <= high:
                options.append((kings, honours, low, high))
    return options


def _round_tenth(x: int, rules: Rules) -> int:
    return (x + 9) // 10 if rules.rounding == "up" else (x + 5) // 10


def score_deal(hand: Hand, rules: Rules, state: State) -> HandResult:
    """What a deal scores (R1–R11)."""
    players = state.players
    lines: list[Line] = []
    declarers = _declarer_side(hand)
    defenders = tuple(p for p in players if p not in declarers)
    lines.append(_describe_sides(hand, declarers))
    contra_factor = 2**hand.contra

    if hand.valat is not None:
        amount = _valat(hand, rules, contra_factor, lines)
    else:
        amount = _card_game(hand, rules, contra_factor, lines)

    scores = {p: 0 for p in players}
    if len(declarers) == 1:
        single = declarers[0]
        scores[single] += 3 * amount
        for p in defenders:
            scores[p] -= amount
        lines.append(
            Line(
                N_("1 against 3: {single} {single_amount}; {others} {amount} each."),
                {
                    "single": single,
                    "single_amount": signed(3 * amount),
                    "others": names_and(defenders),
                    "amount": signed(-amount),
                },
                rule="R10",
                sums=Sums.SCORES,
            )
        )
    else:
        for p in declarers:
            scores[p] += amount
        for p in defenders:
            scores[p] -= amount
        lines.append(
            Line(
                N_("2 against 2: {declarers} {amount} each; {defenders} {minus} each."),
                {
                    "declarers": names_and(declarers),
                    "defenders": names_and(defenders),
                    "amount": signed(amount),
                    "minus": signed(-amount),
                },
                rule="R10",
                sums=Sums.SCORES,
            )
        )

    for d in hand.declarations:
        chips = POINT_CARDS[d.kind][1]
        scores[d.player] += 3 * chips
        for p in players:
            if p != d.player:
                scores[p] -= chips
        lines.append(
            Line(
                N_(
                    "Point card: {player} declared {kind}, worth {chips}: each of the other three pays "
                    "{chips}, so {player} {gain}."
                ),
                {"player": d.player, "kind": Line(POINT_CARD_NAMES[d.kind]), "chips": chips, "gain": signed(3 * chips)},
                rule="R11",
                sums=Sums.OWN,
            )
        )
    if hand.declarations:
        lines.append(
            Line(
                N_("Total: {scores}."),
                {"scores": scores_of((p, scores[p]) for p in players)},
                rule="R12",
                sums=Sums.SCORES,
            )
        )
    assert sum(scores.values()) == 0, "R12: every hand is zero-sum"
    return HandResult(scores=scores, lines=tuple(lines))


def _declarer_side(hand: Hand) -> tuple[str, ...]:
    if hand.mode == "prever":
        return (hand.prever,)
    if hand.partner == hand.povinnost:
        return (hand.povinnost,)
    return (hand.povinnost, hand.partner)


def _describe_sides(hand: Hand, declarers: tuple[str, ...]) -> Line:
    if hand.mode == "prever":
        return Line(
            N_("Prever: {prever} plays alone against the other three; talon: {talon} (×{t})."),
            {"prever": hand.prever, "talon": Line(TALON_NAMES[hand.talon]), "t": TALON_MULTIPLIER[hand.talon]},
            rule="R2",
        )
    if len(declarers) == 1:
        return Line(
            N_(
                "Team game: {povinnost} (povinnost) called the {called}, which is in the same hand: no "
                "partner, scored as a team game and paid 1 against 3."
            ),
            {"povinnost": hand.povinnost, "called": hand.called},
            rule="R2",
        )
    return Line(
        N_("Team game: {povinnost} (povinnost) with {partner}, who held the {called}."),
        {"povinnost": hand.povinnost, "partner": hand.partner, "called": hand.called},
        rule="R2",
    )


def _valat(hand: Hand, rules: Rules, contra_factor: int, lines: list[Line]) -> int:
    """R9: the valat replaces everything else; returns the amount signed for the declarer side."""
    valat = hand.valat
    value = 20
    if rules.pagat_with_valat:
        lines.append(Line(N_("Valat: no card count. Worth 20."), rule="R9"))
    else:
        lines.append(Line(N_("Valat: no card count, no I on the end. Worth 20."), {}, rule="R9"))
    if hand.mode == "prever":
        value += 10
        lines.append(Line(N_("Prever: + 10 = {value}."), {"value": value}, rule="R9"))
    if valat.announced:
        value *= 2
        lines.append(Line(N_("Announced: × 2 = {value}."), {"value": value}, rule="R9"))
    if rules.contra_on_valat and contra_factor > 1:
        value *= contra_factor
        lines.append(
            Line(
                N_("{contra}: × {c} = {value}."),
                {"contra": Line(CONTRA_NAMES[hand.contra]), "c": contra_factor, "value": value},
                rule="R9",
                option="contra_on_valat",
                setting=True,
            )
        )
    elif contra_factor > 1:
        lines.append(
            Line(
                N_("House rule: contra does not multiply a valat."),
                {},
                rule="R9",
                option="contra_on_valat",
                setting=False,
            )
        )
    side_name = _side_name(valat.side)
    if valat.made:
        lines.append(Line(N_("{side} took all twelve tricks."), {"side": side_name}, rule="R9"))
        won_by_declarers = valat.side == "declarers"
    else:
        lines.append(
            Line(
                N_("{side} announced valat and failed: they pay the announced amount."), {"side": side_name}, rule="R9"
            )
        )
        won_by_declarers = valat.side == "defenders"
    amount = value if won_by_declarers else -value
    if hand.pagat is not None and rules.pagat_with_valat:
        pagat_value = _pagat_value(hand, rules, lines)
        lines.append(
            Line(
                N_("Valat {game}, then I on the end {pagat}: {amount}."),
                {"game": signed(amount), "pagat": signed(pagat_value), "amount": signed(amount + pagat_value)},
                rule="R9",
                option="pagat_with_valat",
                setting=True,
                sums=Sums.SUM,
            )
        )
        amount += pagat_value
    elif hand.pagat is not None:
        lines.append(
            Line(
                N_("The I on the end counts for nothing beside a valat."),
                rule="R9",
                option="pagat_with_valat",
                setting=False,
            )
        )
    lines.append(
        Line(N_("Amount for the declarer side: {amount}."), {"amount": signed(amount)}, rule="R9", sums=Sums.TOTAL)
    )
    return amount


def _side_name(side: str) -> Line:
    return Line(N_("The declarer side") if side == "declarers" else N_("The defenders"))


def _card_game(hand: Hand, rules: Rules, contra_factor: int, lines: list[Line]) -> int:
    """R3–R8: distance from 53, step factor, tenth, talon, contra, I on the end."""
    points = hand.points
    won = points >= 54
    lines.append(
        Line(
            N_("Card points: declarer side {P}, defenders {other} (106 − {P})."),
            {"P": points, "other": TOTAL_POINTS - points},
            rule="R1",
        )
    )
    if won:
        lines.append(Line(N_("{P} ≥ 54: the declarer side wins."), {"P": points}, rule="R3"))
    elif points == 53:
        lines.append(Line(N_("53 – 53: a tie, and a tie is a loss for the declarer side."), {}, rule="R3"))
    else:
        lines.append(Line(N_("{P} < 54: the declarer side loses."), {"P": points}, rule="R3"))
    d = abs(points - 53)
    lines.append(Line(N_("d = |{P} − 53| = {d}."), {"P": points, "d": d}, rule="R4"))
    k = (3 if hand.mode == "prever" else 2) if rules.step_factor else 1
    x = (d + 10) * k
    if k > 1:
        lines.append(
            Line(
                N_("(d + 10) × {k} = {sum} × {k} = {x}."),
                {"k": k, "sum": d + 10, "x": x},
                rule="R4",
                option="step_factor",
                setting=True,
            )
        )
    else:
        lines.append(
            Line(
                N_("d + 10 = {x} (house rule: no step factor)."),
                {"x": x},
                rule="R4",
                option="step_factor",
                setting=False,
            )
        )
    base = _round_tenth(x, rules)
    rounding = Line(N_("rounded up") if rules.rounding == "up" else N_("rounded half up"))
    lines.append(
        Line(
            N_("{x} / 10 = {tenth}, {rounding}: {base}."),
            {"x": x, "tenth": number(Fraction(x, 10), places=1), "rounding": rounding, "base": base},
            rule="R4",
            option="rounding",
            setting=rules.rounding,
        )
    )

    sign = 1 if won else -1
    t = 1
    if hand.mode == "prever":
        applies = not won or rules.prever_talon_multiplier == "always"
        if applies and TALON_MULTIPLIER[hand.talon] > 1:
            t = TALON_MULTIPLIER[hand.talon]
        elif TALON_MULTIPLIER[hand.talon] > 1:
            lines.append(
                Line(
                    N_("Talon ×{t} not used: prever won."),
                    {"t": TALON_MULTIPLIER[hand.talon]},
                    rule="R5",
                    option="prever_talon_multiplier",
                    setting=rules.prever_talon_multiplier,
                )
            )

    pagat_lines: list[Line] = []  # said where the I on the end is added: before the multipliers or after them
    pagat_value = _pagat_value(hand, rules, pagat_lines)
    if rules.pagat_inside_multipliers:
        lines += pagat_lines
    if rules.pagat_inside_multipliers and pagat_value:
        amount = sign * base + pagat_value
        lines.append(
            Line(
                N_("I on the end inside the multipliers: {base} {pagat} = {amount}."),
                {"base": signed(sign * base), "pagat": signed(pagat_value), "amount": signed(amount)},
                rule="R8",
                option="pagat_inside_multipliers",
                setting=True,
                sums=Sums.SUM,
            )
        )
    else:
        amount = sign * base
    if t > 1:
        lines.append(
            Line(
                N_("× talon {t} = {amount}."),
                {"t": t, "amount": signed(amount * t)},
                rule="R5",
                option="prever_talon_multiplier",
                setting=rules.prever_talon_multiplier,
                sums=Sums.SCALED,
            )
        )
        amount *= t
    if contra_factor > 1:
        lines.append(
            Line(
                N_("× {contra} {c} = {amount}."),
                {
                    "contra": Line(CONTRA_NAMES[hand.contra]),
                    "c": contra_factor,
                    "amount": signed(amount * contra_factor),
                },
                rule="R6",
                sums=Sums.SCALED,
            )
        )
        amount *= contra_factor
    if not rules.pagat_inside_multipliers:
        lines += pagat_lines
    if pagat_value and not rules.pagat_inside_multipliers:
        lines.append(
            Line(
                N_("Game {game}, then I on the end {pagat}: {amount}."),
                {"game": signed(amount), "pagat": signed(pagat_value), "amount": signed(amount + pagat_value)},
                rule="R8",
                option="pagat_inside_multipliers",
                setting=False,
                sums=Sums.SUM,
            )
        )
        amount += pagat_value
    lines.append(
        Line(N_("Amount for the declarer side: {amount}."), {"amount": signed(amount)}, rule="R7", sums=Sums.TOTAL)
    )
    return amount


def _pagat_value(hand: Hand, rules: Rules, lines: list[Line]) -> int:
    """R8: what the I on the end is worth (4 announced, 2 not, or the table's values); signed for the declarer
    side."""
    pagat = hand.pagat
    if pagat is None:
        return 0
    value = rules.pagat_announced if pagat.announced else rules.pagat_unannounced
    for_holder = value if pagat.made else -value
    signed_value = for_holder if pagat.side == "declarers" else -for_holder
    lines.append(
        Line(
            N_("I on the end, {how}, {result}, by {side}: {value} for the declarer side."),
            {
                "how": Line(
                    N_("announced ({value})") if pagat.announced else N_("unannounced ({value})"), {"value": value}
                ),
                "result": Line(N_("made") if pagat.made else N_("failed"), context="pagat-ultimo"),
                "side": Line(N_("the declarer side") if pagat.side == "declarers" else N_("the defenders")),
                "value": signed(signed_value),
            },
            rule="R8",
            option="pagat_announced" if pagat.announced else "pagat_unannounced",
            setting=value,
            sums=Sums.TERM,
        )
    )
    return signed_value


def after_hand(hand: Hand, state: State) -> State:
    """R13: a deal moves povinnost on (an adjustment is no deal: the contract leaves the state as it was)."""
    return State(players=state.players, hands_played=state.hands_played + 1, last_povinnost=hand.povinnost)


def play_hand(hand: Hand, rules: Rules, state: State) -> tuple[HandResult, State]:
    return score_deal(hand, rules, state), after_hand(hand, state)


play = playing(play_hand, "R12", closing=N_("The evening ends here; nothing more is scored."))


def score_hand(hand: Hand | Adjustment | Closing, rules: Rules, state: State) -> HandResult:
    return play(hand, rules, state)[0]


def next_povinnost(state: State) -> str | None:
    """R13: the player counter-clockwise of the last povinnost (seats are listed counter-clockwise)."""
    if state.last_povinnost is None:
        return None
    i = state.players.index(state.last_povinnost)
    return state.players[(i + 1) % len(state.players)]


def next_dealer(state: State) -> str | None:
    """R13: povinnost deals the next hand."""
    return state.last_povinnost


def status(state: State) -> Status:
    """For the table page: who is povinnost next (R13) and who deals; whether the evening was closed."""
    return Status(
        finished=state.closed,
        closed=state.closed,
        over=state.closed,
        next_dealer=next_dealer(state),
        next_leader=next_povinnost(state),
        round=state.hands_played,
        extra={"next_povinnost": next_povinnost(state), "hands": state.hands_played},
    )


TALON_MARKS = {2: "↓×2", 3: "↑×4"}
VALAT_SAID = {  # (side, announced, made): a valat in the list of hands, saying whose it was and how it ended
    ("declarers", False, True): N_("valat by the declarer side"),
    ("declarers", True, True): N_("announced valat by the declarer side, made"),
    ("declarers", True, False): N_("announced valat by the declarer side, failed"),
    ("defenders", False, True): N_("valat by the defenders"),
    ("defenders", True, True): N_("announced valat by the defenders, made"),
    ("defenders", True, False): N_("announced valat by the defenders, failed"),
}
PAGAT_SAID = {  # (side, announced, made): whose I on the end it was, announced or not (R8 pays them apart), made?
    ("declarers", False, True): N_("the declarer side's I on the end made"),
    ("declarers", False, False): N_("the declarer side's I on the end failed"),
    ("defenders", False, True): N_("the defenders' I on the end made"),
    ("defenders", False, False): N_("the defenders' I on the end failed"),
    ("declarers", True, True): N_("the declarer side's announced I on the end made"),
    ("declarers", True, False): N_("the declarer side's announced I on the end failed"),
    ("defenders", True, True): N_("the defenders' announced I on the end made"),
    ("defenders", True, False): N_("the defenders' announced I on the end failed"),
}


def describe_hand(hand: Hand, rules: Rules) -> Line | Phrase:
    """One line for the list of hands: who played what, the points, contra, whose valat and whose I on the end in
    words (the I only where it counted: not beside a valat unless the table settles it so; whether contra doubled
    a valat is the table's rule, told by the explanation)."""
    parts: list[Line | Phrase | str] = [_describe_who(hand)]
    if hand.valat:
        parts.append(Line(VALAT_SAID[hand.valat.side, hand.valat.announced, hand.valat.made]))
    elif hand.points is not None:
        parts.append(str(hand.points))
    if hand.contra:
        parts.append(Line(CONTRA_NAMES[hand.contra]))
    if hand.pagat and (hand.valat is None or rules.pagat_with_valat):
        parts.append(Line(PAGAT_SAID[hand.pagat.side, hand.pagat.announced, hand.pagat.made]))
    parts += _point_cards_said(hand)
    return Phrase(tuple(parts))


def _point_cards_said(hand: Hand) -> list[Line]:
    """R11: each player's declared point cards, which the other three pay: "Bára: trul (Škýz, Mond, Pagát)"."""
    by_player: dict[str, list[Line]] = {}
    for d in hand.declarations:
        by_player.setdefault(d.player, []).append(Line(POINT_CARD_NAMES[d.kind]))
    return [
        Line("{player}: {cards}", {"player": p, "cards": Phrase(tuple(cards), ", ")}) for p, cards in by_player.items()
    ]


def _describe_who(hand: Hand) -> Line | Phrase | str:
    """The declarer side as the list of hands names it: prever (and how it took the talon), alone, or a team."""
    if hand.mode == "prever":
        prever = Line(N_("{player} prever"), {"player": hand.prever})
        return Phrase((prever, TALON_MARKS[hand.talon]), " ") if hand.talon > 1 else prever
    if hand.partner == hand.povinnost:
        return Line(N_("{player} alone"), {"player": hand.povinnost})
    return f"{hand.povinnost} + {hand.partner}"


MODES = {"team": N_("team game"), "prever": "prever", "alone": N_("povinnost alone")}


def hand_facts(hand: Hand) -> Facts:
    """Povinnost leads; the declarer side is povinnost's team, povinnost alone, or prever."""
    declarers = _declarer_side(hand)
    mode = "prever" if hand.mode == "prever" else "alone" if len(declarers) == 1 else "team"
    if hand.valat is not None:
        won = (hand.valat.side == "declarers") == hand.valat.made
    else:
        won = hand.points >= 54
    bonuses = tuple(
        Bonus(kind, a.side, a.announced, a.made) for kind, a in (("valat", hand.valat), ("pagat", hand.pagat)) if a
    )
    return Facts(
        mode=mode,
        mode_label=MODES[mode],
        leader=hand.povinnost,
        declarers=declarers,
        won=won,
        points=None if hand.points is None else Fraction(hand.points),
        contra=hand.contra,
        bonuses=bonuses,
    )


def rename_player(raw: Any, old: str, new: str) -> Any:
    """A hand's data with a player renamed (every field that names a player)."""
    out = rename_in(raw, old, new, ("povinnost", "partner", "prever"))
    if isinstance(out.get("declarations"), list):
        out["declarations"] = [
            {**d, "player": new} if isinstance(d, dict) and d.get("player") == old else d for d in out["declarations"]
        ]
    return out
