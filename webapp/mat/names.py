"""Players' nicknames: how a typed name is shown, and when two names would look the same
on the projector ("Kim" and "K\\u0456m" with a Cyrillic i), so they cannot sit side by side.

A name is shown as typed, in Unicode's composed form (NFC) with its spaces collapsed.
Two names are the same name when their keys are equal: the key is the name in NFKC
form, with every letter of another script that looks like a Latin letter (from Unicode's
confusables data, through ``confusable_homoglyphs``) read as that letter, case-folded.
Accents are kept: Zoë and Zoe are two names.

NFKC can make a name far longer ("\ufdfa\ufdfa", two characters, is 36 after it), so a key
longer than its column is kept as a digest of it, which fits. The key is only ever
compared, never shown, and the digest keeps equal keys equal and different ones apart,
whatever a Unicode version's normalisation makes of a name; no column width could
promise that.
"""

from __future__ import annotations

import hashlib
import unicodedata
from functools import lru_cache

from confusable_homoglyphs import confusables

from printables.matrix.session import MatError
from webapp.tables import NICKNAME_KEY_MOST

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
    >>> name_key("\ufdfa\ufdfa")  # 36 characters after NFKC: a digest of them
    'H52C0A194E5D4D683F8B359A'
    """
    compatible = unicodedata.normalize("NFKC", name)
    key = "".join(_as_latin(ch) for ch in compatible).casefold()
    return key if len(key) <= NICKNAME_KEY_MOST else _digest(key)


def _digest(key: str) -> str:
    """A key too long for its column, as "H" and upper-case hex digits of its SHA-256 that
    fill the column: never a short key, which is case-folded (no upper-case letter)."""
    return ("H" + hashlib.sha256(key.encode()).hexdigest().upper())[:NICKNAME_KEY_MOST]


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
