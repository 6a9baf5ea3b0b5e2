"""The contract plays the hands every game has (an adjustment, a closing) for every engine
(games/contract/hands.py): no engine dispatches on them itself, and what they score, explain and leave behind is
what it was before the contract took them over
(common_hands.json was written by the engines that still played them one by one).

A new game has no "before": ``make golden`` records what its engine gives (the games not in the file yet, and
only those); ``make golden GAME=<slug>`` records a game again after a change meant to change its outcomes."""

import ast
import json
from pathlib import Path
from random import Random

import pytest

import games.contract.hands
import games.engines
from games.contract.words import InvalidHand
from games.engines.table import InvalidTable, parse_document, replay
from games.registry import GAMES

GOLDEN = Path(__file__).with_name("common_hands.json")
CLOSING = {"closing": True}


def engine_files() -> list[Path]:
    """Every engine module: the shared ones and every registered game's, the test-only games' too."""
    folder = Path(games.engines.__file__).parent
    files = list(folder.glob("*.py"))
    return files + [
        Path(__import__(game.engine.__name__, fromlist=["_"]).__file__)
        for game in GAMES.values()
        if not game.engine.__name__.startswith("games.engines.")
    ]


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
    assert {f"{path.parent.name}/{path.name}" for path in files} >= {"schnapsen/engine.py", "engines/table.py"}
    assert len(files) > len(list(Path(games.engines.__file__).parent.glob("*.py")))  # a test-only game too
    assert {str(path): dispatches(path) for path in files if dispatches(path)} == {}


def test_the_guard_finds_a_dispatch():
    assert dispatches(Path(games.contract.hands.__file__))  # the contract's own: the check above would see one


def cases(slug: str) -> list[tuple[str, dict]]:
    """Tables of the game with its sample adjustment and a closing among its hands: its samples under each
    preset, and random tables of its own with the adjustment at random places."""
    game = GAMES[slug]
    samples, engine = game.samples, game.engine
    hands = list(samples.hands)
    middle = len(hands) // 2
    sample = hands[:middle] + [samples.adjustment] + hands[middle:] + [samples.adjustment, CLOSING]
    out = [
        (f"samples {preset}", {"game": slug, "players": list(samples.players), "rules": rules, "hands": sample})
        for preset, rules in [("-", {})] + [(p.key, {"preset": p.key}) for p in engine.PRESETS]
    ]
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
    return {
        "hands": [[r.scores, r.explanation()] for r in result.results],
        "totals": result.totals,
        "status": json.loads(json.dumps(table.engine.status(result.state).as_json())),
    }


def outcomes() -> dict:
    return {slug: {name: outcome(document) for name, document in cases(slug)} for slug in sorted(GAMES)}


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_adjustments_and_closings_score_and_end_as_before(slug):
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert slug in recorded, (
        f"{slug} is not in {GOLDEN.name} yet: run `make golden` to record what its engine gives now"
    )
    before = recorded[slug]
    now = {name: outcome(document) for name, document in cases(slug)}
    again = f"if the change is meant, record it: `make golden GAME={slug}`"
    assert now.keys() == before.keys(), again
    for name in now:
        assert now[name] == before[name], (slug, name, again)
    assert any("refused" not in case and case["status"]["closed"] for case in now.values())


def record(slugs: list[str]) -> list[str]:
    """Writes the outcomes of ``slugs`` (none: of the games not in the file yet) as their engines give them now;
    the other games' outcomes stay as recorded. Returns the games written."""
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8")) if GOLDEN.exists() else {}
    unknown = sorted(set(slugs) - set(GAMES))
    if unknown:
        raise SystemExit(f"no such game: {', '.join(unknown)} (the registry has {', '.join(sorted(GAMES))})")
    written = slugs or sorted(set(GAMES) - set(recorded))
    for slug in written:
        recorded[slug] = {name: outcome(document) for name, document in cases(slug)}
    GOLDEN.write_text(json.dumps(recorded, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return written


if __name__ == "__main__":  # `make golden [GAME=<slug>]`: only with engines known to be right
    import sys

    import tests.conftest  # noqa: F401 (registers the test-only game, as a test session does)

    print(f"{GOLDEN.name}: recorded {', '.join(record(sys.argv[1:])) or 'nothing (every game is in it)'}")
