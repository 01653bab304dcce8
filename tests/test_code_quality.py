"""Lint, format, types and layering: part of the test run, so CI checks them too."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("printables", "generator", "grading", "webapp")


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_lint() -> None:
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format() -> None:
    result = run("ruff", "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict() -> None:
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def imports_of(package: str) -> set[tuple[str, str]]:
    """(file, top-level module) for every import in a package."""
    found = set()
    for path in (ROOT / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {(path.name, alias.name.split(".")[0]) for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add((path.name, node.module.split(".")[0]))
    return found


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        # The rules engine is pure: no rendering, no web, no I/O.
        (
            "printables",
            {"generator", "webapp", "flask", "reportlab", "svgwrite", "qrcode", "click",
             "os", "io", "pathlib", "subprocess", "socket", "shutil", "tempfile"},
        ),
        ("generator", {"grading", "webapp", "flask", "cv2"}),
        # Grading reads scans: it stands on the generator (the sheets' layouts) and the
        # engine (the checks), and never on the web app.
        ("grading", {"webapp", "flask"}),
    ],
)  # fmt: skip
def test_imports_point_down(package: str, forbidden: set[str]) -> None:
    wrong = sorted((name, module) for name, module in imports_of(package) if module in forbidden)
    assert not wrong, f"{package} must not import {wrong}"


def engine_imports() -> set[tuple[str, str]]:
    """(module, imported printables module) for every import inside the engine, both full
    dotted names (``printables.matrix.check``, ``printables.cards.deck``)."""
    found = set()
    for path in (ROOT / "printables").rglob("*.py"):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            found |= {(module, name) for name in names if name.startswith("printables")}
    return found


# Inside the engine, each part may import only the parts below it: the cards and a cache
# for things slow to make (made_once) are the ground; the 4D deck's sets and the puzzle
# registry stand on them; Matrix on those, and PARADOX's tricks, solver and problems on
# the cards and the registry; the games on all of those; the question puzzles (nada,
# poker, placement, ...) on the games, whose rules they ask about. Matrix, PARADOX and the
# decks never import games, and nothing below the question puzzles imports them.
GROUND = {"printables.cards", "printables.made_once"}
ENGINE_LAYERS = {
    "printables.cards": {"printables.cards"},
    "printables.made_once": {"printables.made_once"},
    "printables.fourd": GROUND | {"printables.fourd"},
    "printables.puzzles": GROUND | {"printables.puzzles"},
    "printables.matrix": GROUND | {"printables.fourd", "printables.puzzles", "printables.matrix"},
    "printables.paradox": GROUND | {"printables.puzzles", "printables.paradox"},
    "printables.games": GROUND | {"printables.fourd", "printables.puzzles", "printables.matrix",
                                  "printables.paradox", "printables.games"},
    "printables.questions": GROUND | {"printables.fourd", "printables.puzzles",
                                      "printables.games", "printables.questions"},
}  # fmt: skip


def _layer(module: str) -> str | None:
    return next((layer for layer in ENGINE_LAYERS if f"{module}.".startswith(f"{layer}.")), None)


def test_imports_point_down_inside_the_engine() -> None:
    wrong = []
    for module, imported in sorted(engine_imports()):
        layer = _layer(module)
        if module == "printables":  # printables/__init__.py: the package's front door
            continue
        if layer is None:
            wrong.append(f"{module} is in no layer: give its package a place in ENGINE_LAYERS")
            continue
        if _layer(imported) not in ENGINE_LAYERS[layer]:
            wrong.append(f"{module} imports {imported}")
    assert not wrong, "\n".join(wrong)
    assert ("printables.matrix.check", "printables.cards.deck") in engine_imports()


def test_every_package_is_installed_by_a_plain_install() -> None:
    """pyproject.toml lists packages one by one; a new sub-package must be listed too, or
    ``pip install .`` leaves it out and the installed command fails."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])  # fmt: skip
    for package in PACKAGES:
        for init in (ROOT / package).rglob("__init__.py"):
            name = ".".join(init.parent.relative_to(ROOT).parts)
            assert name in listed, f"{name} is missing from [tool.setuptools] packages"


def package_imports(package: str, *, typing: bool = False) -> dict[str, set[str]]:
    """Each module of ``package`` -> the package's modules it imports, at its top or inside
    a function (a lazy import is an import all the same); an import made only for the type
    checker (under ``if TYPE_CHECKING:``) is none, unless ``typing`` counts it too."""
    modules = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): path
        for path in (ROOT / package).rglob("*.py")
    }
    found: dict[str, set[str]] = {module: set() for module in modules}
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {
            id(inner)
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
            for inner in ast.walk(node)
        }
        for node in ast.walk(tree):
            names = []
            if id(node) in typing_only and not typing:
                continue
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                # ``from webapp import db`` imports the module webapp.db; ``from webapp
                # import create_app`` the package webapp itself.
                names = [
                    f"{node.module}.{alias.name}"
                    if f"{node.module}.{alias.name}" in modules
                    else node.module
                    for alias in node.names
                ]
            found[module] |= {name for name in names if name in modules and name != module}
    return found


def webapp_imports() -> dict[str, set[str]]:
    return package_imports("webapp")


def import_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of imports in ``graph`` (its modules in order, the first again at the end),
    or None.

    >>> import_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}})
    ['a', 'b', 'c', 'a']
    >>> import_cycle({"a": {"b"}, "b": set()}) is None
    True
    """
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        for imported in sorted(graph[module]):
            found = visit(imported, [*path, module])
            if found:
                return found
        done.add(module)
        return None

    for module in sorted(graph):
        cycle = visit(module, [])
        if cycle:
            return cycle
    return None


def test_engine_modules_never_import_each_other() -> None:
    """The deck model, the registry of decks and the wording, and every other module of
    the engine, import one way (a package's ``__init__`` gathering its modules aside)."""
    graph = package_imports("printables")
    inits = {m for m in graph if (ROOT / Path(*m.split("."), "__init__.py")).exists()}
    graph = {m: {i for i in found if i not in inits} for m, found in graph.items()}
    assert "printables.cards.deck" in graph["printables.cards.decks"]
    assert import_cycle(graph) is None, " -> ".join(import_cycle(graph) or [])


def test_generator_modules_never_import_each_other() -> None:
    """Imports inside the generator point one way, even those made only for the type
    checker: a registry or shared types live below the modules that use them (the score
    sheets' registry below every sheet module), never in a module that imports its users."""
    graph = package_imports("generator", typing=True)
    assert "generator.documents.document" in graph["generator.documents.scoresheets"]
    assert import_cycle(graph) is None, " -> ".join(import_cycle(graph) or [])


def test_web_app_modules_never_import_each_other() -> None:
    """Imports inside the web app point one way: no module imports one that imports it,
    directly, lazily or round a longer loop."""
    graph = webapp_imports()
    assert "webapp.pages" in graph["webapp.security"]
    assert import_cycle(graph) is None, " -> ".join(import_cycle(graph) or [])
