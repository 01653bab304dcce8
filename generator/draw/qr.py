"""QR codes as scenes: the qrcode library encodes, the scene backends draw vector squares.

>>> scene = qr_scene("http://localhost:5000/check/3x3-se-7", 25.0)
>>> scene.width, len(scene.items) > 20
(25.0, True)
"""

from __future__ import annotations

from functools import lru_cache

import qrcode
from qrcode.constants import ERROR_CORRECT_M

from generator.draw.scene import Item, Path, Scene, rectangle

QUIET_ZONE = 4
"""Modules of white around the code, as the QR standard asks."""


def qr_modules(data: str) -> list[list[bool]]:
    """The dark (True) and light modules of ``data``'s QR code, quiet zone included."""
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=QUIET_ZONE)
    code.add_data(data)
    code.make(fit=True)
    return [[bool(m) for m in row] for row in code.get_matrix()]


CODES = 256
"""How many codes a process keeps once drawn (encoding one takes a few hundredths of a
second), so that a sheet's codes can be drawn ahead of the sheet."""


@lru_cache(maxsize=CODES)
def qr_scene(data: str, size: float, ink: str = "#000000") -> Scene:
    """A ``size`` mm square scene of ``data``'s QR code: white ground, one black rectangle
    per horizontal run of dark modules (runs overlap their neighbours below by a hair so no
    white seams show at any resolution). Worked out once while the process keeps it: call
    it ahead to have it ready."""
    modules = qr_modules(data)
    unit = size / len(modules)
    items: list[Item] = [Path(rectangle(0, 0, size, size), fill="#ffffff")]
    for r, row in enumerate(modules):
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            start = c
            while c < len(row) and row[c]:
                c += 1
            overlap = 0.02 * unit if r + 1 < len(modules) and modules[r + 1][start] else 0.0
            box = rectangle(start * unit, r * unit, (c - start) * unit, unit + overlap)
            items.append(Path(tuple((round(x, 3), round(y, 3)) for x, y in box), fill=ink))
    return Scene(size, size, tuple(items))
