"""Grading's accuracy on synthetic scans, every run: pupils' answers drawn as hands draw
them (pen, pencil, light pencil, part-filled, over the line, crossed out and changed, stray
dots), printed and scanned mildly or harshly (150-300 dpi, turned up to 5 degrees, upside
down, blur, noise, uneven light, JPEG at quality 40-70, phone photos in perspective), on
pages of every size and both papers (:mod:`grading_trials`).

No box may be read wrong without its puzzle going to review, and once a teacher decides
each review as the pupil meant, every verdict must be that of the meant answer checked
directly. ``benchmarks/bench_grading.py`` runs the same trials over 20,000 boxes and
more, against the 99.9 % target.
"""

from __future__ import annotations

import pytest
from grading_trials import run_trials


@pytest.mark.parametrize("seed", [101, 303])
def test_synthetic_scans_are_read_and_judged_as_the_pupil_meant(
    seed: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    tally = run_trials(str(tmp_path_factory.mktemp("trials")), 4, seed, harsh_share=0.75)
    assert tally.pages == 4 and not tally.pages_refused, tally.pages_refused
    assert tally.boxes["wrong-unsent"] == 0, tally.summary()
    assert tally.mismatches == [], tally.mismatches
    assert sum(tally.boxes.values()) > 600
    assert tally.read_right >= 0.995, tally.summary()


@pytest.mark.parametrize("seed", [404, 505])
def test_synthetic_scans_of_question_sheets_are_read_and_judged_as_the_pupil_meant(
    seed: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The same on the question kinds' pages: every shape of answer, crossed-out marks
    among them (``grading_trials.QUESTION_SHEETS``)."""
    tally = run_trials(str(tmp_path_factory.mktemp("questions")), 5, seed, harsh_share=0.75,
                       questions=True)  # fmt: skip
    assert tally.pages == 5 and not tally.pages_refused, tally.pages_refused
    assert tally.boxes["wrong-unsent"] == 0, tally.summary()
    assert tally.mismatches == [], tally.mismatches
    assert sum(tally.boxes.values()) > 250
    assert tally.read_right >= 0.995, tally.summary()


def test_synthetic_scans_of_costly_tricks_pages_are_read_and_judged_as_the_pupil_meant(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The same on Costly Tricks answer pages: a card and its net in digit places, several
    cards, a seat; crossed-out marks among them (``grading_trials.COSTLY_SHEETS``)."""
    tally = run_trials(str(tmp_path_factory.mktemp("costly")), 5, 606, harsh_share=0.75,
                       family="costly")  # fmt: skip
    assert tally.pages == 5 and not tally.pages_refused, tally.pages_refused
    assert tally.boxes["wrong-unsent"] == 0, tally.summary()
    assert tally.mismatches == [], tally.mismatches
    assert sum(tally.boxes.values()) > 200
    assert tally.read_right >= 0.995, tally.summary()


def test_synthetic_scans_of_mat_forms_are_read_and_judged_as_the_player_meant(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The same on MAT Successive forms: each turn's set as a Matrix area, and its seconds
    read as marked (``grading_trials.MAT_KITS``)."""
    tally = run_trials(str(tmp_path_factory.mktemp("mat")), 4, 707, harsh_share=0.75,
                       family="mat")  # fmt: skip
    assert tally.pages == 4 and not tally.pages_refused, tally.pages_refused
    assert tally.boxes["wrong-unsent"] == 0, tally.summary()
    assert tally.mismatches == [], tally.mismatches
    assert sum(tally.boxes.values()) > 800
    assert tally.read_right >= 0.995, tally.summary()
