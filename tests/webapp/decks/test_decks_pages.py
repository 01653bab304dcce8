"""The deck pages of the web app, through Flask's test client."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from printables.cards import FOUR_D
from webapp.decks import views as deck_views
from webapp.decks.figures import card_figure


def test_index_lists_the_decks_with_download_forms(client: FlaskClient) -> None:
    page = client.get("/decks").get_data(as_text=True)
    assert "4D Playing Cards" in page and "PARADOX" in page
    assert 'action="/decks/4d.pdf"' in page and '<label for="paper-4d">' in page


def test_gallery_shows_every_card_with_its_name(client: FlaskClient) -> None:
    page = client.get("/decks/4d").get_data(as_text=True)
    assert page.count("<img ") == 81
    assert "Bb=S" in page and 'alt="blue, black, stripe, square"' in page


def test_a_card_figure_is_its_image_name_and_values_at_poker_proportions(app: Flask) -> None:
    """The figure every page draws a card with, made once a worker: the same markup for
    the same card and width, and each its own; behind an address prefix, its image's."""
    card = FOUR_D.card("Bb=S")
    with app.test_request_context("/"):
        shown = card_figure(card, width=56)
        assert shown == (
            '<figure><img src="/decks/4d/cards/0.svg" alt="blue, black, stripe, square" '
            'width="56" height="78"><figcaption>Bb=S</figcaption></figure>'
        ).replace("/0.svg", f"/{card.index}.svg")
        assert 'width="126" height="176" loading="lazy">' in card_figure(card, 126, lazy=True)
        assert "<figcaption>Bb=S</figcaption>" in card_figure(card)
    with app.test_request_context("/", base_url="http://localhost/class/"):
        assert f'src="/class/decks/4d/cards/{card.index}.svg"' in card_figure(card, width=56)


def test_card_images_are_svg(client: FlaskClient) -> None:
    response = client.get("/decks/paradox/cards/43.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert ET.fromstring(response.data).get("width") == "63mm"
    assert client.get("/decks/paradox/cards/44.svg").status_code == 404
    assert client.get("/decks/4d/back.svg").status_code == 200


def test_pdf_download(client: FlaskClient) -> None:
    response = client.get("/decks/paradox.pdf?paper=a4&card=bridge&backs=0")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert "paradox-deck-a4.pdf" in response.headers["Content-Disposition"]
    assert len(PdfReader(io.BytesIO(response.data)).pages) == 5


def test_a_bad_request_says_why_and_keeps_what_was_typed(client: FlaskClient) -> None:
    response = client.get("/decks/4d.pdf?paper=a5&card=12x12")
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "&#39;a5&#39; is not a paper; expected letter or a4" in page
    assert "too small" in page
    assert 'value="12x12"' in page


def test_unknown_deck_is_a_404_with_a_message(client: FlaskClient) -> None:
    response = client.get("/decks/tarot")
    assert response.status_code == 404
    assert "There is no deck called tarot; the decks: 4d, paradox, standard, four" in (
        response.get_data(as_text=True)
    )
    assert client.get("/decks/STANDARD").status_code == 200  # any case, as on the command line


def test_every_deck_has_its_page_images_and_pdf(client: FlaskClient) -> None:
    """The standard deck and Four's stripped deck come with the registry: listed, shown
    card by card (jokers named for a screen reader), each card an image, and printable."""
    index = client.get("/decks").get_data(as_text=True)
    for key, title, count in (
        ("standard", "Standard playing cards", 54),
        ("four", "Four&#39;s stripped deck", 28),
    ):
        assert title in index and f'action="/decks/{key}.pdf"' in index
        gallery = client.get(f"/decks/{key}").get_data(as_text=True)
        assert gallery.count("<img ") == count
        assert client.get(f"/decks/{key}/cards/{count - 1}.svg").status_code == 200
        assert client.get(f"/decks/{key}/cards/{count}.svg").status_code == 404
        assert client.get(f"/decks/{key}/back.svg").status_code == 200
    standard = client.get("/decks/standard").get_data(as_text=True)
    assert 'alt="red joker"' in standard and 'alt="queen, diamonds"' in standard
    assert "<figcaption>10H</figcaption>" in standard
    response = client.get("/decks/four.pdf?paper=letter&card=bridge")
    assert response.status_code == 200
    assert len(PdfReader(io.BytesIO(response.data)).pages) == 8  # 4 sheets, with backs


def test_a_deck_pdf_is_made_once_then_served_again_and_limited_by_address(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deck PDF takes most of a second to make: the same choices are made once per
    worker (the same bytes, an ETag a browser can revalidate), and one address cannot
    ask for them without end."""
    made: list[str] = []
    real = deck_views.deck_pdf

    def counting(deck: Any, options: Any) -> bytes:
        made.append(deck.key)
        return real(deck, options)

    monkeypatch.setattr(deck_views, "deck_pdf", counting)
    deck_views._deck_pdf.cache_clear()
    first = client.get("/decks/paradox.pdf?paper=a4&card=57x88")
    second = client.get("/decks/paradox.pdf?paper=A4&card=57x88")
    assert first.status_code == second.status_code == 200
    assert first.data == second.data and made == ["paradox"]
    assert first.headers["Cache-Control"] == "public, max-age=86400"
    etag = first.headers["ETag"]
    again = client.get("/decks/paradox.pdf?paper=a4&card=57x88", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    monkeypatch.setattr(deck_views, "PDF_LIMIT", 3)  # three asked for already
    busy = client.get("/decks/paradox.pdf?paper=a4&card=57x88")
    assert busy.status_code == 429 and int(busy.headers["Retry-After"]) >= 1
    assert "Too many requests from this network. Wait" in busy.get_data(as_text=True)
    other = client.get(
        "/decks/paradox.pdf?paper=a4&card=57x88", environ_base={"REMOTE_ADDR": "10.1.2.3"}
    )
    assert other.status_code == 200 and made == ["paradox"]
