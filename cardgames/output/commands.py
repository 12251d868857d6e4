"""The program's commands with their help, in the order the root's help lists them (plain data).

The texts are marked here and read in the language in force when the help is shown
(cardgames/output/help.py).
"""

from cardgames.primitives.language import N_

ROOT_HELP = N_(
    "Play the installed card games in the terminal (`cardgames list` shows them), "
    "and keep tournament ledgers."
)

# The root's commands in the order its help lists them, each with the first paragraph of its help
# (the root's help shows its first sentence).
COMMANDS: dict[str, str] = {
    "list": N_("List the installed games, their player ranges and presets, and any broken plugins."),
    "rules": N_(
        "Show a game's rules card (what each card does), its options with their defaults, and its presets."
    ),
    "play": N_("Play a game in the terminal against bots or other people (hot-seat)."),
    "resume": N_("Continue a saved game."),
    "replay": N_("Show a saved game move by move."),
    "serve": N_("Serve tables in the browser: open a table, send each friend their seat's link."),
    "simulate": N_(
        "Play many games with bots and report fairness, length and the game's statistics, with 95% intervals."
    ),
    "arena": N_(
        "Bots against each other on duplicate deals with seats rotated: ratings, win rates, pairwise tests."
    ),
    "verify": N_(
        "Check a finished game's fair deal: the commitment against its seed and salt, and its moves."
    ),
    "ledger": N_(
        "Keep a tournament ledger: tables, games, deal-by-deal results, corrections, standings, "
        "ratings and exports. The program computes every point, chip and settlement."
    ),
}
VERSION_HELP = N_("Show the version and exit.")
# --lang is read before the program parses its arguments (cardgames/cli/lang.py), wherever it stands
LANG_HELP = N_(
    "The program's language: en, it or ru, for this command (given anywhere in it). "
    "Else the settings file's lang, else the locale (LC_ALL, LC_MESSAGES, LANG), else English."
)
