"""``python manage.py settle FILE [--rules JSON]``: score a table document (shared/formats/table-json.md).

``--rules '{"preset": "palcka"}'`` (any house rules as JSON) scores the document under those rules instead of its
own, to check what other rules would have paid. Success: exit 0 and the output document on standard output. Bad
input: exit 2, nothing on standard output and one line on standard error naming the hand and the field. Never a
traceback. A document larger than the import takes (TALON_MAX_DOCUMENT bytes, TALON_MAX_HANDS hands) is bad input
too.
"""

import json

from django.conf import settings

from games.engines.table import InvalidTable, counted_hands, load_json, settle

from ._common import OneLineCommand, fail, read_document


class Command(OneLineCommand):
    command_name = "settle"
    help = "Score a table document (JSON) and print every hand's scores, explanation and the totals."

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="the table document, or - for standard input")
        parser.add_argument(
            "--rules", help='house rules as JSON, e.g. \'{"preset": "palcka"}\', instead of the document\'s own'
        )

    def handle(self, *args, **options):
        path = options["file"]
        if not path:
            fail("settle: name a table document, or - for standard input")
        text = read_document(path, "settle").removeprefix("\ufeff")  # as the import reads a file (utf-8-sig)
        try:
            document = load_json(text)
        except ValueError as error:
            fail(f"document: not valid JSON: {error}")
        hands = document.get("hands") if isinstance(document, dict) else None
        if isinstance(hands, list) and counted_hands(hands) > settings.TALON_MAX_HANDS:  # what the import takes
            fail(
                f"hands: a table document may hold at most {settings.TALON_MAX_HANDS} hands, this one has {counted_hands(hands)}"
            )
        rules = None
        if options.get("rules") is not None:
            try:
                rules = load_json(options["rules"])
            except ValueError as error:
                fail(f"rules: not valid JSON: {error}")
            if not isinstance(rules, dict):
                fail('rules: must be a JSON object of house-rule options, e.g. {"preset": "palcka"}')
        try:
            out = settle(document, rules)
        except InvalidTable as error:
            fail(error.line())
        except RecursionError:
            fail("document: nested too deeply")
        self.stdout.write(json.dumps(out, ensure_ascii=False, indent=2))
