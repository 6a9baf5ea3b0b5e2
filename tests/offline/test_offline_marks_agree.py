"""What the phone draws beside a total without signal is worded as the page's marks.html words it, in the plural
each count takes (Czech 1 Bummerl, 2 Bummerly, 5 Bummerlů)."""

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.registry import GAMES


@pytest.mark.parametrize("language", ["cs", "sl", "de", "en"])
@pytest.mark.parametrize("count", [1, 2, 3, 5, 21, 22])
def test_the_phones_bummerl_badge_reads_as_the_page_writes_it(language, count):
    web = GAMES["schnapsen"].web
    with translation.override(language):
        page = render_to_string(web.marks_template, {"marks": {"bummerl": count}, "web": web})
        phone = web.look()["marks"][0]["labels"][count]
    assert re.sub(r"<[^>]+>", "", page).strip() == phone
    assert str(count) in phone
