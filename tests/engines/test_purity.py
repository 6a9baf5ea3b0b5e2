"""The engines are the pure core: every module under games/contract/ and games/engines/, every game's engine and
entry in its folder (games/<game>/engine.py, entry.py, its package's __init__), lib's pure modules and the registry
that lists the games import nothing from Django and nothing outside the standard library, and every registered game
keeps the contract."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from games.contract.engine import Engine
from games.lib import PURE as PURE_LIB
from games.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
CONTRACT_MODULES = sorted(
    f"games.contract.{path.stem}" for path in (ROOT / "games" / "contract").glob("*.py") if path.stem != "__init__"
)
ENGINE_MODULES = sorted(
    [
        *(
            f"games.engines.{path.stem}"
            for path in (ROOT / "games" / "engines").glob("*.py")
            if path.stem != "__init__"
        ),
        *(f"games.{path.parent.name}.engine" for path in (ROOT / "games").glob("*/entry.py")),  # each game's folder
    ]
)
ENTRY_MODULES = sorted(
    [
        *(f"games.entry.{path.stem}" for path in (ROOT / "games" / "entry").glob("*.py") if path.stem != "__init__"),
        *(f"games.{path.parent.name}.entry" for path in (ROOT / "games").glob("*/entry.py")),
    ]
)
GAME_PACKAGES = sorted(f"games.{path.parent.name}" for path in (ROOT / "games").glob("*/entry.py"))  # __init__
FAMILY_MODULES = ["games.schnapsen_family.scoring", "games.schnapsen_family.fields"]  # what a family of games shares
PACKAGES = {"games.contract", "games.engines", "games.entry", "games.lib", "games.offline", "games.schnapsen_family"}
PURE = [
    *CONTRACT_MODULES,
    *ENGINE_MODULES,
    *PURE_LIB,
    "games.registry",
    "games.offline.phone",
    *ENTRY_MODULES,
    *GAME_PACKAGES,
    *FAMILY_MODULES,
]  # what a phone runs too
CHECKED = [
    *PURE,
    *sorted(
        f"games.tournaments.engine.{path.stem}".removesuffix(".__init__")
        for path in (ROOT / "games" / "tournaments" / "engine").glob("*.py")
    ),
]  # pure, not shipped


def source(module: str) -> str:
    path = ROOT / module.replace(".", "/")
    return (path / "__init__.py" if path.is_dir() else path.with_suffix(".py")).read_text()


def test_every_games_module_a_phone_loads_is_checked_here():
    """Importing what the phone runs loads no module of ours that this file does not check for purity."""
    code = (
        f"import sys; import {', '.join(PURE)}; "
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('games.'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split()) - PACKAGES
    assert loaded and loaded <= set(PURE), sorted(loaded - set(PURE))
    assert set(ENGINE_MODULES) >= {"games.engines.table", "games.engines.settle_up"}
    assert set(CONTRACT_MODULES) >= {"games.contract.engine", "games.contract.hands", "games.contract.words"}


def test_engines_import_nothing_from_django():
    code = (
        f"import sys; import {', '.join(PURE)}; "
        "bad = [m for m in sys.modules if m == 'django' or m.startswith('django.')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("module", CHECKED)
def test_engines_import_only_the_standard_library_and_each_other(module):
    tree = ast.parse(source(module))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""] if node.level == 0 else []
        else:
            continue
        entry = module.startswith("games.entry") or module.endswith(".entry")  # the entries' contract (Samples)
        for name in names:
            top = name.split(".")[0]
            allowed = (
                "games.contract",
                "games.engines",
                *PURE_LIB,
                *(("games.entry",) if entry else ()),
                *(("games.registry",) if module == "games.offline.phone" else ()),
            )
            if module in ENGINE_MODULES + ENTRY_MODULES + FAMILY_MODULES:  # a family's pure modules, shared
                allowed = (*allowed, *FAMILY_MODULES)
            assert top in sys.stdlib_module_names or name.startswith(allowed), (module, name)
    relative = [node for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level]
    if module.startswith("games.entry") or module in FAMILY_MODULES:  # relative imports: only the engines
        names = [node.module or "" for node in relative]
        assert all(name.split(".")[0] in ("engines", "table", "") for name in names), (module, names)
    elif module.endswith(".entry"):  # a game's entry beside its engine, in its folder: only that engine
        names = [node.module or alias.name for node in relative for alias in node.names]
        assert all(name == "engine" for name in names), (module, names)


@pytest.mark.parametrize("module", CHECKED)
def test_engines_use_no_floats(module):
    """No float literal, no float() and nothing of math but floor on Fractions (which returns an int); the
    numbers the engines give are checked at run time in test_worked_examples.py."""
    tree = ast.parse(source(module))
    for node in ast.walk(tree):
        assert not (isinstance(node, ast.Constant) and isinstance(node.value, float)), (module, node.lineno)
        assert not (isinstance(node, ast.Name) and node.id == "float"), (module, node.lineno)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "math":
            assert node.attr in ("floor", "ceil"), (module, node.lineno, node.attr)
        if isinstance(node, ast.ImportFrom) and node.module == "math":
            assert {alias.name for alias in node.names} <= {"floor", "ceil"}, (module, node.lineno)


@pytest.mark.parametrize("slug", GAMES)
def test_every_registered_game_keeps_the_engine_contract(slug):
    engine = GAMES[slug].engine
    members = set(Engine.__annotations__) | {
        name for name, value in vars(Engine).items() if callable(value) and not name.startswith("_")
    }
    assert isinstance(engine, Engine)
    assert not [name for name in members if not hasattr(engine, name)] and engine.SLUG == slug
    assert engine.PLAYER_COUNTS and all(option.label and option.help for option in engine.OPTIONS)
    for count in engine.PLAYER_COUNTS:  # every table starts from one preset
        assert len([preset for preset in engine.PRESETS if count in preset.default_for]) == 1
