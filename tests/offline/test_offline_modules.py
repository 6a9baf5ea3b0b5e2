"""The phone's offline part (static/js/offline/) is ES modules, the entry importing the others: a phone that keeps a
table must keep every one of them (else the part does not load without signal), and they import one another without
a circle (the arrows point down; what a lower module sets off above it is handed to it by the entry)."""

import posixpath
import re
from pathlib import Path

import pytest
from django.templatetags.static import static
from django.urls import reverse

from games.offline.bundle import OFFLINE_ENTRY, OFFLINE_MODULES
from tests.factories import make_table

STATIC = Path(__file__).resolve().parents[2] / "static"
IMPORT = re.compile(r'^(?:import|export) [^;]* from "(\.\.?/[^"]+\.js)";$', re.MULTILINE)


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
    assert on_disk == set(OFFLINE_MODULES)


def test_the_modules_import_one_another_without_a_circle():
    found = circle(OFFLINE_MODULES)
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
