"""The answer-checking pages, through Flask's test client."""

from __future__ import annotations

import io
from urllib.parse import urlsplit

import pypdfium2
import pytest
import zxingcpp
from flask.testing import FlaskClient
from markupsafe import escape

from generator.documents.worksheet import WorksheetOptions, worksheet_pdf
from generator.draw.layout import PAPERS
from printables.matrix.puzzles import generate, get_puzzle
from webapp.checking import views as check_views

BOOK_IMPOSSIBLE = "Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT"


def rows_text(rows: object) -> str:
    return "\n".join(" ".join(str(c) for c in row) for row in rows)  # type: ignore[attr-defined]


def test_the_page_shows_the_puzzles_cards_and_no_key(client: FlaskClient) -> None:
    puzzle = generate(3, 3, "solvable", "medium", 9)
    page = client.get(f"/check/{puzzle.id}").get_data(as_text=True)
    assert page.count("<img ") == 9
    for card in puzzle.cards:
        assert f"<figcaption>{card}</figcaption>" in page
    assert 'alt="' + ", ".join(v.name for v in puzzle.cards[0].shown) + '"' in page
    assert '<label for="answer">' in page
    assert puzzle.solution is not None
    assert rows_text(puzzle.solution) not in page  # the key stays on the server
    assert "Right!" not in page and "Not right yet" not in page


def test_a_right_answer_is_right_in_any_order_of_rows(client: FlaskClient) -> None:
    puzzle = generate(4, 4, "solvable", "easy", 3)
    assert puzzle.solution is not None
    answer = rows_text(reversed(puzzle.solution))
    response = client.get(f"/check/{puzzle.id}", query_string={"answer": answer})
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Right!" in page and "Every row and column is a single-flush." in page


def test_a_wrong_answer_names_the_failing_lines_and_keeps_the_answer(client: FlaskClient) -> None:
    puzzle = generate(3, 3, "solvable", "medium", 9)
    names = [str(c) for c in puzzle.cards]
    answer = "\n".join(" ".join(names[k : k + 3]) for k in (0, 3, 6))
    page = client.get(f"/check/{puzzle.id}", query_string={"answer": answer}).get_data(as_text=True)
    assert "Not right yet" in page
    assert "shares no value" in page  # which line fails, and why
    assert "wrong, the set can be solved" in page
    assert f">{answer}</textarea>" in page


def test_a_misspelled_card_says_which_character_and_keeps_what_was_typed(
    client: FlaskClient,
) -> None:
    puzzle = generate(3, 3, "solvable", "easy", 2)
    typed = "Bb=S Bx=S Gw~T"
    response = client.get(f"/check/{puzzle.id}", query_string={"answer": typed})
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "&#39;x&#39; is not a shade; expected b, g or w" in page
    assert f">{typed}</textarea>" in page and 'aria-invalid="true"' in page


def test_an_empty_or_huge_answer_is_refused_clearly(client: FlaskClient) -> None:
    puzzle = generate(3, 3, "solvable", "easy", 2)
    empty = client.get(f"/check/{puzzle.id}", query_string={"answer": "  "})
    assert empty.status_code == 400 and "Write your answer first" in empty.get_data(as_text=True)
    huge = client.get(f"/check/{puzzle.id}", query_string={"answer": "Bb=S " * 1000})
    assert huge.status_code == 400 and "too long" in huge.get_data(as_text=True)


def test_claims_of_impossibility(client: FlaskClient) -> None:
    opened = client.get("/check", query_string={"size": "3x3", "cards": BOOK_IMPOSSIBLE})
    assert opened.status_code == 302 and opened.location.startswith("/check/3x3-c-")
    right = client.get(opened.location, query_string={"answer": "No"}).get_data(as_text=True)
    assert "Right!" in right
    solvable = generate(3, 3, "solvable", "easy", 2)
    wrong = client.get(f"/check/{solvable.id}", query_string={"answer": "impossible"})
    assert "Not right yet" in wrong.get_data(as_text=True)
    assert "Why it is impossible" in right  # the book's own short reason, once judged
    assert "GbzS shows green and black, so it would have to be in both" in right


def test_a_right_claim_on_a_hard_set_is_followed_by_its_proof_and_nothing_before(
    client: FlaskClient,
) -> None:
    """The proof is the key of an impossible set: shown once a No has been judged right,
    never on the bare page."""
    puzzle = generate(4, 4, "impossible", "hard", 2)
    assert puzzle.proof is not None
    first_step = str(escape(puzzle.proof.lines[0]))  # as the page escapes it
    bare = client.get(f"/check/{puzzle.id}").get_data(as_text=True)
    assert "Why it is impossible" not in bare and first_step not in bare
    right = client.get(f"/check/{puzzle.id}", query_string={"answer": "no"}).get_data(as_text=True)
    assert "Right!" in right and "Why it is impossible" in right
    for step in puzzle.proof.lines:
        assert f"<p>{escape(step)}</p>" in right


def test_a_bad_id_is_not_found_with_the_reason(client: FlaskClient) -> None:
    response = client.get("/check/3x3-zzzzzz")
    assert response.status_code == 404
    assert "mistyped character" in response.get_data(as_text=True)
    assert client.get("/check/9x9-abcdef").status_code == 404


def test_a_set_typed_by_hand_keeps_what_was_typed_when_wrong(client: FlaskClient) -> None:
    page = client.get("/check").get_data(as_text=True)
    assert '<label for="size">' in page and '<label for="cards">' in page
    short = client.get("/check", query_string={"size": "4x4", "cards": "Gb=C GbzS"})
    text = short.get_data(as_text=True)
    assert short.status_code == 400
    assert "A 4x4 matrix takes 16 cards, not 2." in text
    assert 'value="4x4"' in text and ">Gb=C GbzS</textarea>" in text
    bad_size = client.get("/check", query_string={"size": "6x6", "cards": BOOK_IMPOSSIBLE})
    assert bad_size.status_code == 400 and "not a Matrix size" in bad_size.get_data(as_text=True)


def test_the_qr_code_on_a_worksheet_opens_its_checking_page(client: FlaskClient) -> None:
    puzzle = get_puzzle(generate(3, 3, "either", "hard", 4).id)
    pdf = worksheet_pdf([puzzle], WorksheetOptions(PAPERS["letter"], "http://10.1.2.3:5000"))
    page = pypdfium2.PdfDocument(io.BytesIO(pdf))[0]
    image = page.render(scale=200 / 72).to_pil()
    urls = [code.text for code in zxingcpp.read_barcodes(image)]
    assert urls == [f"http://10.1.2.3:5000/check/{puzzle.id}"]
    response = client.get(urlsplit(urls[0]).path)
    assert response.status_code == 200
    assert puzzle.id in response.get_data(as_text=True)


def test_checking_is_limited_by_address(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Checking generates puzzles from ids: one address gets a generous number a minute
    (a class behind one router), then a 429 saying how long to wait."""
    monkeypatch.setattr(check_views, "CHECK_LIMIT", 3)
    puzzle = get_puzzle("3x3-ma1y4e")
    for _ in range(3):
        assert client.get(f"/check/{puzzle.id}").status_code == 200
    busy = client.get(f"/check/{puzzle.id}", query_string={"answer": "No"})
    assert busy.status_code == 429 and int(busy.headers["Retry-After"]) >= 1
    assert "Too many requests from this network" in busy.get_data(as_text=True)
    assert client.get("/check", query_string={"size": "3x3"}).status_code == 429
    other = client.get(f"/check/{puzzle.id}", environ_base={"REMOTE_ADDR": "10.9.9.9"})
    assert other.status_code == 200
