"""What a phone downloads to keep a table without signal, computed once per release: the engine's own files (only
what the phone runs), their hash (which names the phone's saved Python memory), the size of the whole download and
the words the offline part says. Below the views: the template tags and the table's live answer name the engine's
hash without importing a view."""

from __future__ import annotations

import ast
import hashlib
import json
from functools import lru_cache
from importlib import import_module
from pathlib import Path

from django.conf import settings
from django.templatetags.static import static
from django.utils.translation import gettext as _

from games.contract.words import CONTEXT_SEPARATOR
from games.lib import PURE as PURE_LIB
from games.offline import runtime as runtime_files
from games.registry import GAMES
from games.tables import services

RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
STDLIB = "python_stdlib.zip"  # not sent as it is: cut to what the phone runs (games.offline.runtime.stdlib)
GAMES_DIR = Path(__file__).resolve().parent.parent
# The offline part's modules (static/js/offline/), its entry first (static/js/talon/offline.js imports it; it imports
# the others, and the module of a hand form's fields it shares with the page, static/js/talon/fields.js). A phone that
# keeps a table keeps each of them: the runtime lists them (offline_scripts), and tests/offline/test_offline_modules.py
# checks that every module the entry imports is here.
OFFLINE_ENTRY = "js/offline/main.js"
OFFLINE_MODULES = (
    OFFLINE_ENTRY,
    "js/offline/store.js",
    "js/offline/server.js",
    "js/offline/engine.js",
    "js/offline/words.js",
    "js/offline/copy.js",
    "js/offline/keep.js",
    "js/offline/follow.js",
    "js/offline/signal.js",
    "js/offline/round.js",
    "js/offline/queue.js",
    "js/offline/table.js",
    "js/talon/fields.js",
    "js/offline/fields.js",
    "js/offline/turn.js",
    "js/offline/hand.js",
    "js/offline/hand-form.js",
)


def offline_scripts() -> list[str]:
    """The offline part's modules under the names the pages ask for (hashed under the Deploy settings, where each
    module imports the others by their hashed names)."""
    return [static(name) for name in OFFLINE_MODULES]


def engine_files() -> dict[str, str]:
    """The files a phone runs, read from where the server runs them: the games package's empty __init__, the
    registry, the contract, lib's pure modules (games.lib.PURE), the shared engines, hand entry and the phone's entry
    point; and every registered game's engine and entry with their packages, wherever the game lives (its folder
    games/<game>/, or elsewhere, as the tests' Hearts is): not its web side, templates or tests."""
    paths = [
        GAMES_DIR / "__init__.py",
        GAMES_DIR / "registry.py",
        GAMES_DIR / "offline" / "__init__.py",
        GAMES_DIR / "offline" / "phone.py",
        *sorted((GAMES_DIR / "contract").glob("*.py")),
        *sorted((GAMES_DIR / "engines").glob("*.py")),
        *sorted((GAMES_DIR / "entry").glob("*.py")),
    ]
    files = {f"games/{path.relative_to(GAMES_DIR).as_posix()}": path for path in paths}
    for module in PURE_LIB:
        files.update(_module_files(module))
    for game in GAMES.values():
        for module in (game.engine, game.entry):
            for name in _imported(module.__name__):
                files.update(_module_files(name))
    return {name: path.read_text(encoding="utf-8") for name, path in files.items()}


SHIPPED = ("games.contract", "games.engines", "games.entry", *PURE_LIB)  # shipped whole above


def _imported(name: str) -> list[str]:
    """A game's module and the modules of ours it imports, read from its import statements, and theirs: a game in
    a folder of its own can import a module its family of games shares (games/schnapsen_family/scoring.py)."""
    found: list[str] = []
    waiting = [name]
    while waiting:
        module = waiting.pop()
        if module in found:
            continue
        found.append(module)
        ours = (module.split(".")[0] + ".",)
        waiting += [
            imported
            for imported in _imports(module)
            if imported.startswith(ours) and not imported.startswith(SHIPPED) and _is_module(imported)
        ]
    return found


def _is_module(name: str) -> bool:
    try:
        import_module(name)
    except ImportError:  # ``from a import b`` where b is a name in a
        return False
    return True


def _imports(module: str) -> list[str]:
    """The modules one module's import statements name (``from a import b``: ``a``, and ``a.b`` when b is a module)."""
    source = import_module(module)
    package = module if Path(source.__file__).name == "__init__.py" else module.rpartition(".")[0]
    names = []
    for node in ast.walk(ast.parse(Path(source.__file__).read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    [*package.split(".")[: len(package.split(".")) - node.level + 1], *filter(None, [base])]
                )
            names += [base, *(f"{base}.{alias.name}" for alias in node.names)]
    return names


def _module_files(name: str) -> dict[str, Path]:
    """A module's file and its packages' __init__ files, under the paths Python imports them by."""
    files = {}
    parts = name.split(".")
    for size in range(1, len(parts) + 1):
        module = import_module(".".join(parts[:size]))
        path = Path(module.__file__)
        files["/".join(parts[:size]) + ("/__init__.py" if path.name == "__init__.py" else ".py")] = path
    return files


def registered_games() -> list[dict[str, str]]:
    """Every registered game as the phone registers it (games.offline.phone.use_games): its modules and rule prefix."""
    return [
        {
            "engine": game.engine.__name__,
            "entry": game.entry.__name__,
            "web": game.web_module,
            "prefix": game.rule_prefix,
        }
        for game in GAMES.values()
    ]


@lru_cache(maxsize=1)
def engine_bundle() -> tuple[str, str]:
    body = json.dumps({"files": engine_files(), "games": registered_games()}, ensure_ascii=False, sort_keys=True)
    return body, hashlib.sha256(body.encode()).hexdigest()[:16]


def engine_version() -> str:
    """The hash of the engine files a phone runs: a page names it, so that a kept phone learns of a release."""
    return engine_bundle()[1]


@lru_cache(maxsize=1)
def engine_literals() -> frozenset[str]:
    """Every string the phone's Python files write (their literals): what the phone's engine can look up in the
    words (an explanation's lines, a hand's line, a refusal), each written out in the source as its msgid."""
    found = set()
    for text in engine_files().values():
        found |= {node.value for node in ast.walk(ast.parse(text)) if isinstance(node, ast.Constant)}
    return frozenset(value for value in found if isinstance(value, str) and value)


def phone_words(catalog) -> dict[str, str]:
    """The entries of a language's catalogue (Django's, which lists Talon's own before Django's: the first of a
    msgid both hold wins, as on the pages) that the phone's engine can look up (``engine_literals``; a context's
    entry when its text is one) and that say something else than their msgid (the phone says the msgid when it
    finds none): 20 kB of the catalogue's 70 (gzip), the rest being the server's pages' words."""
    wanted, first = engine_literals(), {}
    for key, value in catalog.items():
        if isinstance(key, str) and key.split(CONTEXT_SEPARATOR)[-1] in wanted:
            first.setdefault(key, value)
    return {key: value for key, value in first.items() if value and value != key}


@lru_cache(maxsize=1)
def stdlib_bundle() -> tuple[bytes, str]:
    return runtime_files.stdlib(settings.PYODIDE_DIR / STDLIB, engine_files())


def runtime_url(name: str) -> str:
    """The runtime's files under their own names, in a folder named by their version (never hashed: Pyodide asks for
    its other files by those names, and the phone keeps each under the name that is later asked for)."""
    return f"{settings.STATIC_URL}pyodide/{settings.PYODIDE_VERSION}/{name}"


@lru_cache(maxsize=1)
def download_bytes() -> int:
    """What keeping a table downloads, in bytes (0 when the runtime is not installed): said before it starts."""
    paths = [settings.PYODIDE_DIR / name for name in (*RUNTIME_FILES, STDLIB)]
    if not all(path.is_file() for path in paths):
        return 0
    return sum(path.stat().st_size for path in paths[:-1]) + len(stdlib_bundle()[0]) + len(engine_bundle()[0].encode())


def offline_words() -> dict[str, str]:
    """What the offline part says, in the player's language ({name} is filled in on the phone)."""
    return {
        "downloading": _("Downloading: {done} of {total}"),
        "starting": _("Starting the engine on this phone…"),
        "kept": _("This phone keeps this table working without signal."),
        "engineFailed": _(
            "The engine did not start on this phone ({error}). Reload the page to try again; with "
            "signal, the server scores the hand."
        ),
        "failed": _("The download did not finish ({error}). Try again where there is signal."),
        "notSent": _("not sent yet"),
        "notSentBanner": _(
            "No signal. Hands not sent yet: {count}. They are kept on this phone and sent in order "
            "when the signal returns."
        ),
        "noSignalNone": _("No signal. Hands you record now are kept on this phone and sent when the signal returns."),
        "sending": _("Sending the hands kept on this phone: {count}…"),
        "unanswered": _(
            "The server does not answer. Hands not sent yet: {count}. They are kept on this phone, "
            "which tries again by itself."
        ),
        "choosing": _("Hands not sent yet: {count}. Another phone changed the table meanwhile: choose where they go."),
        "saving": _("Saving…"),
        "allSent": _("Every hand kept on this phone has been sent."),
        "refused": _("A hand kept on this phone was not accepted: {message}"),
        "notAccepted": _("not accepted by the server"),
        "refusedHere": _("Hand {number} no longer fits the table: {message}"),
        "computedHere": _("Computed on this phone."),
        "explanation": _("Explanation"),
        "forget": _("Delete from this phone"),
        "edit": _("Edit"),
        "editing": _("This hand is not sent yet: saving it replaces it on this phone, in its place."),
        "editGone": _(
            "This hand is no longer waiting on this phone (it was sent or deleted): edit it on the table's page."
        ),
        "confirmForget": _("Delete this hand from this phone? It was never sent to the server."),
        "confirmForgetUnanswered": _(
            "Delete this hand from this phone? The server may have recorded it before its "
            "answer was lost: it is then deleted there too when the signal returns."
        ),
        "conflict": _(
            "Another phone changed this table meanwhile. Choose where the hands kept on this phone go; none is lost."
        ),
        "theirs": _("On the other phone"),
        "mine": _("On this phone, not sent yet: {count}"),
        "after": _("Put mine after theirs"),
        "before": _("Put mine before theirs"),
        "later": _("Decide later"),
        "notValid": _("Not yet a valid hand:"),
        "winner": _("winner"),
        "deals": _("deals"),
        "round": _("Round {number} of {rounds}"),
        "over": _("The game is over. Winner: {winners}"),
        "held": _(
            "Hands kept on this phone, not sent yet: {count}. Another phone changed the table meanwhile; they "
            "are shown after its hands until you choose where they go."
        ),
        "choose": _("Choose where they go"),
        "keptSize": _("This phone keeps this table working without signal; Talon uses {size} on this phone."),
        "needsSignal": _("Needs signal: the server does this."),
        "handPagesNeedSignal": _("Needs signal: a hand's own page (to edit or delete it) comes from the server."),
        "handOf": _("Hand {number} of {hands}"),
        "handsDone": _("Every hand of this round is played: the round is over at this table."),
        "roundFull": _(services.ROUND_FULL),
        "roundClosed": _(services.ROUND_CLOSED),
        "notDownloaded": _("Not downloaded: the server does not answer."),
        "notDone": _("Not done: the server does not answer. Nothing is done later by itself."),
        "olderPage": _(
            "This page was kept before the table's last change: the totals are those of this phone's "
            "newest copy of the table; the list of hands may miss the latest."
        ),
        "unsure": _(
            "This phone's copy of the table may be out of date (it changed since this phone last reached the "
            "server), so the totals are not computed here. Hands you record are kept and sent when the "
            "signal returns."
        ),
    }
