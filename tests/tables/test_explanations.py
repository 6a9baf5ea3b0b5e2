"""Every line of every explanation, for random valid hands of every game, renders in each of the four languages:
as text (settle, CSV) and as the HTML of the pages, with every value the line names."""

import pytest
from django.utils import translation
from django.utils.translation import gettext
from hypothesis import HealthCheck, given, settings

from games.engines.table import InvalidTable, parse_document, replay
from games.registry import GAMES
from games.templatetags.talon import line_html

from ..strategies import documents

LANGUAGES = ("cs", "sl", "de", "en")


def lines_of(document):
    try:
        table, hands = parse_document(document)
        return [line for result in replay(table, hands).results for line in result.lines], table
    except InvalidTable:
        return [], None


@pytest.mark.parametrize("game", GAMES)
def test_every_explanation_line_renders_in_every_language(game):
    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(document=documents(game))
    def check(document):
        lines, table = lines_of(document)
        for language in LANGUAGES:
            with translation.override(language):
                for line in lines:
                    text = line.render(gettext)
                    assert text and "{" not in text, (language, line)
                    assert line_html(line)
                if table is not None:
                    for raw in document["hands"]:
                        hand = table.engine.parse_hand(raw, table.players, table.rules)
                        assert table.engine.describe(hand, table.rules).render(gettext)

    check()
