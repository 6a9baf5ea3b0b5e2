"""Königrufen's worked examples of its rules file (games/koenigrufen/rules.md, K1–K17; K18 at five in
test_koenigrufen.py): each a hand, the house rules it is played under and its scores in seating order
(``WORKED_EXAMPLES``), which test_koenigrufen.py checks step by step; and the same as table documents (``EXAMPLES``:
document, expected scores per hand, extra expectations on settle's output) for the tests that cover every game
(tests/engines/worked_examples.py gathers every registered game's)."""

FOUR = ("Anna", "Bert", "Cilli", "Dieter")
FIVE = FOUR + ("Emil",)


def bonus(kind, side="declarers", announced=False, made=True, kontra=0):
    out = {"kind": kind, "side": side, "announced": announced, "made": made}
    return {**out, "kontra": kontra} if kontra else out


WORKED_EXAMPLES = {
    "K1": (
        {
            "contract": "rufer",
            "declarer": "Anna",
            "partner": "Cilli",
            "points": "41 2/3",
            "bonuses": [bonus("trull", "defenders"), bonus("kings")],
        },
        {},
        [1, -1, 1, -1],
    ),
    "K2": (
        {
            "contract": "rufer",
            "declarer": "Bert",
            "partner": "Dieter",
            "points": "35 1/3",
            "kontra": 1,
            "bonuses": [bonus("uhu", "defenders")],
        },
        {},
        [4, -4, 4, -4],
    ),
    "K3": (
        {
            "contract": "dreier",
            "declarer": "Cilli",
            "points": 38,
            "bonuses": [bonus("pagat", announced=True, made=False)],
        },
        {},
        [-2, -2, 6, -2],
    ),
    "K4": (
        {
            "contract": "solodreier",
            "declarer": "Dieter",
            "points": 45,
            "kontra": 1,
            "bonuses": [bonus("trull"), bonus("uhu", announced=True, kontra=1)],
        },
        {},
        [-34, -34, -34, 102],
    ),
    "K4 kontra_scored false": (
        {
            "contract": "solodreier",
            "declarer": "Dieter",
            "points": 45,
            "kontra": 1,
            "bonuses": [bonus("trull"), bonus("uhu", announced=True, kontra=1)],
        },
        {"kontra_scored": False},
        [-18, -18, -18, 54],
    ),
    "K5": (
        {
            "contract": "sechserdreier",
            "declarer": "Anna",
            "points": "28 1/3",
            "bonuses": [bonus("uhu", announced=True)],
        },
        {},
        [-12, 4, 4, 4],
    ),
    "K6": ({"contract": "piccolo", "declarer": "Bert", "won": True, "kontra": {"Cilli": 1}}, {}, [-2, 8, -4, -2]),
    "K7": (
        {"contract": "bettler-ouvert", "declarer": "Cilli", "won": False, "kontra": {"Anna": 1, "Bert": 2}},
        {},
        [14, 28, -49, 7],
    ),
    "K8": (
        {
            "contract": "trischaken",
            "declarer": "Anna",
            "trischaken": {"Anna": "15 2/3", "Bert": "36 1/3", "Cilli": 10, "Dieter": 8},
        },
        {},
        [2, -6, 2, 2],
    ),
    "K9": (
        {
            "contract": "trischaken",
            "declarer": "Anna",
            "trischaken": {"Anna": 20, "Bert": "30 1/3", "Cilli": "19 2/3", "Dieter": 0},
        },
        {},
        [0, -3, 0, 3],
    ),
    "K9 wien": (
        {
            "contract": "trischaken",
            "declarer": "Anna",
            "trischaken": {"Anna": 20, "Bert": "30 1/3", "Cilli": "19 2/3", "Dieter": 0},
        },
        {"preset": "wien"},
        [0, -6, 0, 6],
    ),
    "K10": (
        {
            "contract": "trischaken",
            "declarer": "Anna",
            "trischaken": {"Anna": 40, "Bert": 20, "Cilli": 10, "Dieter": 0},
        },
        {},
        [-12, 0, 0, 12],
    ),
    "K11": (
        {
            "contract": "trischaken",
            "declarer": "Anna",
            "trischaken": {"Anna": 0, "Bert": "35 1/3", "Cilli": "34 2/3", "Dieter": 0},
        },
        {},
        [2, -4, 0, 2],
    ),
    "K11 full": (
        {
            "contract": "trischaken",
            "declarer": "Anna",
            "trischaken": {"Anna": 0, "Bert": "35 1/3", "Cilli": "34 2/3", "Dieter": 0},
        },
        {"two_jungfrauen": "full"},
        [3, -6, 0, 3],
    ),
    "K12": (
        {
            "contract": "dreier",
            "declarer": "Cilli",
            "bonuses": [bonus("valat"), bonus("trull", announced=True), bonus("pagat")],
        },
        {},
        [-18, -18, 54, -18],
    ),
    "K13": (
        {
            "contract": "rufer",
            "declarer": "Anna",
            "partner": "Bert",
            "points": 50,
            "bonuses": [bonus("valat", announced=True, made=False, kontra=1), bonus("pagat", announced=True)],
        },
        {},
        [-14, -14, 14, 14],
    ),
    "K14": (
        {"contract": "sechserdreier", "declarer": "Bert", "kontra": 1, "bonuses": [bonus("valat", "defenders")]},
        {},
        [64, -192, 64, 64],
    ),
    "K15": (
        {
            "contract": "sechserdreier",
            "declarer": "Bert",
            "points": 40,
            "bonuses": [bonus("valat", announced=True, made=False)],
        },
        {"preset": "wien"},
        [16, -48, 16, 16],
    ),
    "K16": (
        {
            "contract": "besserrufer",
            "declarer": "Anna",
            "partner": "talon",
            "conceded": True,
            "bonuses": [bonus("uhu", announced=True, made=False)],
        },
        {},
        [-15, 5, 5, 5],
    ),
    "K17": (
        {"contract": "solorufer", "declarer": "Cilli", "partner": "talon", "points": "41 2/3", "kontra": 1},
        {},
        [-2, -2, 6, -2],
    ),
}


EXAMPLES = {
    key: (
        {"game": "koenigrufen", "players": list(FIVE if len(expected) == 5 else FOUR), "rules": rules, "hands": [hand]},
        [expected],
        {},
    )
    for key, (hand, rules, expected) in WORKED_EXAMPLES.items()
}
