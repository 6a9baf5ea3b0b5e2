import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty page cache."""
    cache.clear()
    yield
    cache.clear()
