"""The table model in terminal text: the full screen's parts and line mode's lines.

Both draw the same :class:`~cardgames.core.tabletop.Tabletop` every game gives, so a game
has no terminal code of its own. Texts are rich markup: the game's words escaped, cards
coloured, suit glyphs written in ASCII where the terminal needs it. The terminal's own
words are in ``TEXTS``.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen
from rich.markup import escape

from cardgames.core.record import MADE_UP_YOU
from cardgames.core.tabletop import CentreZone, Mark, PlacedCard, SeatPlace, Tabletop, ZoneKind
from cardgames.play.logs import ASCII_MARKS, shown
from cardgames.primitives.cards import Card, card_markup
from cardgames.primitives.language import FRAMEWORK, N_, N_plural, Texts, catalog

TEXTS = Texts(
    catalog("cardgames"),
    {
        "you": N_("{name} (you)"),
        "cards": N_plural("1 card", "{count} cards"),
        "known": N_("known: {cards}"),
        "tricks": N_plural("1 trick", "{count} tricks"),
        "dealer": N_("dealer"),
        "leader": N_("leads"),
        "last_call": N_("last card!"),
        "out": N_("out"),
        "backs": N_plural("{label}: 1 card face down", "{label}: {count} cards face down"),
        "zone": N_("{label}: {cards}"),
        "zone_backs": N_plural(
            "{label}: {cards} · 1 more face down", "{label}: {cards} · {count} more face down"
        ),
        "empty": N_("{label}: empty"),
        "counter_clockwise": N_("Play goes counter-clockwise ↺."),
        "trumps": N_("Trumps: {suit} {suit_name}."),
        "hand": N_("Your hand: {cards}"),
        "hand_marked": N_("Your hand (* can be played now): {cards}"),
        "hand_any": N_("Your hand (any card can be played): {cards}"),
        "hand_choose": N_("Your hand (choose the cards): {cards}"),
        "hand_chosen": N_("Your hand (choose the cards; {mark} chosen): {cards}"),
        "hand_empty": N_("Your hand: no cards"),
        "hand_of": N_("Cards of {name}: {cards}"),
        # TRANSLATORS: the top card of the discard pile and who played it: "8♠, played by Bot 1"
        "played_by": N_("{card}, played by {name}"),
        "played_by_you": N_("{card}, played by you"),
        "to_move": N_("{name} to move"),
        "over": N_("The game is over."),
        "seconds_left": N_(" ({seconds} s left)"),
    },
)
"""The terminal's words around the model's, by key."""

MARKS = {Mark.DEALER: "dealer", Mark.LEADER: "leader", Mark.LAST_CALL: "last_call", Mark.OUT: "out"}


@frozen
class Parts:
    """One seat's table in the places the full-screen table keeps fixed (markup lines)."""

    heading: str
    seats: tuple[str, ...]
    centre: tuple[str, ...] = ()
    turn: str = ""
    hand: str = ""
    history: tuple[str, ...] = ()
    """The last finished trick or event, card by card with who played it."""
    history_title: str = ""


def _text(text: str, ascii_only: bool) -> str:
    return escape(shown(text, ascii_only))


def _sep(ascii_only: bool) -> str:
    return " - " if ascii_only else " · "


def _n(key: str, count: int, **values: object) -> str:
    return TEXTS.say(key, count=count, **values)


def seat_lines(
    table: Tabletop, place: SeatPlace, ascii_only: bool, own: bool = True, full: Sequence[str] = ()
) -> list[str]:
    """One seat: whose turn, name, marks, cards held and those known, tricks, score; its note below.

    ``own``: whether the viewer is the person reading (a replay shows a bot's table as it is, no "you");
    ``full``: the seats' full names, a bot's kind with it ("Bot 1 (heuristic)"), where the model's
    sentences name them shortly ("Bot 1").
    """
    arrow = ("> " if ascii_only else "▶ ") if Mark.TO_ACT in place.marks else "  "
    name = escape(full[place.seat] if 0 <= place.seat < len(full) else place.name)
    said_you = place.name.casefold() in ("you", FRAMEWORK.gettext(MADE_UP_YOU).casefold())  # "You", "Tu"
    you = own and place.seat == table.viewer and not said_you  # the name says it already
    parts = [TEXTS.say("you", name=name) if you else name]
    for mark, key in MARKS.items():
        if mark in place.marks:
            word = table.mark_word(mark)
            parts.append(f"[bold]{TEXTS[key] if word is None else _text(word, ascii_only)}[/]")
    if place.cards is not None:
        parts.append(_n("cards", place.cards))
    if place.known:
        cards = " ".join(card_markup(c, ascii_only=ascii_only) for c in place.known)
        parts.append(shown(TEXTS.say("known", cards=cards), ascii_only))
    if place.tricks is not None:
        parts.append(_n("tricks", place.tricks))
    if place.score:
        parts.append(_text(place.score, ascii_only))
    return [
        arrow + _sep(ascii_only).join(parts),
        *([f"    [dim]{_text(place.note, ascii_only)}[/]"] if place.note else []),
    ]


def _name(table: Tabletop, seat: int | None) -> str:
    """The name of ``seat`` at the table (its label where it has no place)."""
    found = next((p.name for p in table.seats if p.seat == seat), None)
    return found if found is not None else f"P{(seat or 0) + 1}"


def _placed(
    table: Tabletop, placed: PlacedCard, ascii_only: bool, pile: bool = False, own: bool = True
) -> str:
    """A card with who put it there: "Bot 1 J♣" in a trick; on a pile, "8♠, played by Bot 1"."""
    card = card_markup(placed.card, ascii_only=ascii_only)
    if placed.note:
        card += f" ({_text(placed.note, ascii_only)})"
    if placed.seat is None or placed.seat >= len(table.seats):
        return card
    name = escape(_name(table, placed.seat))
    if not pile:
        return f"{name} {card}"
    if own and placed.seat == table.viewer:
        return TEXTS.say("played_by_you", card=card)
    return TEXTS.say("played_by", card=card, name=name)


def zone_lines(table: Tabletop, zone: CentreZone, ascii_only: bool, own: bool = True) -> list[str]:
    """A centre zone: its label and cards (each with who put it there), then its note."""
    label = _text(zone.label, ascii_only)
    if zone.cards:
        pile = zone.kind is ZoneKind.DISCARD  # the top card of a pile: the pile is nobody's
        cards = _sep(ascii_only).join(_placed(table, p, ascii_only, pile, own) for p in zone.cards)
        key = "zone_backs" if zone.backs else "zone"
        said = TEXTS.say(key, label=label, cards=cards, count=zone.backs)  # its label and cards already shown
        lines = [said.translate(ASCII_MARKS) if ascii_only else said]
    elif zone.backs:
        lines = [_n("backs", zone.backs, label=label)]
    else:
        lines = [TEXTS.say("empty", label=label)]
    return lines + ([_text(zone.note, ascii_only)] if zone.note else [])


def centre_lines(table: Tabletop, ascii_only: bool, own: bool = True) -> list[str]:
    """What lies in the middle, the direction of play when it is reversed, and a hand's result."""
    lines = [line for zone in table.centre for line in zone_lines(table, zone, ascii_only, own)]
    if table.trump is not None:
        lines.insert(
            0, _text(TEXTS.say("trumps", suit=table.trump.glyph, suit_name=table.trump.spoken), ascii_only)
        )
    if table.direction < 0:
        lines.append(_text(TEXTS["counter_clockwise"], ascii_only))
    return lines + [f"[bold]{_text(r, ascii_only)}[/]" for r in table.result]


def turn_line(table: Tabletop, ascii_only: bool, own: bool = True) -> str:
    """Who is asked and what, or what the viewer may do when it is asked (``own``: see ``seat_lines``)."""
    decision = table.decision
    if decision is None:
        return "" if table.result else TEXTS["over"]
    left = "" if decision.seconds is None else TEXTS.say("seconds_left", seconds=f"{decision.seconds:.0f}")
    if not own and table.viewer in decision.seats:  # what it is asked is said to it: its name instead
        return _text(TEXTS.say("to_move", name=_name(table, table.viewer)), ascii_only) + left
    if table.viewer in decision.seats:
        return f"[bold]{_text(decision.detail or decision.text, ascii_only)}[/]{left}"
    return _text(decision.text, ascii_only) + left


def hand_line(
    table: Tabletop, ascii_only: bool, own: bool = True, chosen: frozenset[Card] = frozenset()
) -> str:
    """The viewer's hand numbered as it is typed, playable cards marked.

    ``own``: see ``seat_lines``; ``chosen``: cards named for a choice not made yet, marked as chosen.
    """
    if not own:
        cards = " ".join(card_markup(c, ascii_only=ascii_only) for c in table.hand)
        return (
            TEXTS.say("hand_of", name=escape(_name(table, table.viewer)), cards=cards) if table.hand else ""
        )
    if not table.hand:
        return TEXTS["hand_empty"] if table.viewer is not None else ""
    decision = table.decision
    choosing = decision is not None and decision.picks is not None and table.viewer in decision.seats
    every = choosing or all(c in table.playable for c in table.hand)
    marked = table.playable if not every else frozenset()
    tick = "+" if ascii_only else "✓"
    chosen = chosen if choosing else frozenset()

    def card(i: int, c: Card) -> str:
        said = card_markup(c, ascii_only=ascii_only)
        if c in chosen:
            return f"[dim]{i}[/]:[reverse]{said}[/]{tick}"
        return f"[dim]{i}[/]:{said}{'*' if c in marked else ''}"

    cards = "  ".join(card(i, c) for i, c in enumerate(table.hand, 1))
    if chosen:
        return TEXTS.say("hand_chosen", cards=cards, mark=tick)
    key = "hand_choose" if choosing else "hand_marked" if marked else "hand_any" if table.playable else "hand"
    return TEXTS.say(key, cards=cards)


def history(table: Tabletop, ascii_only: bool) -> tuple[str, tuple[str, ...]]:
    """The last finished trick or event, card by card, under its label."""
    last = table.last
    if last is None:
        return "", ()
    lines = tuple(_placed(table, p, ascii_only) for p in last.cards)
    return _text(last.label, ascii_only), lines + ((_text(last.note, ascii_only),) if last.note else ())


def heading(table: Tabletop, ascii_only: bool, names: tuple[str, str] = ("", "")) -> str:
    """The heading; in ASCII, a game's name in another script as ``names`` gives it (name, ASCII name)."""
    text = table.heading.replace(*names) if ascii_only and names[0] else table.heading
    return shown(text, ascii_only)


def screen_parts(
    table: Tabletop,
    ascii_only: bool,
    names: tuple[str, str] = ("", ""),
    *,
    own: bool = True,
    chosen: frozenset[Card] = frozenset(),
    full: Sequence[str] = (),
) -> Parts:
    """The model in the full-screen table's places (``names``: see ``heading``; ``own``, ``chosen``:
    see ``hand_line``; ``full``: see ``seat_lines``)."""
    title, lines = history(table, ascii_only)
    return Parts(
        heading=heading(table, ascii_only, names),
        seats=tuple(line for p in table.seats for line in seat_lines(table, p, ascii_only, own, full)),
        centre=tuple(centre_lines(table, ascii_only, own)),
        turn=turn_line(table, ascii_only, own),
        hand=hand_line(table, ascii_only, own, chosen),
        history=lines,
        history_title=title,
    )


def table_lines(
    table: Tabletop,
    ascii_only: bool,
    names: tuple[str, str] = ("", ""),
    *,
    own: bool = True,
    chosen: frozenset[Card] = frozenset(),
    full: Sequence[str] = (),
) -> list[str]:
    """The model as lines for line mode: the same facts as the full screen, top to bottom."""
    parts = screen_parts(table, ascii_only, names, own=own, chosen=chosen, full=full)
    lines = [f"[reverse bold]{escape(parts.heading)}[/]", *parts.seats, *parts.centre]
    if parts.history:
        lines.append(f"{parts.history_title}: " + _sep(ascii_only).join(parts.history))
    return [*lines, *(line for line in (parts.turn, parts.hand) if line)]
