import sys

import pytest

import games.registry
from tests import hearts

games.registry.add(hearts.GAME)  # a game that is not in the list, through every test that covers every game


@pytest.fixture(autouse=True, scope="session")
def _hearts_templates():
    """Hearts' templates are in its own folder (tests/hearts/templates), found for the test session."""
    if "django.conf" in sys.modules and sys.modules["django.conf"].settings.configured:
        from django.conf import settings
        from django.template import engines

        if hearts.TEMPLATES not in settings.TEMPLATES[0]["DIRS"]:
            settings.TEMPLATES[0]["DIRS"] = [*settings.TEMPLATES[0]["DIRS"], hearts.TEMPLATES]
            engines._engines = {}
            engines.__dict__.pop("templates", None)
    yield


@pytest.fixture(autouse=True)
def _fresh_caches():
    """Each test starts with no client counted against the limit of long pages and no what-if kept (the engine
    tests run without Django, which they must not import: nothing to clear)."""
    if "django.conf" in sys.modules and sys.modules["django.conf"].settings.configured:
        from django.core.cache import caches

        for name in ("limits", "what_if", "boards"):
            caches[name].clear()
    yield
    if "django.utils.translation" in sys.modules and sys.modules["django.conf"].settings.configured:
        from django.utils import translation

        translation.deactivate()  # a page's language never leaks into the next test
