"""A Dreierschnapsen hand: the family's hand form (games/schnapsen_family/forms.py) with this game's engine and entry."""

from games.schnapsen_family.forms import FamilyHandForm

from . import engine, entry


class DreierschnapsenHandForm(FamilyHandForm):
    engine = engine
    entry = entry
