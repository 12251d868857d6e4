"""``python -m cardgames`` runs the command line."""

from cardgames.cli.main import main

main()
