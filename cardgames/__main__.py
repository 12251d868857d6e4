"""``python -m cardgames`` runs the command line."""

from cardgames.cli import main

main()
