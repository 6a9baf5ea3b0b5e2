import pytest
from django.core.cache import caches


@pytest.fixture(autouse=True)
def _fresh_caches():
    """Each test starts with no client counted against the limit of long pages and no what-if kept."""
    for name in ("limits", "what_if"):
        caches[name].clear()
    yield
