"""The card counter's middle: where the hand form's ± steps start on an empty points box (no Django)."""

from games.contract.options import Counter
from games.czech_taroky import engine as czech_taroky
from games.slovenian_tarok import engine as slovenian_tarok


def test_the_middle_is_half_the_decks_card_points_in_whole_points():
    assert czech_taroky.COUNTER.middle == 53  # of 106
    assert slovenian_tarok.COUNTER.middle == 35  # of 70, counted in thirds
    assert Counter(cards=(), total=71).middle == 35
