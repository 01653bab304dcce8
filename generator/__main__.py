"""``python -m generator`` runs the ``printables`` command line."""

from generator.commands import main

main()
