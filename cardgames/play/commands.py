"""The ``play``, ``resume`` and ``replay`` commands, mounted on the main app by :func:`register`."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shlex
import shutil
import sys
import time
from pathlib import Path
from typing import IO, Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from cardgames.deal import new_salt
from cardgames.engine import Table
from cardgames.errors import CardgamesError, OptionError, PluginFailedError, SaveFileError
from cardgames.files import LINE_LIMIT, read_lines
from cardgames.game import Game
from cardgames.limits import SEED_MAX, parse_int
from cardgames.play import report
from cardgames.play.lines import ChainSource, LineSource, PromptSource, ScriptSource, TerminalSource
from cardgames.play.quitting import confirm_overwrite, describe_file
from cardgames.play.replaying import replay_file
from cardgames.play.saving import load_table, save_quietly
from cardgames.play.seats import YOU, humans, parse_players
from cardgames.play.session import End, Session
from cardgames.play.settings import Settings, load_settings
from cardgames.play.start import new_seed, start_table, writable
from cardgames.play.timer import MoveTimer
from cardgames.record import Seat
from cardgames.registry import find_game, installed_names
from cardgames.text import inert

SUITS = "♠♥♦♣"
SCREEN_COLUMNS, SCREEN_ROWS = 60, 20  # the smallest terminal the full-screen table is drawn on
# Where a finished game is recorded: ledger file, tournament, table, create them, add players to the table.
LedgerTarget = tuple[Path | None, str, str | None, bool, bool]


def _fail(message: str) -> typer.Exit:
    text = escape(inert(message, LINE_LIMIT))
    Console(stderr=True).print(f"[bold red]error:[/] {text}", highlight=False, soft_wrap=True)
    return typer.Exit(code=2)


def _needs_ascii(console: Console) -> bool:
    try:
        SUITS.encode(console.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def _safe_streams() -> None:
    """On a terminal that cannot show suits or Cyrillic, print '?' for them rather than fail."""
    for stream in (sys.stdout, sys.stderr):
        try:
            (SUITS + "Жж").encode(stream.encoding or "ascii")
        except (UnicodeEncodeError, LookupError):
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:
                with contextlib.suppress(Exception):
                    reconfigure(errors="replace")


def _source(console: Console, moves: Path | None) -> LineSource:
    """Moves from a file (then the terminal, if there is one), a terminal, or a pipe."""
    terminal: list[LineSource] = []
    if sys.stdin.isatty():
        posix = os.name == "posix"
        terminal.append(TerminalSource(console, sys.stdin.fileno()) if posix else PromptSource(console))
    if moves is not None:  # read whole, with the limits of every file from outside
        lines = read_lines(moves, what="moves file")
        stream: IO[str] = io.StringIO("".join(line + "\n" for line in lines))
        return ChainSource([ScriptSource(console, stream), *terminal])
    if terminal:
        return terminal[0]
    return ScriptSource(console, sys.stdin)


def _run(
    table: Table,
    *,
    ascii_only: bool,
    save: Path | None,
    as_json: bool,
    moves: Path | None,
    ledger: LedgerTarget | None = None,
    introduce: bool = True,
    keep: Path | None = None,
    overwrite: bool = False,
    bot_delay: float = 0.0,
    bell: bool = False,
    isolate_bots: bool = False,
    screen: bool | None = None,
) -> None:
    people = humans(table.seats)
    console = Console(stderr=as_json, highlight=False, emoji=False)  # names are shown as typed
    quiet = as_json and not people
    source = _source(console, moves)
    seconds = table.game.move_seconds(table.options)
    shown_on: Any = None
    if screen is not False and _screen_possible(console, moves, as_json, people, asked=screen is True):
        from cardgames.play.screen import FullScreen  # rich's alternate screen, loaded only here

        shown_on = FullScreen(console, sys.stdin.fileno(), time.monotonic)
        source = shown_on
    session = Session(
        table,
        console if shown_on is None else shown_on.console,
        source,
        ascii_only=ascii_only or _needs_ascii(console),
        save_path=save,
        timer=MoveTimer(seconds) if seconds and people else None,
        quiet=quiet,
        bot_delay=bot_delay,
        bell=bell,
        isolate_bots=isolate_bots,
    )
    if shown_on is not None:
        shown_on.attach(session)
    try:
        with shown_on if shown_on is not None else contextlib.nullcontext():
            if save is not None:
                writable(save)
                if save.exists() and save != keep and not overwrite:
                    _may_overwrite(session.console, source, save)
            if not quiet:  # a resumed game has said its name already; it still names the seats and options
                session.introduce(heading=introduce)
            session.checkpoint()
            end = session.run()
    except PluginFailedError as exc:  # keep what was played before the plugin failed (the record)
        kept = ""
        if save is not None and save_quietly(console, save, session.table):
            kept = f"; the game before that is saved in {inert(save)}"
        raise PluginFailedError(f"{exc}{kept}") from None
    table = session.table
    if as_json:
        print(json.dumps(report.run_result(table), ensure_ascii=False, indent=2))
    if end is End.FINISHED and ledger is not None:
        _to_ledger(console, table, ledger)
    elif ledger is not None:  # the ledger takes finished games only: say how this one gets there
        _not_recorded_yet(ledger, session.save_path)
    if end is End.INPUT_ENDED:
        raise typer.Exit(code=1)


def _screen_possible(
    console: Console, moves: Path | None, as_json: bool, people: list[int], *, asked: bool
) -> bool:
    """Whether the full-screen table can be drawn: a person at a terminal that can move its cursor,
    at least 60x20, and no moves from a file or JSON on the output; ``asked``: say why not."""
    term = os.environ.get("TERM", "")
    columns, rows = shutil.get_terminal_size((0, 0))
    why = (
        "--moves reads the moves from a file"
        if moves is not None
        else "--json prints on the output"
        if as_json
        else "nobody plays at this screen"
        if not people
        else "the input or the output is not a terminal"
        if not (sys.stdin.isatty() and sys.stdout.isatty())
        else "this terminal cannot move its cursor"
        if term in ("", "dumb") or os.name != "posix"
        else f"the terminal is {columns}x{rows}, smaller than {SCREEN_COLUMNS}x{SCREEN_ROWS}"
        if columns < SCREEN_COLUMNS or rows < SCREEN_ROWS
        else ""
    )
    if why and asked:
        said = f"No full screen: {why}; the table is shown in lines."
        console.print(said, highlight=False, markup=False, soft_wrap=True)
    return not why


T = TypeVar("T")


def _pick(flag: T | None, setting: T | None, default: T) -> T:
    """A flag given on the command line, else the settings file's value, else the default."""
    return flag if flag is not None else setting if setting is not None else default


def _start(
    game: Game[Any, Any],
    seats: list[Seat],
    seed: int,
    preset: str | None,
    pairs: list[str],
    mine: Settings,
    salt: str | None = None,
    position: str = "",
) -> Table:
    """The table; a preset from the settings file that the game lacks is an error naming the file."""
    if preset is not None or mine.preset is None:
        return start_table(game, seats, seed, preset, pairs, salt, position)
    try:
        return start_table(game, seats, seed, mine.preset, pairs, salt, position)
    except OptionError as exc:
        raise OptionError(f"{exc} (preset {mine.preset!r} from the settings file {mine.source})") from None


def _may_overwrite(console: Console, source: LineSource, save: Path) -> None:
    """--save names an existing file: ask at a terminal, refuse in a script (never overwrite silently)."""
    if source.interactive:
        try:
            if confirm_overwrite(console, source, save):
                return
        except EOFError:
            pass
        raise SaveFileError(f"{save} is kept; choose another file for --save")
    raise SaveFileError(
        f"{save} exists ({describe_file(save)}); choose another file for --save, or add --overwrite"
    )


def _not_recorded_yet(ledger: LedgerTarget, saved: Path | None) -> None:
    """Tell the person that an unfinished game is not in the tournament, and how it will be."""
    path, tournament, table_name, create, add = ledger
    if saved is None:
        how = "it is not saved, so it cannot be recorded later"
    else:
        command = ["cardgames", "ledger", "import", str(saved), "--tournament", tournament]
        command += ["--table", table_name] if table_name is not None else []
        command += ["--ledger", str(path)] if path is not None else []
        command += (["--create"] if create else []) + (["--add-players"] if add else [])
        how = f"once it is finished (cardgames resume {saved}), record it with: {shlex.join(command)}"
    Console(stderr=True).print(
        inert(f"The game is not recorded in tournament {tournament} yet: {how}", 2000),
        highlight=False,
        markup=False,
        soft_wrap=True,
    )


def _to_ledger(console: Console, table: Table, ledger: LedgerTarget) -> None:
    """Record a finished game in the tournament ledger (imported only when asked for)."""
    from cardgames.ledger import played_from_table, record_played

    path, tournament, table_name, create, add = ledger
    done = record_played(
        path, tournament, table_name, played_from_table(table), create=create, add_players=add
    )
    for note in done.notes:
        console.print(f"Ledger: {note}.", highlight=False, markup=False, soft_wrap=True)
    where = f"of tournament {tournament} in {done.path}"
    said = f"Already recorded as game {done.game_id} {where}." if done.again else None
    console.print(
        said or f"Recorded as game {done.game_id} {where}.", highlight=False, markup=False, soft_wrap=True
    )


# The installed games by id, from the registry's entry points (no plugin is imported for it).
GAME_HELP = f"{installed_names()} (or a name or alias; `cardgames list` shows them)."
# Options that play, resume and replay share, declared once.
AsciiOption = Annotated[
    bool | None,
    typer.Option("--ascii/--glyphs", help="Plain ASCII suits (S H D C), or glyphs (default: settings file)."),
]
BotDelayOption = Annotated[
    float | None,
    typer.Option(
        "--bot-delay",
        min=0,
        max=10,
        help="Seconds to wait after each bot move, shown as it happens (default 0).",
    ),
]
BellOption = Annotated[
    bool | None, typer.Option("--bell/--no-bell", help="Ring the terminal bell when it is your turn.")
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print the result as JSON at the end.")]
MovesOption = Annotated[Path | None, typer.Option(help="Read people's moves from this file, one a line.")]
IsolateOption = Annotated[
    bool,
    typer.Option(
        "--isolate-bots",
        help="Run each bot in its own process, where it gets only its view (for untrusted bots).",
    ),
]
ScreenOption = Annotated[
    bool | None,
    typer.Option(
        "--screen/--lines",
        help="The full-screen table (the default at a terminal), or plain lines (scripts, screen "
        "readers; default: settings file).",
    ),
]
OverwriteOption = Annotated[
    bool, typer.Option("--overwrite", help="Let --save replace an existing file without asking.")
]


def seats_of_position(
    game: Game[Any, Any], preset: str | None, pairs: list[str], mine: Settings, text: str
) -> int:
    """How many seats a ``--position`` has, read under the options the game will be played with."""
    from cardgames.play.start import build_options
    from cardgames.position import position_players

    return position_players(game, build_options(game, preset or mine.preset, pairs), text)


def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            "-p",
            help="Who plays, in seat order: me, bot, bot:NAME or a person's name "
            "(me,bot,bot,bot or Ann,Boris,bot:heuristic), or a number of seats. Bots: bot:easy, "
            "bot:medium, bot:hard, bot:ismcts:time=0.5 and more (cardgames rules GAME lists them).",
        ),
    ] = None,
    # read as text, so a bad number is one line of ours rather than typer's usage box
    seed: Annotated[
        str | None, typer.Option(help="Seed of the shuffles (random if omitted).", metavar="INTEGER")
    ] = None,
    preset: Annotated[
        str | None, typer.Option(help="A preset of options (see cardgames rules GAME).")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="An option as key=value (repeatable).")
    ] = None,
    ascii_only: AsciiOption = None,
    save: Annotated[Path | None, typer.Option(help="Save after every move to this file.")] = None,
    overwrite: OverwriteOption = False,
    bot_delay: BotDelayOption = None,
    bell: BellOption = None,
    screen: ScreenOption = None,
    as_json: JsonOption = False,
    moves: MovesOption = None,
    isolate_bots: IsolateOption = False,
    ledger: Annotated[
        Path | None, typer.Option(help="The ledger file (default: the default ledger).")
    ] = None,
    tournament: Annotated[
        str | None, typer.Option(help="Record the finished game in this tournament of the ledger.")
    ] = None,
    table_name: Annotated[
        str | None, typer.Option("--table", help="The tournament table (with --ledger).")
    ] = None,
    create: Annotated[
        bool, typer.Option("--create", help="Start the ledger, tournament or table if it does not exist.")
    ] = False,
    add_players: Annotated[
        bool, typer.Option("--add-players", help="Seat players (and bots) who are not at the table yet.")
    ] = False,
    position: Annotated[
        str | None,
        typer.Option(
            help="Start from this position (the game's notation, docs/GAME.md); the seed shuffles the rest.",
            metavar="TEXT",
        ),
    ] = None,
) -> None:
    """Play a game in the terminal against bots or other people (hot-seat)."""
    _safe_streams()
    try:
        game = find_game(game_name)
        mine = load_settings(game.id)
        who = players if players is not None else mine.players
        if position and who is None:  # as many seats as the position has: you and bots
            who = str(seats_of_position(game, preset, option or [], mine, position))
        seats = parse_players(game, who, mine.name or YOU)
        if tournament is None and (ledger is not None or table_name is not None or create or add_players):
            raise OptionError(
                "--ledger and --table need --tournament NAME (so do --create and --add-players)"
            )
        salt = None  # a seed a person chose is no secret: its salt follows from it
        if seed is None:
            number, salt = new_seed(), new_salt()
        else:
            number = parse_int("--seed", seed, 0, SEED_MAX)
        table = _start(game, seats, number, preset, option or [], mine, salt, position or "")
        ledger_to = None if tournament is None else (ledger, tournament, table_name, create, add_players)
        if ledger_to is not None:  # before the first move, so that nothing is played for nothing
            from cardgames.ledger import check_for_play

            check_for_play(*ledger_to[:3], table, create=create, add_players=add_players)
        _run(
            table,
            ascii_only=_pick(ascii_only, mine.ascii, False),
            save=save,
            as_json=as_json,
            moves=moves,
            ledger=ledger_to,
            overwrite=overwrite,
            bot_delay=_pick(bot_delay, mine.bot_delay, 0.0),
            bell=_pick(bell, mine.bell, False),
            isolate_bots=isolate_bots,
            screen=_pick(screen, mine.screen, None),
        )
    except CardgamesError as exc:
        raise _fail(str(exc)) from None


def resume(
    file: Annotated[Path, typer.Argument(help="A game saved with --save or at quit.")],
    ascii_only: AsciiOption = None,
    save: Annotated[
        Path | None, typer.Option(help="Save to this file instead (default: the same file).")
    ] = None,
    overwrite: OverwriteOption = False,
    as_json: JsonOption = False,
    moves: MovesOption = None,
    bot_delay: BotDelayOption = None,
    bell: BellOption = None,
    screen: ScreenOption = None,
    isolate_bots: IsolateOption = False,
) -> None:
    """Continue a saved game."""
    _safe_streams()
    try:
        table = load_table(file)
        mine = load_settings(table.game.id)
        ascii_only = _pick(ascii_only, mine.ascii, False)
        console = Console(stderr=as_json, highlight=False, emoji=False)
        name = table.game.name
        if (ascii_only or _needs_ascii(console)) and not name.isascii():
            name = table.game.id.title()
        deal = table.record.deal  # the seed stays secret until the end; old files have no commitment
        said = f" (deal commitment {deal.commitment})" if deal is not None else ""
        console.print(
            f"Resuming {name}{said} after {len(table.record.actions)} moves.",
            highlight=False,
            markup=False,
            soft_wrap=True,
        )
        _run(
            table,
            ascii_only=ascii_only,
            save=save or file,
            as_json=as_json,
            moves=moves,
            introduce=False,
            keep=file,
            overwrite=overwrite,
            bot_delay=_pick(bot_delay, mine.bot_delay, 0.0),
            bell=_pick(bell, mine.bell, False),
            isolate_bots=isolate_bots,
            screen=_pick(screen, mine.screen, None),
        )
    except CardgamesError as exc:
        raise _fail(str(exc)) from None


def replay(
    file: Annotated[Path, typer.Argument(help="A saved game.")],
    step: Annotated[bool, typer.Option("--step", help="Wait for Enter after every move.")] = False,
    seat: Annotated[
        str | None,
        typer.Option(help="Show the table as this seat (P2, 2 or a name) saw it; default: whoever moved."),
    ] = None,
    brief: Annotated[bool, typer.Option("--brief", help="Only the moves and events, no tables.")] = False,
    ascii_only: AsciiOption = None,
    position: Annotated[
        bool,
        typer.Option(
            "--position",
            help="Write the position (every hand) after each move, for a bug report; finished games only.",
        ),
    ] = False,
) -> None:
    """Show a saved game move by move."""
    _safe_streams()
    try:
        console = Console(highlight=False, emoji=False)
        source = _source(console, None) if step else None
        replay_file(
            console,
            file,
            source=source,
            seat=seat,
            ascii_only=ascii_only or _needs_ascii(console),
            brief=brief,
            positions=position,
        )
    except CardgamesError as exc:
        raise _fail(str(exc)) from None


def register(app: typer.Typer) -> None:
    """Mount the commands on the main app."""
    app.command("play")(play)
    app.command("resume")(resume)
    app.command("replay")(replay)


__all__ = ["play", "register", "replay", "resume"]
