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
from cardgames.play.logs import entry_text, label, log_names, log_of, named, new_entries, seat_legend, shown
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
        "seen_by": N_("The table seen by {label} ({name}):"),
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
    for seat, s in enumerate(table.seats):
        if text.casefold() in (s.name.casefold(), s.spoken.casefold()):  # "--seat You", "--seat Tu"
            return seat
    names = seat_legend(table.seats)
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
    each log entry's text for that seat). A game that is not finished may still be played
    on: then only what every player saw is shown (the moves and the log as a spectator
    reads them), never a hand, a hidden move or the seed, whatever ``seat`` says.
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
        seats=escape(seat_legend(record.seats)),
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
    draw = state.seat_draw()
    if draw is not None and not record.position:  # the game's draw decided who sits where
        text = shown(named(record.seats, draw_said(draw), [s.spoken for s in record.seats]), ascii_only)
        console.print(text[0].upper() + text[1:] + ".", highlight=False, markup=False)
    hands_shown = 0
    total = len(record.actions)
    names = log_names(record.seats, viewpoint)
    for number, action in enumerate(record.actions, 1):
        actor = action.seat if isinstance(action, Choice) else state.to_act()
        if actor is None:  # load_table replayed the file: not reached unless the game changes as it replays
            raise ReplayError(
                FRAMEWORK.gettext("action {number} comes after the end of the game").format(number=number)
            )
        looker = actor if viewpoint is None else viewpoint
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
        name = names[actor]
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
            text = entry_text(record.seats, entry, public=not finished, you=viewpoint)
            console.print(f"  {shown(text, ascii_only)}", highlight=False, markup=False)
        for note in announcements(game, seen, state.view(looker)) if finished else ():
            note = named(record.seats, "» " + note, names)
            console.print(f"  {shown(note, ascii_only)}", highlight=False, markup=False)
        if notation is not None:
            console.print(
                "  " + TEXTS.say("position", position=write_position(game, state)),
                highlight=False,
                markup=False,
                soft_wrap=True,
            )
        if not brief and finished:
            # the table says "you" and "your hand": say whose view that is
            console.print(
                TEXTS.say("seen_by", label=label(looker), name=record.seats[looker].spoken),
                highlight=False,
                markup=False,
            )
            seated = [s.spoken for s in record.seats]
            view = state.view(looker)
            model = game.tabletop(view, seated, asked=state.to_decide())
            console.print(table_text(game, view, model, ascii_only=ascii_only, names=seated))
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
        report.show_outcome(
            console, record.seats, outcome, ascii_only=ascii_only, utility=utility_of(game, options)
        )
    else:
        console.print(TEXTS["not_finished"], highlight=False, markup=False)
    return total
