"""From a hand form's fields to the hand's object in shared/formats/table-json.md, one module per game.

Pure Python, no Django: the server's hand forms call ``to_data`` with their cleaned fields, and a phone without
signal calls the very same function in its Python runtime (games/phone.py) with the fields as the form holds
them (numbers as ints, check boxes as booleans, empty choices as ""). Which fields a form has, their labels and
their checks stay in the forms (games/web/<game>/forms.py); the engine checks the hand either way.
"""
