"""``python -m cardgames`` runs the command line."""

from cardgames.entry import main

main()
