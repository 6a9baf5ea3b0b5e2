"""Talon writes its forms' inputs, selects and error lists without a template for each attribute list, option and
empty list of errors (games/web/renderer.py, templates/django/forms/widgets/): byte for byte what Django's own form
templates write, for every kind of attribute (text to escape, marked safe, a number, None, True, False)."""

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.forms.utils import ErrorList
from django.utils.safestring import mark_safe

from games.web.forms import TapChoice
from games.web.renderer import FormRenderer

ATTRS = {
    "class": 'a"b<c>&d',
    "data-shows": mark_safe("<b>kept</b>"),
    "min": 0,
    "data-none": None,
    "required": True,
    "disabled": False,
    "aria-describedby": "id_points_error",
}
CHOICES = [("1", "Anna & <Bára>"), ("", "—"), ("x", mark_safe("<i>x</i>"))]
WIDGETS = [
    forms.TextInput(ATTRS),
    forms.NumberInput(ATTRS),
    forms.HiddenInput(ATTRS),
    forms.CheckboxInput(ATTRS),
    forms.Textarea(ATTRS),
    forms.Select(ATTRS, choices=CHOICES),
    forms.Select(ATTRS, choices=[("Group <1>", CHOICES), ("2", "two")]),
    forms.RadioSelect(ATTRS, choices=CHOICES),
]


@pytest.mark.parametrize("widget", WIDGETS, ids=lambda widget: type(widget).__name__)
@pytest.mark.parametrize("value", ['1" onclick="x', "x", None, 17, ""])
def test_each_widget_is_written_as_djangos_own_templates_write_it(widget, value):
    ours = widget.render("points", value, attrs={"id": "id_points"}, renderer=FormRenderer())
    djangos = widget.render("points", value, attrs={"id": "id_points"}, renderer=DjangoTemplates())
    assert ours == djangos


@pytest.mark.parametrize("errors", [[], ["Tap who played <it>."], ["one", mark_safe("<b>two</b>")]])
def test_a_list_of_errors_is_written_as_djangos_own_templates_write_it(errors):
    ours = ErrorList(errors, renderer=FormRenderer(), field_id="id_points")
    djangos = ErrorList(errors, renderer=DjangoTemplates(), field_id="id_points")
    assert str(ours) == str(djangos) and ours.as_ul() == djangos.as_ul()


def test_tap_targets_are_labels_around_radio_inputs_with_djangos_attributes():
    """Each choice of a TapChoice is a radio input (its name, value, the widget's and its own attributes as Django
    writes them, checked) inside a label for it, its words kept whole (a no-break hyphen for a hyphen)."""
    widget = TapChoice(attrs={"class": "wide"}, choices=[("Jan-Nepomuk", "Jan-Nepomuk"), ("Bára", 'B"á<r>a')])
    widget.option_attrs = {"Bára": {"data-shows": "partner"}}
    written = widget.render("povinnost", "Bára", attrs={"id": "id_povinnost"}, renderer=FormRenderer())
    assert written == (
        '<div class="taps wide" id="id_povinnost"\n'
        '  ><label class="tap" for="id_povinnost_0"><input type="radio"\n'
        '  name="povinnost" value="Jan-Nepomuk" class="wide" id="id_povinnost_0"\n'
        "  ><span>Jan\u2011Nepomuk</span></label>\n"
        '<label class="tap" for="id_povinnost_1"><input type="radio"\n'
        '  name="povinnost" value="Bára" class="wide" id="id_povinnost_1" checked data-shows="partner"\n'
        "  ><span>B&quot;á&lt;r&gt;a</span></label>\n"
        "</div>"
    )
