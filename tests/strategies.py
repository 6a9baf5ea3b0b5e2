"""Table documents of every game, mostly valid, drawn at random: for the property tests and the fuzzing that opens
what it saved. ``documents(game)`` is a hypothesis strategy; every registered game must have a generator here."""

from random import Random

from hypothesis import strategies as st

P4 = ["Anna", "Bára", "Cyril", "Dana"]
KINDS = ["uni", "bida", "little-ones", "big-ones", "honery", "rosa-honery", "rosa-honery-plus", "trul"]
DECK = [f"{r}{s}" for s in "SHDC" for r in ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]] + ["JK"]


def announcement(r: Random) -> dict:
    return {"side": r.choice(["declarers", "defenders"]), "announced": r.random() < .5, "made": r.random() < .6}


def czech_hand(r: Random) -> dict:
    hand: dict = {"povinnost": r.choice(P4)}
    if r.random() < .3:
        hand.update(mode="prever", prever=r.choice(P4), talon=r.randint(1, 3))
    else:
        hand["partner"] = r.choice(P4)
        if r.random() < .2:
            hand["called"] = r.choice(["XV", "XVI", "XVII", "XVIII", "XIX"])
    if r.random() < .15:
        hand["valat"] = announcement(r)
    else:
        hand["points"] = r.randint(0, 106)
    if r.random() < .3:
        hand["contra"] = r.randint(0, 3)
    if r.random() < .2:
        hand["pagat"] = announcement(r)
    if r.random() < .3:
        hand["declarations"] = [{"player": r.choice(P4), "kind": r.choice(KINDS)} for _ in range(r.randint(1, 2))]
    return hand


def thirds(r: Random) -> int | str:
    whole = r.randint(0, 70)
    part = r.choice([0, 0, 1, 2]) if whole < 70 else 0
    return whole if part == 0 else f"{whole} {part}/3"


def slovenian_hand(r: Random, count: int) -> dict:
    players = P4[:count]
    contracts = ["three", "two", "one", "beggar", "solo-without", "klop"] + (
        ["solo-three", "solo-two", "solo-one", "open-beggar", "colour-valat", "valat"] if count == 4 else [])
    contract = r.choice(contracts)
    if contract == "klop":
        cuts = sorted(r.randint(0, 210) for _ in range(count - 1))
        parts = [b - a for a, b in zip([0] + cuts, cuts + [210])]
        return {"contract": "klop", "klop": {p: (t // 3 if t % 3 == 0 else f"{t // 3} {t % 3}/3" if t >= 3 else
                                                 f"{t % 3}/3") for p, t in zip(players, parts)}}
    hand: dict = {"contract": contract, "declarer": r.choice(players)}
    if count == 4 and contract in ("three", "two", "one") and r.random() < .7:
        hand["partner"] = r.choice([p for p in players if p != hand["declarer"]])
    if contract in ("three", "two", "one", "solo-three", "solo-two", "solo-one", "solo-without"):
        hand["points"] = thirds(r)
    if contract in ("beggar", "open-beggar", "colour-valat", "valat"):
        hand["won"] = r.random() < .5
    if r.random() < .3:
        hand["kontra"] = r.randint(0, 4)
    if contract in ("three", "two", "one", "solo-three", "solo-two", "solo-one") and r.random() < .6:
        kinds = ["trula", "kings", "pagat-ultimo", "valat"] + (
            ["king-ultimo"] if count == 4 and contract in ("three", "two", "one") else [])
        bonuses = []
        for kind in r.sample(kinds, r.randint(1, 3)):
            bonus = {"kind": kind, **announcement(r)}
            if bonus["announced"] and r.random() < .3:
                bonus["kontra"] = r.randint(1, 4)
            bonuses.append(bonus)
        hand["bonuses"] = bonuses
    if r.random() < .2:
        hand["mond_lost_by"] = r.choice(players)
    return hand


def schnapsen_hand(r: Random) -> dict:
    players = ["Anna", "Ben"]
    if r.random() < .4:
        return {"winner": r.choice(players), "game_points": r.randint(1, 3)}
    ending = r.choice(["declared", "wrong-declaration", "closed", "closed-failed", "last-trick"])
    hand = {"ending": ending, "by": r.choice(players), "other_had_trick": r.random() < .8}
    if ending in ("declared", "closed", "last-trick"):
        hand["other_points"] = r.randint(0, 65) if hand["other_had_trick"] else 0
    return hand


def two_ten_jack_hand(r: Random, players: list[str]) -> dict:
    cards = r.sample(DECK, 53)
    removed = 53 % len(players)
    hand: dict = {"captured": {}}
    if removed and r.random() < .5:
        hand["removed"] = cards[:removed]
    cards = cards[removed:]
    for player in players:
        hand["captured"][player] = cards[:r.randint(0, 12)]
        cards = cards[len(hand["captured"][player]):]
    return hand


def document(r: Random, game: str) -> dict:
    if game == "czech-taroky":
        return {"game": game, "players": P4, "hands": [czech_hand(r) for _ in range(r.randint(1, 8))]}
    if game == "slovenian-tarok":
        count = r.choice([3, 4])
        return {"game": game, "players": P4[:count], "hands": [slovenian_hand(r, count) for _ in range(r.randint(1, 8))]}
    if game == "schnapsen":
        return {"game": game, "players": ["Anna", "Ben"], "hands": [schnapsen_hand(r) for _ in range(r.randint(1, 12))]}
    if game == "two-ten-jack":
        players = ["Aiko", "Ben", "Chie", "Dai", "Emi", "Fumi"][:r.randint(2, 6)]
        return {"game": game, "players": players,
                "hands": [two_ten_jack_hand(r, players) for _ in range(r.randint(1, len(players)))]}
    raise KeyError(f"no generator of {game} documents in tests/strategies.py")


def documents(game: str):
    return st.randoms(use_true_random=False).map(lambda r: document(r, game))
