"""The base plays the hands every game has (an adjustment, a closing) for every engine: no engine dispatches on
them itself, and what they score, explain and leave behind is what it was before the base took them over
(common_hands.json was written by the engines that still played them one by one)."""

import ast
import json
from pathlib import Path
from random import Random

import pytest

import games.engines
from games.engines.base import InvalidHand
from games.engines.table import InvalidTable, parse_document, replay
from games.registry import GAMES

GOLDEN = Path(__file__).with_name("common_hands.json")
CLOSING = {"closing": True}


def engine_files() -> list[Path]:
    """Every engine module but the base, the test-only games' engines included."""
    folder = Path(games.engines.__file__).parent
    files = [path for path in folder.glob("*.py") if path.name != "base.py"]
    return files + [Path(__import__(game.engine.__name__, fromlist=["_"]).__file__) for game in GAMES.values()
                    if not game.engine.__name__.startswith("games.engines.")]


def dispatches(path: Path) -> list[int]:
    """The lines of ``path`` where an ``isinstance`` check names Adjustment or Closing."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance" and len(node.args) == 2:
            names = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
            names |= {n.attr for n in ast.walk(node.args[1]) if isinstance(n, ast.Attribute)}
            if names & {"Adjustment", "Closing"}:
                found.append(node.lineno)
    return found


def test_no_engine_dispatches_on_adjustments_or_closings():
    files = engine_files()
    assert {path.name for path in files} >= {"czech_taroky.py", "schnapsen.py", "slovenian_tarok.py",
                                              "two_ten_jack.py"}
    assert len(files) > len(list(Path(games.engines.__file__).parent.glob("*.py"))) - 1  # a test-only game too
    assert {str(path): dispatches(path) for path in files if dispatches(path)} == {}


def test_the_guard_finds_a_dispatch():
    base = Path(games.engines.__file__).with_name("base.py")
    assert dispatches(base)  # the base's own dispatch: the check above would see one in an engine


def cases(slug: str) -> list[tuple[str, dict]]:
    """Tables of the game with its sample adjustment and a closing among its hands: its samples under each
    preset, and random tables of its own with the adjustment at random places."""
    game = GAMES[slug]
    samples, engine = game.samples, game.engine
    hands = list(samples.hands)
    middle = len(hands) // 2
    sample = hands[:middle] + [samples.adjustment] + hands[middle:] + [samples.adjustment, CLOSING]
    out = [(f"samples {preset}", {"game": slug, "players": list(samples.players), "rules": rules, "hands": sample})
           for preset, rules in [("-", {})] + [(p.key, {"preset": p.key}) for p in engine.PRESETS]]
    for seed in range(6):
        r = Random(seed)
        document = samples.document(r)
        hands = list(document.get("hands", []))
        for _ in range(1 + seed % 3):
            hands.insert(r.randrange(len(hands) + 1), samples.adjustment)
        rules = {} if seed % 2 else {"preset": engine.PRESETS[-1].key}
        out.append((f"random {seed}", {**document, "rules": rules, "hands": hands + [CLOSING]}))
    return out


def outcome(document: dict) -> dict:
    """What the table comes to: every hand's scores and explanation, the totals and the status; or the refusal."""
    try:
        table, hands = parse_document(document)
        result = replay(table, hands)
    except (InvalidTable, InvalidHand) as error:
        return {"refused": str(error)}
    return {"hands": [[r.scores, r.explanation()] for r in result.results], "totals": result.totals,
            "status": json.loads(json.dumps(table.engine.status(result.state).as_json()))}


def outcomes() -> dict:
    return {slug: {name: outcome(document) for name, document in cases(slug)} for slug in sorted(GAMES)}


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_adjustments_and_closings_score_and_end_as_before(slug):
    before = json.loads(GOLDEN.read_text(encoding="utf-8"))[slug]
    now = {name: outcome(document) for name, document in cases(slug)}
    assert now.keys() == before.keys()
    for name in now:
        assert now[name] == before[name], (slug, name)
    assert any("refused" not in case and case["status"]["closed"] for case in now.values())


if __name__ == "__main__":  # writes the outcomes as the engines give them now: only with engines known to be right
    import tests.conftest  # noqa: F401 (registers the test-only game, as a test session does)
    GOLDEN.write_text(json.dumps(outcomes(), ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                      encoding="utf-8")
