"""Players' nicknames: how a typed name is shown, and when two names would look the same
on the projector ("Kim" and "K\\u0456m" with a Cyrillic i), so they cannot sit side by side.

A name is shown as typed, in Unicode's composed form (NFC) with its spaces collapsed.
Two names are the same name when their keys are equal: the key is the name in NFKC
form, with every letter of another script that looks like a Latin letter (from Unicode's
confusables data, through ``confusable_homoglyphs``) read as that letter, case-folded.
Accents are kept: Zoë and Zoe are two names.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from confusable_homoglyphs import confusables

from printables.matrix.session import MatError

MAX_NICKNAME = 24


def check_nickname(text: str) -> str:
    """A nickname as it will show: composed, trimmed, inner spaces collapsed; raises
    :class:`MatError` for an empty or long name or an invisible character.

    >>> check_nickname("  Ada   L. ")
    'Ada L.'
    """
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not 1 <= len(name) <= MAX_NICKNAME:
        raise MatError(f"a nickname has 1 to {MAX_NICKNAME} characters")
    if any(not ch.isprintable() for ch in name):
        raise MatError("a nickname has letters, digits, spaces and punctuation only")
    return name


def name_key(name: str) -> str:
    """The key two nicknames share when they would look alike.

    >>> name_key("Kim") == name_key("K\\u0456m")  # a Cyrillic i
    True
    >>> name_key("ANN"), name_key("Zoë") == name_key("Zoe")
    ('ann', False)
    """
    compatible = unicodedata.normalize("NFKC", name)
    return "".join(_as_latin(ch) for ch in compatible).casefold()


@lru_cache(maxsize=8192)
def _as_latin(ch: str) -> str:
    """The Latin letter ``ch`` looks like, or ``ch`` itself."""
    if ch.isascii():
        return ch
    found = confusables.is_confusable(ch, greedy=True, preferred_aliases=["latin"])
    for item in found or ():
        for glyph in item["homoglyphs"]:
            latin = str(glyph["c"])
            if len(latin) == 1 and latin.isascii() and latin.isalnum():
                return latin
    return ch
