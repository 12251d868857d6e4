"""Starting a game in the terminal, and what ``play``, ``resume`` and ``replay`` share.

:mod:`cardgames.play.commands` declares the typer commands that run these bodies.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import time
from pathlib import Path
from typing import IO, Any, TypeVar

from rich.console import Console

from cardgames.core.fairdeal import new_salt
from cardgames.core.game import Game
from cardgames.core.record import Seat
from cardgames.core.table import Table
from cardgames.play import report
from cardgames.play.lines import ChainSource, LineSource, PromptSource, ScriptSource, TerminalSource
from cardgames.play.quitting import confirm_overwrite, describe_file
from cardgames.play.saving import save_quietly
from cardgames.play.seats import YOU, humans, parse_players
from cardgames.play.session import End, Session
from cardgames.play.settings import Settings, load_settings
from cardgames.play.start import new_seed, start_table, writable
from cardgames.play.timer import MoveTimer
from cardgames.plugins.registry import find_game
from cardgames.primitives.errors import OptionError, PluginFailedError, SaveFileError
from cardgames.primitives.files import read_lines
from cardgames.primitives.language import FRAMEWORK, N_
from cardgames.primitives.limits import SEED_MAX, parse_int
from cardgames.primitives.text import inert

_ = FRAMEWORK.gettext

SUITS = "♠♥♦♣"
SCREEN_COLUMNS, SCREEN_ROWS = 60, 20  # the smallest terminal the full-screen table is drawn on
# Where a finished game is recorded: ledger file, tournament, table, create them, add players to the table.
LedgerTarget = tuple[Path | None, str, str | None, bool, bool]


def needs_ascii(console: Console) -> bool:
    """Whether the console's encoding cannot show the suits (then cards are written S H D C)."""
    try:
        SUITS.encode(console.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def safe_streams() -> None:
    """On a terminal that cannot show suits or Cyrillic, print '?' for them rather than fail."""
    for stream in (sys.stdout, sys.stderr):
        try:
            (SUITS + "Жж").encode(stream.encoding or "ascii")
        except (UnicodeEncodeError, LookupError):
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:
                with contextlib.suppress(Exception):
                    reconfigure(errors="replace")


def move_source(console: Console, moves: Path | None) -> LineSource:
    """Moves from a file (then the terminal, if there is one), a terminal, or a pipe."""
    terminal: list[LineSource] = []
    if sys.stdin.isatty():
        posix = os.name == "posix"
        terminal.append(TerminalSource(console, sys.stdin.fileno()) if posix else PromptSource(console))
    if moves is not None:  # read whole, with the limits of every file from outside
        lines = read_lines(moves, what=N_("moves file"))
        stream: IO[str] = io.StringIO("".join(line + "\n" for line in lines))
        return ChainSource([ScriptSource(console, stream), *terminal])
    if terminal:
        return terminal[0]
    return ScriptSource(console, sys.stdin)


def run_table(
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
    reminders: bool = True,
) -> None:
    """Play ``table`` to its end (or until the input ends or someone quits), then report it."""
    people = humans(table.seats)
    console = Console(stderr=as_json, highlight=False, emoji=False)  # names are shown as typed
    quiet = as_json and not people
    source = move_source(console, moves)
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
        ascii_only=ascii_only or needs_ascii(console),
        save_path=save,
        timer=MoveTimer(seconds) if seconds and people else None,
        quiet=quiet,
        bot_delay=bot_delay,
        bell=bell,
        isolate_bots=isolate_bots,
        reminders=reminders,
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
        raise SystemExit(1)


def _screen_possible(
    console: Console, moves: Path | None, as_json: bool, people: list[int], *, asked: bool
) -> bool:
    """Whether the full-screen table can be drawn: a person at a terminal that can move its cursor,
    at least 60x20, and no moves from a file or JSON on the output; ``asked``: say why not."""
    term = os.environ.get("TERM", "")
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
        else _too_small()
    )
    if why and asked:
        said = f"No full screen: {why}; the table is shown in lines."
        console.print(said, highlight=False, markup=False, soft_wrap=True)
    return not why


def _too_small() -> str:
    """Why a terminal is too small for the full-screen table; "" if it is large enough."""
    import shutil  # with the compression modules: a game without a person at a terminal does not need it

    columns, rows = shutil.get_terminal_size((0, 0))
    if columns < SCREEN_COLUMNS or rows < SCREEN_ROWS:
        return f"the terminal is {columns}x{rows}, smaller than {SCREEN_COLUMNS}x{SCREEN_ROWS}"
    return ""


T = TypeVar("T")


def pick(flag: T | None, setting: T | None, default: T) -> T:
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
        said = _("{reason} (preset {preset} from the settings file {path})")
        raise OptionError(said.format(reason=exc, preset=repr(mine.preset), path=mine.source)) from None


def _may_overwrite(console: Console, source: LineSource, save: Path) -> None:
    """--save names an existing file: ask at a terminal, refuse in a script (never overwrite silently)."""
    if source.interactive:
        try:
            if confirm_overwrite(console, source, save):
                return
        except EOFError:
            pass
        raise SaveFileError(_("{path} is kept; choose another file for --save").format(path=save))
    said = _("{path} exists ({what}); choose another file for --save, or add --overwrite")
    raise SaveFileError(said.format(path=save, what=describe_file(save)))


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
        import shlex

        how = f"once it is finished (cardgames resume {saved}), record it with: {shlex.join(command)}"
    Console(stderr=True, highlight=False, emoji=False).print(
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
        console.print(_("Ledger: {note}.").format(note=note), highlight=False, markup=False, soft_wrap=True)
    said = (
        _("Already recorded as game {game} of tournament {tournament} in {path}.")
        if done.again
        else _("Recorded as game {game} of tournament {tournament} in {path}.")
    )
    console.print(
        said.format(game=done.game_id, tournament=done.tournament, path=done.path),
        highlight=False,
        markup=False,
        soft_wrap=True,
    )


def seats_of_position(
    game: Game[Any, Any], preset: str | None, pairs: list[str], mine: Settings, text: str
) -> int:
    """How many seats a ``--position`` has, read under the options the game will be played with."""
    from cardgames.core.position import position_players
    from cardgames.play.start import build_options

    return position_players(game, build_options(game, preset or mine.preset, pairs), text)


def play(
    game_name: str,
    players: str | None = None,
    seed: str | None = None,
    preset: str | None = None,
    option: list[str] | None = None,
    ascii_only: bool | None = None,
    save: Path | None = None,
    overwrite: bool = False,
    bot_delay: float | None = None,
    bell: bool | None = None,
    screen: bool | None = None,
    as_json: bool = False,
    moves: Path | None = None,
    isolate_bots: bool = False,
    ledger: Path | None = None,
    tournament: str | None = None,
    table_name: str | None = None,
    create: bool = False,
    add_players: bool = False,
    position: str | None = None,
) -> None:
    """Play a game (``cardgames play``; its options: :func:`cardgames.play.commands.play`)."""
    safe_streams()
    if position is not None and not position.strip():
        raise OptionError(
            _("--position is empty: write a position (cardgames rules GAME shows its notation)")
        )
    game = find_game(game_name)
    mine = load_settings(game.id)
    who = players if players is not None else mine.players
    if position and who is None:  # as many seats as the position has: you and bots
        who = str(seats_of_position(game, preset, option or [], mine, position))
    seats = parse_players(game, who, mine.name or YOU, isolate=isolate_bots)
    if tournament is None and (ledger is not None or table_name is not None or create or add_players):
        raise OptionError(_("--ledger and --table need --tournament NAME (so do --create and --add-players)"))
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
    run_table(
        table,
        ascii_only=pick(ascii_only, mine.ascii, False),
        save=save,
        as_json=as_json,
        moves=moves,
        ledger=ledger_to,
        overwrite=overwrite,
        bot_delay=pick(bot_delay, mine.bot_delay, 0.0),
        bell=pick(bell, mine.bell, False),
        isolate_bots=isolate_bots,
        screen=pick(screen, mine.screen, None),
        reminders=pick(None, mine.reminders, True),
    )
