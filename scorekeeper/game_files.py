"""Each game's own templates and static files, in its folder (``games/<game>/templates/``, ``games/<game>/static/``),
found through the registry: a template loader and a static files finder over every registered game's folder, which
the settings name (here beside them, as the Deploy settings' storage is: outside the games app, whose import graph
stays as it was). A game's files keep the names the pages ask for (``games/<game>/table.html``,
``css/games/<game>.css``); a game registered elsewhere (the tests' Hearts) is found the same way, and collectstatic
collects them with the rest under the Deploy settings."""

from __future__ import annotations

from pathlib import Path

from django.contrib.staticfiles.finders import FileSystemFinder
from django.core.files.storage import FileSystemStorage
from django.template.loaders.filesystem import Loader

from games.registry import GAMES

SHARED = Path(__file__).resolve().parents[1] / "games"  # where a package games share sits


def game_folders(name: str) -> list[Path]:
    """Every registered game's ``name`` folder ("templates", "static") that exists, in the registry's order, and
    the folder of a package games share (``GameWeb.form_templates``: games/schnapsen_family/) once."""
    folders = [game.folder / name for game in GAMES.values()]
    shared = {game.web.form_templates for game in GAMES.values()} - {""}
    folders += [SHARED / folder.removeprefix("games/") / name for folder in sorted(shared)]
    return [folder for folder in dict.fromkeys(folders) if folder.is_dir()]


class GameTemplates(Loader):
    """The templates in every registered game's ``templates/`` folder."""

    def get_dirs(self) -> list[Path]:
        return game_folders("templates")


class GameStaticFiles(FileSystemFinder):
    """The static files in every registered game's ``static/`` folder (under the names they have there)."""

    def __init__(self, app_names=None, *args, **kwargs):
        super().__init__(app_names, *args, **kwargs)
        self.locations = [("", folder) for folder in game_folders("static")]
        self.storages = {folder: FileSystemStorage(location=folder) for _prefix, folder in self.locations}

    def check(self, **kwargs) -> list:
        return []  # its folders come from the registry, not from STATICFILES_DIRS
