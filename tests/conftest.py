import pytest


@pytest.fixture(autouse=True)
def _fresh_cache(request):
    """Each test that runs with Django starts with an empty page cache. Engine tests run without Django (make
    test runs tests/engines with ``-p no:django``), so nothing here may import it for them."""
    if not request.config.pluginmanager.has_plugin("django"):
        yield
        return
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
