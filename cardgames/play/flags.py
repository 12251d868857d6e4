"""The parameters of ``play``, ``resume`` and ``replay``, declared once.

:data:`PLAY`, :data:`RESUME` and :data:`REPLAY` list each command's argument and options in the
order its help shows them; :mod:`cardgames.play.commands` declares the typer commands from them
(names, help, kinds), and each command's body takes them in that order.
"""

from __future__ import annotations

from typing import Any, NamedTuple

# How a parameter reads its value: the game argument, a saved game's file (an argument), a text, a
# file, a repeatable text, an on/off flag, a pair of switches (--ascii/--glyphs: True, False or None
# when neither is given), a number; "kept": a saved game's file that may be left out (resume then
# takes the game kept last at the end of input).
KINDS = ("argument", "file", "kept", "text", "path", "many", "flag", "switch", "number")
ARGUMENTS = ("argument", "file", "kept")


class Param(NamedTuple):
    """One parameter of a command: its name in Python, its names on the command line, its help."""

    name: str
    kind: str
    help: str
    names: tuple[str, ...] = ()  # for a switch: the "on" name first, then the "off" name
    metavar: str | None = None
    low: float | None = None  # a number's range
    high: float | None = None

    @property
    def default(self) -> Any:
        """The value when the command line does not give it."""
        return False if self.kind == "flag" else None


# The game argument's help names the installed games: "{games}" is filled in by the command.
GAME_HELP = "{games} (or a name or alias; `cardgames list` shows them)."

ASCII = Param(
    "ascii_only",
    "switch",
    "Plain ASCII suits (S H D C), or glyphs (default: settings file).",
    ("--ascii", "--glyphs"),
)
OVERWRITE = Param(
    "overwrite", "flag", "Let --save replace an existing file without asking.", ("--overwrite",)
)
BOT_DELAY = Param(
    "bot_delay",
    "number",
    "Seconds to wait after each bot move, shown as it happens (default 0).",
    ("--bot-delay",),
    low=0,
    high=10,
)
BELL = Param("bell", "switch", "Ring the terminal bell when it is your turn.", ("--bell", "--no-bell"))
SCREEN = Param(
    "screen",
    "switch",
    "The full-screen table (the default at a terminal), or plain lines (scripts, screen "
    "readers; default: settings file).",
    ("--screen", "--lines"),
)
JSON = Param("as_json", "flag", "Print the result as JSON at the end.", ("--json",))
MOVES = Param("moves", "path", "Read people's moves from this file, one a line.", ("--moves",))
ISOLATE = Param(
    "isolate_bots",
    "flag",
    "Run each bot in its own process, where it gets only its view (for untrusted bots).",
    ("--isolate-bots",),
)

PLAY: tuple[Param, ...] = (
    Param("game_name", "argument", GAME_HELP, metavar="GAME"),
    Param(
        "players",
        "text",
        "Who plays, in seat order: me, bot, bot:NAME or a person's name "
        "(me,bot,bot,bot or Ann,Boris,bot:heuristic), or a number of seats. Bots: bot:easy, "
        "bot:medium, bot:hard, bot:ismcts:time=0.5 and more (cardgames rules GAME lists them).",
        ("--players", "-p"),
    ),
    # read as text, so a bad number is one line of ours rather than typer's usage box
    Param("seed", "text", "Seed of the shuffles (random if omitted).", ("--seed",), metavar="INTEGER"),
    Param("preset", "text", "A preset of options (see cardgames rules GAME).", ("--preset",)),
    Param("option", "many", "An option as key=value (repeatable).", ("--option", "-o")),
    ASCII,
    Param("save", "path", "Save after every move to this file.", ("--save",)),
    OVERWRITE,
    BOT_DELAY,
    BELL,
    SCREEN,
    JSON,
    MOVES,
    ISOLATE,
    Param("ledger", "path", "The ledger file (default: the default ledger).", ("--ledger",)),
    Param(
        "tournament", "text", "Record the finished game in this tournament of the ledger.", ("--tournament",)
    ),
    Param("table_name", "text", "The tournament table (with --ledger).", ("--table",)),
    Param("create", "flag", "Start the ledger, tournament or table if it does not exist.", ("--create",)),
    Param("add_players", "flag", "Seat players (and bots) who are not at the table yet.", ("--add-players",)),
    Param(
        "position",
        "text",
        "Start from this position (the game's notation, docs/GAME.md); the seed shuffles the rest.",
        ("--position",),
        metavar="TEXT",
    ),
)

RESUME: tuple[Param, ...] = (
    Param(
        "file",
        "kept",
        "A game saved with --save or at quit; left out: the game kept last when the input ended.",
        metavar="FILE",
    ),
    ASCII,
    Param("save", "path", "Save to this file instead (default: the same file).", ("--save",)),
    OVERWRITE,
    JSON,
    MOVES,
    BOT_DELAY,
    BELL,
    SCREEN,
    ISOLATE,
)

REPLAY: tuple[Param, ...] = (
    Param("file", "file", "A saved game."),
    Param("step", "flag", "Wait for Enter after every move.", ("--step",)),
    Param(
        "seat",
        "text",
        "Show the table as this seat (P2, 2 or a name) saw it; default: whoever moved.",
        ("--seat",),
    ),
    Param("brief", "flag", "Only the moves and events, no tables.", ("--brief",)),
    ASCII,
    Param(
        "position",
        "flag",
        "Write the position (every hand) after each move, for a bug report; finished games only.",
        ("--position",),
    ),
)
