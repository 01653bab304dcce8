"""Write a game's perft golden data: ``python tests/printables/games/make_golden.py GAME``.

GAME is a game's key or title (``good-riddance``), or the module of one not yet
registered (``printables.games.fourd.good_riddance``). The cases (players, seed,
options, depth) are those already in ``golden/<key>.json``, or a default set when
there is no file yet; edit the cases there and run this to fill in the counts.
Rerun it only when a rule changes on purpose, and say so in the commit.

``make_golden.py handouts`` writes every handout's worked example as printed
(``golden/handout-examples.json``), after a handout's replay is changed on purpose.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import sys
from pathlib import Path
from typing import Any

from printables.games.base import UnknownGameError
from printables.games.playout import perft
from printables.games.registry import get_game

HERE = Path(__file__).parent / "golden"
DEFAULT_CASES: list[dict[str, Any]] = [
    {"players": None, "seed": 1, "options": {}, "depth": 4},
    {"players": None, "seed": 2, "options": {}, "depth": 4},
]


def counts(game: Any, case: dict[str, Any]) -> list[int]:
    state = game.setup(case["players"], case["seed"], game.options(**case["options"]))
    return [perft(game, state, d) for d in range(case["depth"] + 1)]


def handouts() -> None:
    from printables.games.handouts import HANDOUTS

    path = HERE / "handout-examples.json"
    examples = {key: handout.example for key, handout in HANDOUTS.items()}
    path.write_text(json.dumps(examples, indent=1, ensure_ascii=False) + "\n")
    print("wrote", path)


def main(name: str) -> None:
    if name == "handouts":
        handouts()
        return
    try:
        game = get_game(name)
    except UnknownGameError:  # a module not registered yet: printables.games.<family>.<name>
        game = importlib.import_module(name).GAME
    path = HERE / f"{game.key}.json"
    cases = json.loads(path.read_text())["cases"] if path.exists() else DEFAULT_CASES
    out = []
    for case in cases:
        case = {k: v for k, v in case.items() if k != "counts"}
        case["players"] = case["players"] or game.players[0]
        out.append({**case, "counts": counts(game, case)})
        print(game.key, out[-1])
    data = {"game": game.key, "option_defaults": dataclasses.asdict(game.options()), "cases": out}
    HERE.mkdir(exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n")
    print("wrote", path)


if __name__ == "__main__":
    main(sys.argv[1])
