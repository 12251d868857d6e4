"""Showing a saved game move by move: each move, what it caused, and the table after it."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

from cardgames.core.position import notation_of, start_state, write_position
from cardgames.core.record import not_replayed
from cardgames.core.state import Choice
from cardgames.core.table import Table
from cardgames.core.utility import utility_of
from cardgames.play import report
from cardgames.play.lines import LineSource
from cardgames.play.logs import (
    YOU,
    entry_text,
    keyboard,
    log_names,
    log_of,
    named,
    new_entries,
    seat_legend,
    short_names,
    shown,
    spoken_names,
)
from cardgames.play.rulesview import announcements, card_of
from cardgames.play.saving import load_table
from cardgames.play.table import table_text
from cardgames.primitives.cards import hand_number
from cardgames.primitives.errors import IllegalActionError, OptionError, ReplayError
from cardgames.primitives.language import FRAMEWORK, N_, N_plural, Texts
from cardgames.primitives.seating import draw_said

# The replay's frame around the log's entries, said in the reader's language
TEXTS = Texts(
    FRAMEWORK,
    {
        "heading": N_plural(
            "{game}{secret}, {count} move. Seats: {seats}", "{game}{secret}, {count} moves. Seats: {seats}"
        ),
        "seed": N_("seed {seed}"),
        "commitment": N_("deal commitment {commitment}"),
        "start": N_("Position at the start: {position}"),
        "unfinished": N_(
            "The game is not finished, so only what everyone at the table saw is shown: "
            "no hands and no hidden cards until it ends."
        ),
        "move": N_("move {number}/{total}: {name}: {move}"),
        "position": N_("position: {position}"),
        "seen_by": N_("The table as {name} sees it:"),
        "seen_by_you": N_("The table as you see it:"),
        "next": N_("Enter: next move, q: stop. "),
        "not_finished": N_("The game was not finished when it was saved."),
    },
)


def pick_seat(table: Table, who: str | None) -> int | None:
    """A viewpoint given as P2, 2 (counting from 1, as the games do) or a name; None: whoever moved."""
    if who is None:
        return None
    text = who.strip()
    number = text[1:] if text[:1] in "pP" else text
    seat = hand_number(number)
    if seat is not None and 1 <= seat <= len(table.seats):
        return seat - 1
    spoken = spoken_names(table.seats, table.game)
    for seat, s in enumerate(table.seats):
        if text.casefold() in (s.name.casefold(), spoken[seat].casefold()):  # "--seat You", "--seat Tu"
            return seat
    names = seat_legend(table.seats, table.game)
    raise OptionError(
        FRAMEWORK.gettext("no seat {who} in this game; seats are {names}").format(who=repr(who), names=names)
    )


def replay_file(
    console: Console,
    path: Path,
    *,
    source: LineSource | None = None,
    seat: str | None = None,
    ascii_only: bool = False,
    brief: bool = False,
    positions: bool = False,
) -> int:
    """Show the game in ``path`` move by move (waiting for Enter when ``source`` is given); moves shown.

    Moves and events are written as the reader may see them (``Game.describe_action`` and
    each log entry's text for that seat): ``seat``'s, else the person's who played as "You"
    (whose own moves read in the second person), else the mover's; a bot is never "you". A
    game that is not finished may still be played on: then only what every player saw is
    shown (the moves and the log as a spectator reads them), never a hand, a hidden move or
    the seed, whatever ``seat`` says.
    """
    table = load_table(path)  # replays the whole file first, so a damaged file is refused up front
    game, record = table.game, table.record
    viewpoint = pick_seat(table, seat)
    finished = table.state.outcome() is not None
    notation = notation_of(game) if positions else None
    if positions and notation is None:
        raise OptionError(FRAMEWORK.gettext("{game} has no position notation to show").format(game=game.name))
    if positions and not finished:
        said = FRAMEWORK.gettext(
            "a position shows every hand, so --position shows it only once the game is finished"
        )
        raise OptionError(said)
    options = table.options
    state = start_state(
        game, options, len(record.seats), record.dealt_seed, record.position, legacy=record.legacy_deal
    )
    deal = record.deal
    secret = (
        TEXTS.say("seed", seed=record.seed)
        if finished
        else TEXTS.say("commitment", commitment=deal.commitment)
        if deal
        else ""
    )
    heading = TEXTS.say(
        "heading",
        game=f"[bold]{escape(game.name)}[/]",
        secret=escape(f", {secret}") if secret else "",
        count=len(record.actions),
        seats=escape(seat_legend(record.seats, game)),
    )
    console.print(heading, highlight=False, soft_wrap=True)
    if notation is not None:
        console.print(
            TEXTS.say("start", position=write_position(game, state)),
            highlight=False,
            markup=False,
            soft_wrap=True,
        )
    if not finished:
        console.print(TEXTS["unfinished"], highlight=False, markup=False)
    # the person reading: the one at the seat shown, or the one who played as "You"; never a bot
    person = viewpoint is not None and record.seats[viewpoint].bot is None
    reader = viewpoint if person else keyboard(record.seats)
    spoken = spoken_names(record.seats, game)
    draw = state.seat_draw()
    if draw is not None and not record.position:  # the game's draw decided who sits where
        drawn = short_names(record.seats)
        if reader is not None:
            drawn[reader] = FRAMEWORK.gettext(YOU)
        text = shown(named(record.seats, draw_said(draw), drawn, reader=reader), ascii_only)
        console.print(text[0].upper() + text[1:] + ".", highlight=False, markup=False)
    hands_shown = 0
    total = len(record.actions)
    names = log_names(record.seats, reader)
    movers = [*names]  # who moved, at the head of each move: the person reading by their name ("You")
    if reader is not None:
        movers[reader] = spoken[reader]
    for number, action in enumerate(record.actions, 1):
        actor = action.seat if isinstance(action, Choice) else state.to_act()
        if actor is None:  # load_table replayed the file: not reached unless the game changes as it replays
            raise ReplayError(
                FRAMEWORK.gettext("action {number} comes after the end of the game").format(number=number)
            )
        # the table of the seat asked for; else the person's who played (their own table, as they saw
        # it), else the mover's
        looker = viewpoint if viewpoint is not None else reader if reader is not None else actor
        seen = state.view(looker)
        # each move and event as the reader may see it: one seat's (a pass face down between two
        # others is only its size, I-1), or, in a game that may still be played on, a spectator's
        made = action.action if isinstance(action, Choice) else action
        move = game.describe_action(made, actor, seen if finished else None)
        before = log_of(seen)
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise not_replayed(game, record.seats, state, number, action, exc) from None
        name = movers[actor]
        console.print(
            Rule(
                Text(
                    TEXTS.say(
                        "move",
                        number=number,
                        total=total,
                        name=name,
                        move=shown(named(record.seats, move, names), ascii_only),
                    )
                ),
                align="left",
                characters="-" if ascii_only else "─",
            )
        )
        for entry in new_entries(before, log_of(state.view(looker))):
            text = entry_text(record.seats, entry, public=not finished, reader=reader)
            console.print(f"  {shown(text, ascii_only)}", highlight=False, markup=False)
        for note in announcements(game, seen, state.view(looker)) if finished else ():
            note = "» " + named(record.seats, note, names, reader=reader)
            console.print(f"  {shown(note, ascii_only)}", highlight=False, markup=False)
        if notation is not None:
            console.print(
                "  " + TEXTS.say("position", position=write_position(game, state)),
                highlight=False,
                markup=False,
                soft_wrap=True,
            )
        if not brief and finished:
            # say whose view the table is; "you" and "your hand" only for the person reading
            seen = TEXTS["seen_by_you"] if looker == reader else TEXTS.say("seen_by", name=spoken[looker])
            console.print(seen, highlight=False, markup=False)
            view = state.view(looker)
            model = game.tabletop(view, short_names(record.seats), asked=state.to_decide())
            own = looker == reader
            console.print(table_text(game, view, model, ascii_only=ascii_only, names=spoken, own=own))
        results = list(state.hand_results())
        for hand in results[hands_shown:]:
            card = card_of(game, options)
            report.show_hand(
                console,
                record.seats,
                results,
                hand,
                ascii_only=ascii_only,
                hand_word=card.hand_word,
                points_count=card.points_count,
                names=spoken,
                reader=reader,
            )
        hands_shown = len(results)
        if source is not None and number < total:
            try:
                answer = source.read(TEXTS["next"])
            except EOFError:
                return number
            if answer.strip().casefold() in ("q", "quit", "stop"):
                return number
    outcome = state.outcome()
    if outcome is not None:
        utility = utility_of(game, options)
        report.show_outcome(
            console,
            record.seats,
            outcome,
            ascii_only=ascii_only,
            utility=utility,
            names=spoken,
            reader=reader,
        )
    else:
        console.print(TEXTS["not_finished"], highlight=False, markup=False)
    return total
