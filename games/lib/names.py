"""Names as Talon keeps and compares them: tidied as typed (composed, no invisible characters) and keyed so that two
names drawn alike are one (Unicode's confusables and default-ignorable code points: games.lib.unicode_names). Pure
Python: the phone runs it too."""

from __future__ import annotations

import unicodedata

from games.lib.unicode_names import COMPATIBLE_LOOK_ALIKE, DEFAULT_IGNORABLE, FOLDED_LOOK_ALIKE

# Invisible characters: Unicode's default-ignorable code points (unassigned ones among them, so a name keeps no
# character that a later Unicode may draw as nothing) and the blank Braille pattern, which fonts draw as a blank. A
# name holding one looks like the name without it; a name of them alone shows nothing.
INVISIBLE = frozenset([0x2800, *(code for start, end in DEFAULT_IGNORABLE for code in range(start, end + 1))])


def tidy_name(name: str) -> str:
    """A name as Talon keeps it when a player types it: composed (NFC, so "Bára" typed either way is one name),
    without format characters (zero-width spaces, joiners, direction marks and overrides) or other invisible
    ones (INVISIBLE): they only make two names look alike. Every run of white space one space, none at either
    end."""
    composed = unicodedata.normalize("NFC", name)
    visible = "".join(c for c in composed if unicodedata.category(c) != "Cf" and ord(c) not in INVISIBLE)
    return " ".join(visible.split())


def name_key(name: str) -> str:
    """What two names are compared by when looking for the same name twice: tidied, in compatibility form (a
    full-width "Ａ" or a mathematical "𝐀" is an "A"), letters of other scripts drawn like Latin ones as those
    (unicode_names: Unicode's confusables) and case-folded, with the marks that tell no names apart left out (_silent_mark), so "Anna",
    "anna", "Ａnna", "Аnna" with a Cyrillic А, and "Anna" with a zero-width space are one player, and so are
    "ΑΝΝΑ" and "Άννα"; "Bára" and "Bara" are two."""
    compatible = unicodedata.normalize("NFKC", tidy_name(name).translate(COMPATIBLE_LOOK_ALIKE))
    folded = unicodedata.normalize("NFKC", compatible.casefold())
    letters = unicodedata.normalize("NFD", folded)  # a letter and its marks apart: "ё" is "е" and its dots
    kept, base = [], ""
    for c in letters:
        if unicodedata.category(c) != "Mn":
            base = c
        elif _silent_mark(base, c):
            continue
        kept.append(c)
    # after the folding: "ИВАН" and "Иван" are one name, as "ANNA" and "Anna"; "Zoё" with a Cyrillic ё is "Zoë"
    return unicodedata.normalize("NFC", "".join(kept).translate(FOLDED_LOOK_ALIKE))


def _silent_mark(base: str, mark: str) -> bool:
    """A mark that does not tell names apart: an accent on a Greek letter (capitals drop it: "Άννα" is "ΑΝΝΑ"),
    and the dot that case-folding leaves on the Turkish "İ" ("İsmail" is "ismail")."""
    return "\u0370" <= base <= "\u03ff" or (base == "i" and mark == "\u0307")
