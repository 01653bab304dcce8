"""``python -m generator`` runs the ``printables`` command line."""

from generator.cli import main

main()
