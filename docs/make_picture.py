"""Make docs/cards.png, the README's picture, from cards the project prints.

    python docs/make_picture.py

Nine 4D cards, three nadas, so every value shows three times, and two PARADOX
cards; cut from the real PDF as pdfium renders it.
"""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

from generator.documents.decks import DeckOptions, deck_pdf
from generator.draw.layout import CARD_SIZES, PAPERS, plan_sheet
from printables.cards.deck import Card, Deck
from printables.cards.decks import FOUR_D, PARADOX
from printables.cards.reading import read_cards

DPI = 110
FOUR_D_CARDS = "Bb=S Gg~C RwzT  Gw~T RbzS Bg=C  RgzC B w~ T Gb=S"
PARADOX_CARDS = "P10 G6"


def render(deck_cards: list[Card], deck: Deck, dpi: int) -> list[Image.Image]:
    options = DeckOptions(PAPERS["letter"], CARD_SIZES["poker"], backs=False)
    pdf = pdfium.PdfDocument(deck_pdf(deck, options, deck_cards))
    page = pdf[0].render(scale=dpi / 72).to_pil().convert("RGB")
    sheet = plan_sheet(options.paper, options.card)
    crops = []
    for slot in range(len(deck_cards)):
        box = sheet.front(slot)
        left, top = box.x / 25.4 * dpi, box.y / 25.4 * dpi
        crops.append(page.crop((round(left), round(top), round(left + box.width / 25.4 * dpi),
                                round(top + box.height / 25.4 * dpi))))  # fmt: skip
    return crops


def main() -> None:
    cards = render(read_cards(FOUR_D_CARDS, FOUR_D), FOUR_D, DPI)
    cards += render(read_cards(PARADOX_CARDS, PARADOX), PARADOX, DPI)
    w, h = cards[0].size
    gap = 12
    per_row = 6
    rows = -(-len(cards) // per_row)
    picture = Image.new("RGB", (per_row * (w + gap) + gap, rows * (h + gap) + gap), "#d9dde3")
    for i, image in enumerate(cards):
        row, column = divmod(i, per_row)
        x, y = gap + column * (w + gap), gap + row * (h + gap)
        picture.paste(image, (x, y))
    out = Path(__file__).parent / "cards.png"
    buffer = io.BytesIO()
    picture.quantize(colors=64).save(buffer, format="PNG", optimize=True)
    out.write_bytes(buffer.getvalue())
    print(f"wrote {out} ({len(buffer.getvalue()) // 1024} KiB)")


if __name__ == "__main__":
    main()
