"""What the Bauernschnapsen and Dreierschnapsen tests share: a table replayed through the engine module itself
(the games are not registered yet), and the hands of a worked example written the way the format writes them."""

from games.contract.words import InvalidHand
from games.engines.table import Setup, replay


def run(engine, players, hands, rules=None):
    setup = Setup(engine=engine, rules=engine.parse_rules(rules or {}, players), players=tuple(players))
    return replay(setup, hands)


def scores(result, players):
    return [[hand.scores[p] for p in players] for hand in result.results]


def refused(engine, players, hands, rules=None):
    """The InvalidHand a table's last hand raises (the hands before it valid)."""
    try:
        run(engine, players, hands, rules)
    except Exception as error:  # replay wraps it as InvalidTable
        inner = getattr(error, "error", error)
        assert isinstance(inner, InvalidHand), error
        return inner
    raise AssertionError("the hand was accepted")


def normal(declarer, won, loser_points=None, trick=True, **more):
    hand = {"contract": "normal", "declarer": declarer, "won": won, **more}
    if "game_points" not in more:
        hand.update(loser_points=loser_points, loser_had_trick=trick)
    return hand


def contract(name, declarer, won=True, kontra=0):
    hand = {"contract": name, "declarer": declarer, "won": won}
    if kontra:
        hand["kontra"] = kontra
    return hand
