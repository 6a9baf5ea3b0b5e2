"""Two Ten Jack for 2 to 6 players: games/two_ten_jack/rules.md.

Each round, every player scores the scoring cards they captured; a player holding all of a suit's scoring
cards has that suit reversed. A game has as many rounds as players; the highest total wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from games.contract.engine import Facts
from games.contract.hands import MOST_CARD_POINTS, Adjustment, Closing, parse_common, playing
from games.contract.inputs import check_keys, show, whole
from games.contract.numbers import signed
from games.contract.options import YES_NO, Option, Preset, parse_options
from games.contract.ranking import HIGHER_TOTAL, best
from games.contract.status import Status, per_player
from games.contract.words import N_, HandResult, InvalidHand, Line, Phrase, Sums

SLUG = "two-ten-jack"
TITLE = N_("Two Ten Jack")
BLURB = N_("2 to 6 players · hearts plus, spades minus")
PLAYER_COUNTS = (2, 3, 4, 5, 6)
ZERO_SUM = False
RANKING = HIGHER_TOTAL
MODES = {"round": N_("round")}
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS = ("S", "H", "D", "C")
DECK = tuple(f"{rank}{suit}" for suit in SUITS for rank in RANKS) + ("JK",)
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
FIXED_HEARTS = {
    "2H": 10,
    "10H": 10,
    "JH": 10,
    "AH": 5,
    "KH": 5,
    "QH": 5,
    "2S": -10,
    "10S": -10,
    "JS": -10,
    "AS": -5,
    "KS": -5,
    "QS": -5,
}


@dataclass(frozen=True)
class Rules:
    card_points: tuple[tuple[str, int], ...]
    reversal: bool = True

    def points(self, card: str) -> int:
        return dict(self.card_points).get(card, 0)


@dataclass(frozen=True)
class Hand:
    removed: tuple[str, ...]
    captured: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    rounds_played: int = 0  # in the game under way
    closed: bool = False
    game: int = 1  # the game under way: after the last round, the next round starts the next game (Play again)
    points: tuple[int, ...] = ()  # each player's points in the game under way (its winner's), adjustments included
    games_won: tuple[int, ...] = ()  # each player's games won before the game under way

    def game_points(self) -> tuple[int, ...]:
        return self.points or (0,) * len(self.players)

    def won(self) -> tuple[int, ...]:
        return self.games_won or (0,) * len(self.players)


def _add(values: tuple[int, ...], scores: dict[str, int], players: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(v + scores.get(p, 0) for v, p in zip(values, players))


def game_winners(state: State) -> list[str]:
    """The players with the most points in the game under way (more than one on a tie)."""
    return best(RANKING, dict(zip(state.players, state.game_points())))


def show_card(code: str) -> str:
    return "🃏" if code == "JK" else code[:-1] + SUIT_SYMBOLS[code[-1]]


def _card_points(raw: Any, key: str) -> tuple[tuple[str, int], ...]:
    """A map from card code to whole number, kept in deck order."""
    if not isinstance(raw, dict):
        raise InvalidHand(key, N_("must map card codes to whole numbers"))
    for card, value in raw.items():
        if card not in DECK:
            raise InvalidHand(key, N_("{card} is not a card code (2H, 10S, JH, AS, JK …)"), card=show(card))
        whole(value, f"{key}.{card}", -MOST_CARD_POINTS, MOST_CARD_POINTS)
    return tuple(sorted(raw.items(), key=lambda item: DECK.index(item[0])))


def _suit(suit: str) -> tuple[tuple[str, str], ...]:
    """A suit's cards, code and face, for the point table's inputs (the joker goes with the spades)."""
    cards = [card for card in DECK if card[-1] == suit and card != "JK"] + (["JK"] if suit == "S" else [])
    return tuple((card, show_card(card)) for card in cards)


RULES = {  # the rules file's numbers, for the rules page and every explanation line
    "TR1": N_("Deck, play and rounds"),
    "TR2": N_("Point table and reversal"),
    "TR3": N_("Adjustments and the end of the game"),
}

OPTIONS = (
    Option(
        "card_points",
        N_("Point table"),
        kind="card-points",
        check=_card_points,
        default=_card_points(FIXED_HEARTS, "card_points"),
        groups=(
            (N_("Hearts"), _suit("H")),
            (N_("Spades"), _suit("S")),
            (N_("Diamonds"), _suit("D")),
            (N_("Clubs"), _suit("C")),
        ),
        help=N_("The points of each scoring card (preset: fixed hearts, hearts plus, spades minus)."),
    ),
    Option(
        "reversal",
        N_("Reversal (all of a suit's scoring cards)"),
        default=True,
        choices=YES_NO,
        help=N_("A player who captures all of a suit's scoring cards scores that suit reversed."),
    ),
)
PRESETS = (
    Preset(
        "fixed-hearts",
        N_("Fixed hearts"),
        N_("The published fixed-hearts table that fits Board Game Arena's description: hearts plus, spades minus."),
        default_for=PLAYER_COUNTS,
    ),
)


def parse_rules(raw: Any, players: tuple[str, ...] = ()) -> Rules:
    return Rules(**parse_options(raw, OPTIONS, len(players), PRESETS))


def new_state(players: tuple[str, ...], rules: Rules) -> State:
    return State(players=tuple(players))


def removed_count(player_count: int) -> int:
    return len(DECK) % player_count


def parse_hand(raw: Any, players: tuple[str, ...], rules: Rules) -> Hand | Adjustment | Closing:
    common = parse_common(raw, players)
    if common is not None:
        return common
    check_keys(raw, {"removed", "captured"})
    removed = _cards(raw.get("removed", []), "removed")
    if removed and len(removed) != removed_count(len(players)):
        raise InvalidHand(
            "removed",
            N_("with {n} players exactly {count} cards are removed, got {got}"),
            n=len(players),
            count=removed_count(len(players)),
            got=len(removed),
        )
    if "captured" not in raw:
        raise InvalidHand("captured", N_("is required"))
    captured_raw = raw["captured"]
    if not isinstance(captured_raw, dict):
        raise InvalidHand("captured", N_("must map each player to the cards they captured"))
    for name in captured_raw:
        if name not in players:
            raise InvalidHand("captured", N_("{value} is not a player"), value=show(name))
    seen = set(removed)
    captured = []
    for name in players:
        cards = _cards(captured_raw.get(name, []), f"captured.{name}")
        for card in cards:
            if card in seen:
                raise InvalidHand(
                    f"captured.{name}",
                    N_("{card} is already removed or captured by someone else"),
                    card=show_card(card),
                )
            seen.add(card)
        captured.append((name, cards))
    return Hand(removed=removed, captured=tuple(captured))


def _cards(raw: Any, field_name: str) -> tuple[str, ...]:
    if not isinstance(raw, list):
        raise InvalidHand(field_name, N_("must be a list of card codes"))
    for card in raw:
        if card not in DECK:
            raise InvalidHand(field_name, N_("{card} is not a card code (2H, 10S, JH, AS, JK …)"), card=show(card))
    if len(set(raw)) != len(raw):
        raise InvalidHand(field_name, N_("a card is listed twice"))
    return tuple(raw)


def scoring_cards(rules: Rules, suit: str) -> tuple[str, ...]:
    return tuple(card for card, value in rules.card_points if card.endswith(suit) and card != "JK" and value)


def score_cards(cards: tuple[str, ...], rules: Rules) -> tuple[int, list[str]]:
    """A player's points for a round, and which suits were reversed."""
    total = sum(rules.points(card) for card in cards)
    reversed_suits = []
    if rules.reversal:
        for suit in ("H", "S"):
            scoring = scoring_cards(rules, suit)
            if scoring and all(card in cards for card in scoring):
                suit_sum = sum(rules.points(card) for card in scoring)
                total += -2 * suit_sum
                reversed_suits.append(suit)
    return total, reversed_suits


def _adjustment(hand: Adjustment, rules: Rules, state: State, lines: list[Line]) -> State:
    """TR3: written by hand, not a round; it counts in the game under way."""
    return replace(state, points=_add(state.game_points(), dict(hand.amounts), state.players))


def _ends(state: State) -> Line:
    """TR3: what a closing says: how many rounds of the game under way were played."""
    return Line(
        N_("The game ends here, after {played} of {rounds} rounds: the highest total wins."),
        {"played": state.rounds_played, "rounds": len(state.players)},
        rule="TR3",
    )


def _reversals_impossible(hand: Hand, rules: Rules) -> list[Line]:
    """TR2: a scoring card removed from the deck makes its suit's reversal impossible this round; said once per
    suit."""
    if not rules.reversal:
        return []
    lines = []
    for suit in ("H", "S"):
        out = [card for card in scoring_cards(rules, suit) if card in hand.removed]
        if out:
            lines.append(
                Line(
                    N_(
                        "Out of the deck: {cards}. Nobody can capture all the scoring {suit}: no "
                        "reversal of {suit} this round."
                    ),
                    {"cards": " ".join(show_card(card) for card in out), "suit": SUIT_SYMBOLS[suit]},
                    rule="TR2",
                    option="reversal",
                    setting=True,
                )
            )
    return lines


def deal_place(number: int, players: int) -> tuple[int, int]:
    """The game and the round in it of the evening's ``number``th deal (1, 2, …; penalties not counted): a game is
    one round per player, and the next deal after its last round starts the next game (TR1)."""
    return (number - 1) // players + 1, (number - 1) % players + 1


def play_hand(hand: Hand, rules: Rules, state: State) -> tuple[HandResult, State]:
    players = state.players
    rounds = len(players)
    lines = []
    if state.rounds_played >= rounds:  # the game is over: this round starts the next game of the evening
        winning = game_winners(state)
        lines.append(
            Line(
                N_("Game {game} begins; game {before} went to {winners}."),
                {"game": state.game + 1, "before": state.game, "winners": ", ".join(winning)},
                rule="TR1",
            )
        )
        state = State(
            players=players,
            game=state.game + 1,
            points=(0,) * len(players),
            games_won=tuple(w + (p in winning) for w, p in zip(state.won(), players)),
        )
    round_number = state.rounds_played + 1
    lines.append(Line(N_("Round {number} of {rounds}."), {"number": round_number, "rounds": rounds}, rule="TR1"))
    if hand.removed:
        lines.append(
            Line(
                N_("Removed from the deck: {cards}."),
                {"cards": " ".join(show_card(c) for c in hand.removed)},
                rule="TR1",
            )
        )
    lines += _reversals_impossible(hand, rules)
    table_option = "card_points" if rules.card_points != OPTIONS[0].default else ""
    scores = {}
    for name, cards in hand.captured:
        total, reversed_suits = score_cards(cards, rules)
        scoring = [c for c in cards if rules.points(c)]
        parts = " ".join(f"{show_card(c)} {signed(rules.points(c))}" for c in scoring) or "—"
        lines.append(
            Line(
                N_("{player}: {parts} = {total}."),
                {"player": name, "parts": parts, "total": signed(sum(rules.points(c) for c in cards))},
                rule="TR2",
                option=table_option,
                setting=rules.card_points,
                sums=Sums.SUM,
            )
        )
        for suit in reversed_suits:
            lines.append(
                Line(
                    N_("{player} captured all the scoring {suit}: reversed, so {total}."),
                    {"player": name, "suit": SUIT_SYMBOLS[suit], "total": signed(total)},
                    rule="TR2",
                    option="reversal",
                    setting=True,
                    sums=Sums.OWN,
                )
            )
        scores[name] = total
    new_state_ = replace(state, rounds_played=round_number, points=_add(state.game_points(), scores, players))
    if round_number == rounds:
        lines.append(Line(N_("That was the last round."), {}, rule="TR1"))
    return HandResult(scores=scores, lines=tuple(lines)), new_state_


play = playing(play_hand, "TR3", closing=_ends, on_adjustment=_adjustment)


def next_dealer(state: State) -> str:
    """The first player deals the first round; the deal passes to the next player each round."""
    return state.players[state.rounds_played % len(state.players)]


def score_hand(hand: Hand, rules: Rules, state: State) -> HandResult:
    return play(hand, rules, state)[0]


def milestone(before: State, after: State) -> Line | None:
    """The last round of a game says who won the game (the evening goes on with the next one)."""
    rounds = len(after.players)
    if (
        after.rounds_played == rounds
        and not after.closed
        and (before.rounds_played < rounds or before.game != after.game)
    ):
        return Line(N_("Game {game} won by {winners}"), {"game": after.game, "winners": ", ".join(game_winners(after))})
    return None


def status(state: State) -> Status:
    """For the table page: rounds played out of the game's rounds; who deals; finished after the last round or a
    closing."""
    rounds = len(state.players)
    finished = state.closed or state.rounds_played >= rounds
    won = state.won()
    if finished:  # the game just over counts among the evening's games won
        won = tuple(w + (p in game_winners(state)) for w, p in zip(won, state.players))
    return Status(
        finished=finished,
        closed=state.closed,
        over=state.closed,
        next_dealer=None if finished else next_dealer(state),
        round=state.rounds_played,
        rounds=rounds,
        marks=per_player(state.players, games_won=won),
        extra={
            "rounds_played": state.rounds_played,
            "game": state.game,
            "game_points": dict(zip(state.players, state.game_points())),
            "games_won": dict(zip(state.players, won)),
        },
    )


def winners(totals: dict[str, int], status: dict[str, Any]) -> list[str]:
    """The players with the most points in the game once every round is played (the totals, which run through
    every game of the evening, when the status does not say)."""
    if not status.get("finished"):
        return []
    return best(RANKING, status.get("game_points") or totals)


def describe_hand(hand: Hand, rules: Rules) -> Line | Phrase:
    parts = tuple(_captured_said(name, cards, rules) for name, cards in hand.captured if cards)
    return Phrase(parts) if parts else Line(N_("no scoring cards"))


def _captured_said(name: str, cards: tuple[str, ...], rules: Rules) -> Line | str:
    """A player's cards in the list of hands, and the suits reversed (TR2): what turned the points round."""
    shown = f"{name}: {' '.join(show_card(c) for c in cards)}"
    suits = score_cards(cards, rules)[1]
    if not suits:
        return shown
    return Line(
        N_("{cards}, reversed {suits}"), {"cards": shown, "suits": " ".join(SUIT_SYMBOLS[suit] for suit in suits)}
    )


def hand_facts(hand: Hand) -> Facts:
    return Facts(mode="round", mode_label=MODES["round"])


PLAYER_KEYED = ("captured",)  # a hand's maps keyed by player (the captured cards), for a rename
