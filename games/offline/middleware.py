"""The offline part's word on a table's live answer: which engine release a phone keeping the table should run.
Said here, above the tables' views, which know nothing of what a phone keeps (the package's arrows point down)."""

from django.http import HttpRequest, HttpResponse

from games.offline.bundle import engine_version

LIVE = frozenset({"live", "view_live"})  # a table's live answer (games.tables.views.tables.live), both links


def name_the_engine(get_response):
    """A table's live answer, asked every few seconds by a table page (204 while nothing changed), names the engine
    release, so that a phone keeping the table learns of a release at its next contact (static/js/talon/offline.js)."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        match = getattr(request, "resolver_match", None)
        if match is not None and match.url_name in LIVE and response.status_code in (200, 204):
            response["X-Talon-Engine"] = engine_version()
        return response

    return middleware
