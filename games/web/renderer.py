"""How Talon's forms are written: Django's form templates, found among the project's own first (templates/games/widgets/,
templates/django/forms/widgets/)."""

from django.forms.renderers import TemplatesSetting
from django.forms.utils import ErrorList


class FormRenderer(TemplatesSetting):
    """Django's TemplatesSetting, except that a list of errors with none in it is written as nothing without rendering
    its two templates: every field of a form asks for its errors and most have none (a hand form has twenty fields)."""

    ERROR_LISTS = frozenset({ErrorList.template_name, ErrorList.template_name_ul})

    def render(self, template_name, context, request=None):
        if template_name in self.ERROR_LISTS and not context.get("errors"):
            return ""  # what django/forms/errors/list/ul.html writes for no errors
        return super().render(template_name, context, request)
