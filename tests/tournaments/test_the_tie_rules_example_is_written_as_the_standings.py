"""The standings' note on shared place points gives its example in the numbers the standings write: two tied first
at a table of three get (2 + 1) / 2 each, written by the one writer (1,5 in Czech, 1.5 in English), not a '1½'
typed into the sentence beside standings that say 1,5."""

from fractions import Fraction

import pytest
from django.utils import translation

from games.lib.numbers import local_number
from games.tournaments.boards import tie_rule


@pytest.mark.parametrize("language", ["en", "cs", "sl", "de"])
def test_the_shared_place_points_example_is_written_as_the_standings_write_it(language):
    with translation.override(language):
        said = tie_rule(["score"])
        each = local_number(Fraction(2 + 1, 2))
    assert f"(2 + 1) / 2 = {each}" in said and "½" not in said
    assert each == ("1.5" if language == "en" else "1,5")
