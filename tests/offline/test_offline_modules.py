"""The page's script (static/js/talon.js with static/js/talon/) and the phone's offline part (static/js/offline/) are ES
modules, each entry importing the others: the service worker keeps every module of the page's script with the shell,
and a phone that keeps a table every module of the offline part (else a page or the part does not load without
signal); they import one another without a circle (the arrows point down; what a lower module sets off above it is
handed to it by the entry)."""

import posixpath
import re
from pathlib import Path

import pytest
from django.templatetags.static import static
from django.urls import reverse

from games.offline.bundle import OFFLINE_ENTRY, OFFLINE_MODULES
from games.tables.views.shell import PAGE_MODULES, PAGE_SCRIPT, SHELL_ASSETS
from tests.factories import make_table

STATIC = Path(__file__).resolve().parents[2] / "static"
IMPORT = re.compile(r'^(?:import|export)(?: [^;]* from)? "(\.\.?/[^"]+\.js)";(?:  // .*)?$', re.MULTILINE)


def imports_of(module: str) -> list[str]:
    """The modules ``module`` imports (static names, as OFFLINE_MODULES lists them), read from its import lines."""
    source = (STATIC / module).read_text()
    return [posixpath.normpath(posixpath.join(posixpath.dirname(module), name)) for name in IMPORT.findall(source)]


def imported_from(entry: str) -> set[str]:
    """Every module the entry imports, directly or through another."""
    seen, todo = set(), [entry]
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(imports_of(module))
    return seen


def circle(modules) -> list[str]:
    """A circle of imports among ``modules``, as the modules along it (empty: none)."""
    state: dict[str, str] = {}

    def visit(module: str, path: list[str]) -> list[str]:
        state[module] = "open"
        for name in imports_of(module):
            if state.get(name) == "open":
                return [*path[path.index(name) :], name] if name in path else [module, name]
            if name not in state and (found := visit(name, [*path, name])):
                return found
        state[module] = "done"
        return []

    for module in sorted(modules):
        if module not in state and (found := visit(module, [module])):
            return found
    return []


def test_the_phone_keeps_every_module_the_entry_imports():
    assert OFFLINE_MODULES[0] == OFFLINE_ENTRY
    assert imported_from(OFFLINE_ENTRY) == set(OFFLINE_MODULES)  # each once, none it does not run
    assert len(OFFLINE_MODULES) == len(set(OFFLINE_MODULES))


def test_every_module_in_the_folder_is_kept():
    folder = Path(OFFLINE_ENTRY).parent
    on_disk = {f"{folder.as_posix()}/{path.name}" for path in (STATIC / folder).glob("*.js")}
    assert on_disk <= set(OFFLINE_MODULES)


def test_the_service_worker_keeps_every_module_the_pages_script_imports():
    assert PAGE_MODULES[0] == PAGE_SCRIPT
    assert imported_from(PAGE_SCRIPT) == set(PAGE_MODULES)  # each once, none it does not run
    assert len(PAGE_MODULES) == len(set(PAGE_MODULES))
    assert set(PAGE_MODULES) <= set(SHELL_ASSETS)
    on_disk = {f"js/talon/{path.name}" for path in (STATIC / "js/talon").glob("*.js")}
    assert on_disk == set(PAGE_MODULES) - {PAGE_SCRIPT}


def test_the_hand_forms_fields_are_one_module_for_the_page_and_the_phone():
    """One list of what is no player's field (the token, the version, the submission id, the buttons), one way to read
    and fill a form: the draft on the page and the hand kept without signal import the same module."""
    assert "js/talon/fields.js" in imports_of("js/talon/save.js")
    assert "js/talon/fields.js" in imports_of("js/offline/hand.js")
    assert "js/talon/fields.js" in imports_of("js/offline/fields.js")
    scripts = sorted((STATIC / "js").rglob("*.js"))
    listing = [path.relative_to(STATIC).as_posix() for path in scripts if "csrfmiddlewaretoken" in path.read_text()]
    assert listing == ["js/talon/fields.js"]


@pytest.mark.parametrize("modules", [OFFLINE_MODULES, PAGE_MODULES], ids=["offline", "page"])
def test_the_modules_import_one_another_without_a_circle(modules):
    found = circle(modules)
    assert not found, " imports ".join(found)


def test_the_runtime_lists_the_modules_the_phone_keeps(client):
    runtime = client.get(reverse("offline_runtime")).json()
    assert runtime["scripts"] == [static(name) for name in OFFLINE_MODULES]


@pytest.mark.django_db
def test_the_table_page_loads_the_entry_the_runtime_lists(client):
    table = make_table()
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    entry = client.get(reverse("offline_runtime")).json()["scripts"][0]
    assert entry == static(OFFLINE_ENTRY)
    assert f'data-script="{entry}"' in page
