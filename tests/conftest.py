import sys

import pytest


@pytest.fixture(autouse=True)
def _fresh_caches():
    """Each test starts with no client counted against the limit of long pages and no what-if kept (the engine
    tests run without Django, which they must not import: nothing to clear)."""
    if "django.conf" in sys.modules and sys.modules["django.conf"].settings.configured:
        from django.core.cache import caches

        for name in ("limits", "what_if"):
            caches[name].clear()
    yield
