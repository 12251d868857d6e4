"""Dernier's position notation: a match in progress as one line of ``name=value`` fields.

Example (four players, P2 to move, an ace's penalty of 2 pending)::

    P1=7H KS JOKER; P2=2C AD; P3=9H 9H; P4=3S; discard=4C 8C AC; stock=...; turn=P2;
    direction=cw; suit=C; penalty=ace 2; dealer=P1; hand=1; won=0 0 0 0; points=0 0 0 0; decisions=9

``P1``… are the hands (sorted as the table shows them), ``discard`` and ``stock`` are
written bottom to top (the last card of the stock is drawn first); ``stock=...`` means
"every card not elsewhere, shuffled from the seed", and ``stock=... KD`` puts KD on top of
that. ``suit`` is the suit in force (a jack's or a joker's call), ``as`` the card a wild
joker on top stands for, ``drawn`` the card just drawn (option ``play_after_draw``),
``offer=7H by P2 asking P3 P4`` an open anticipo, ``over=P1`` the match's winners once
it is over; ``decisions`` counts the hand's decisions towards ``turn_limit``.

Left out (history): the log (and so which cards were once shown face up, which
``determinize`` would otherwise keep with their owners), the results of earlier hands
(``hand_results``; the match score is kept in ``won`` and ``points``), the card an
anticipo offered once its question is over, and the generator's state: reshuffles and
later deals are drawn from the seed given to ``read``.

Written for one seat (``write_seen``, the in-game ``position`` command), the other hands
and the discard pile below its top card are open (``P2=?5``, ``discard=?12 4C``; a card
another player just drew is ``drawn=?``), the stock is ``...``, and ``seen=P1`` names the
seat; cards shown face up stay with their owners (``P3=?4 7H``). Read back, the open cards
are dealt from the seed among the cards that seat cannot see.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardgames.core.eventlog import EventLog
from cardgames.core.position import (
    PositionError,
    PositionNotation,
    card_text,
    cards,
    fields,
    fill_open,
    inert_word,
    numbers,
    open_cards,
    seat,
    seats,
    seen_text,
    whole,
)
from cardgames.games.dernier.actions import JACK, JOKER_INDEX, RANK_OF, SUIT_OF
from cardgames.games.dernier.hidden import shown_cards
from cardgames.games.dernier.options import DernierOptions
from cardgames.games.dernier.state import DernierState
from cardgames.games.dernier.tables import AFTER_DRAW, ANTICIPO, OVER, PLAY_PHASE
from cardgames.primitives.cards import CARDS, Suit, parse_suit
from cardgames.primitives.language import catalog

_ = catalog("cardgames.games.dernier").gettext
ngettext = catalog("cardgames.games.dernier").ngettext

FIELDS = (
    "discard",
    "stock",
    "turn",
    "direction",
    "suit",
    "as",
    "rank",
    "penalty",
    "drawn",
    "offer",
    "dealer",
    "hand",
    "won",
    "points",
    "decisions",
    "over",
    "seen",
)
REQUIRED = ("discard", "turn")


def _names(indices: list[int]) -> str:
    return card_text(CARDS[i] for i in indices)


def _seat(p: int) -> str:
    return f"P{p + 1}"


class DernierPosition(PositionNotation):
    """Writes and reads Dernier positions (see the module's docstring)."""

    leaves_out = (
        "the log (so which cards were once shown face up), earlier hands' results "
        "(the match score is kept), a closed anticipo offer and the generator's state"
    )

    def write(self, state: DernierState) -> str:
        """The match as one line."""
        return self._write(state, None)

    def write_seen(self, state: DernierState, seat: int) -> str:
        """The match as ``seat`` may know it: other hands, the discard below its top and the stock open."""
        return self._write(state, seat)

    def _write(self, state: DernierState, seen: int | None) -> str:
        n = state.n
        shown = shown_cards(state.log.records(), n) if seen is not None else []
        parts = []
        for p in range(n):
            hand = state.hand(p)
            if seen is None or p == seen:
                parts.append(f"P{p + 1}={_names(hand)}")
            else:  # only the cards shown face up are known to stay with their owner
                pinned = sorted(c for c, k in shown[p].items() for _ in range(k))
                parts.append(f"P{p + 1}={seen_text(len(hand) - len(pinned), (CARDS[c] for c in pinned))}")
        if seen is None:
            parts.append(f"discard={_names(state.discard)}")
            parts.append(f"stock={_names(state.stock)}")
        else:
            parts.append(f"discard={seen_text(len(state.discard) - 1, [CARDS[state.discard[-1]]])}")
            parts.append("stock=...")
        parts.append(f"turn={_seat(state.current)}")
        parts.append(f"direction={'cw' if state.direction == 1 else 'ccw'}")
        parts.append(f"suit={Suit(state.suit).letter}")
        if state.top_as >= 0:
            parts.append(f"as={_names([state.top_as])}")
        if state.top_rank != _derived_rank(state):  # only once over: the last card played had no effect
            parts.append(f"rank={state.top_rank}")
        if state.penalty.pending:
            parts.append(f"penalty={state.penalty.kind} {state.penalty.pending}")
        if state.phase == AFTER_DRAW:
            hidden = seen is not None and seen != state.current
            parts.append(f"drawn={'?' if hidden else _names([state.drawn])}")
        if state.phase == ANTICIPO:
            asking = " ".join(_seat(p) for p in state.asking)
            parts.append(f"offer={_names([state.offer_card])} by {_seat(state.offer_from)} asking {asking}")
        parts.append(f"dealer={_seat(state.dealer)}")
        parts.append(f"hand={state.hand_no}")
        parts.append(f"won={' '.join(map(str, state.wins))}")
        parts.append(f"points={' '.join(map(str, state.totals))}")
        parts.append(f"decisions={state.hand_decisions}")
        if state.phase == OVER:
            parts.append(f"over={' '.join(_seat(p) for p in state.match_winners)}")
        if seen is not None:
            parts.append(f"seen={_seat(seen)}")
        return "; ".join(parts)

    def read(self, text: str, options: DernierOptions, seed: int) -> DernierState:
        """A match from its position; a stock given as ``...`` is shuffled from ``seed``."""
        hands_of = [f"p{p}" for p in range(1, 9)]
        got = fields(text, (*hands_of, *FIELDS))
        n = sum(1 for h in hands_of if h in got)
        if n < 2 or any(hands_of[p] not in got for p in range(n)):
            raise PositionError(_("write every seat's hand, P1=… to Pn=…, for 2 to 8 seats in a row"))
        for name in REQUIRED:
            if name not in got:
                raise PositionError(_("the field {name} is missing").format(name=repr(name)))
        state = DernierState(options, n, seed)
        return _fill(state, got, n)


def _indices(text: str, what: str) -> list[int]:
    return [c.index for c in cards(text, what)]


def _slots(text: str, what: str) -> list[int | None]:
    """Cards where ``?`` marks an open one (None)."""
    return [None if c is None else c.index for c in open_cards(text, what)]


def _one(text: str, what: str) -> int:
    found = _indices(text, what)
    if len(found) != 1:
        raise PositionError(
            _("{what}: write one card, not {text}").format(what=what, text=repr(inert_word(text)))
        )
    return found[0]


def _fill(state: DernierState, got: dict[str, str], n: int) -> DernierState:
    options = state.options
    over = "over" in got
    slots = [_slots(got[f"p{p + 1}"], _seat(p)) for p in range(n)]
    for p, h in enumerate(slots):
        if not h and not over:
            raise PositionError(_("{seat} has no cards: the hand would be over").format(seat=_seat(p)))
    pile = _slots(got["discard"], "discard")
    if not pile or pile[-1] is None:
        raise PositionError(_("discard: the discard pile always has a top card, face up"))
    stock_text = got.get("stock", "...")
    rest = stock_text.split()[:1] == ["..."]
    stock = _indices(stock_text.replace("...", " ", 1) if rest else stock_text, "stock")
    seen = _seen(got, slots, n)
    deck = Counter(state.deck)
    known = [c for zone in (*slots, pile) for c in zone if c is not None]
    used = Counter(known) + Counter(stock)
    for c, k in sorted(used.items()):
        if k > deck[c]:
            said = ngettext(
                "{card} appears {count} time, but the deck has {has} (D-2)",
                "{card} appears {count} times, but the deck has {has} (D-2)",
                k,
            )
            raise PositionError(said.format(card=_names([c]), count=k, has=deck[c]))
    missing = sorted((deck - used).elements())
    opened = sum(1 for zone in (*slots, pile) for c in zone if c is None)
    if len(missing) > opened and not rest:  # fewer: fill_open says how many open cards are too many
        said = ngettext(
            "{count} card of the deck is nowhere ({cards}…): list it or begin the stock with '...' "
            "(the rest, shuffled)",
            "{count} cards of the deck are nowhere ({cards}…): list them or begin the stock with '...' "
            "(the rest, shuffled)",
            len(missing) - opened,
        )
        raise PositionError(said.format(count=len(missing) - opened, cards=_names(missing[:6])))
    if rest or opened:  # the open cards are the first of the shuffled rest, the stock what is left
        state.rng.rng().shuffle(missing)
    *hands, discard = fill_open([*slots, pile], missing)[0]
    if rest:
        stock = missing[opened:] + stock
    state.hands = hands  # every seat's counts, masks and size (the state was dealt for n seats)
    state.stock = stock
    state.discard = discard
    state.current = seat(got["turn"], n, "turn")
    direction = got.get("direction", "cw" if state.start_dir == 1 else "ccw").casefold()
    if direction not in ("cw", "ccw"):
        said = _("direction: write cw (clockwise) or ccw, not {text}")
        raise PositionError(said.format(text=repr(inert_word(direction))))
    state.direction = 1 if direction == "cw" else -1
    _fill_top(state, got)
    _fill_phase(state, got, n, slots, hands, seen)
    state.dealer = seat(got.get("dealer", "P1"), n, "dealer")
    state.hand_no = whole(got.get("hand", "1"), "hand", 1)
    state.wins = tuple(numbers(got.get("won", " ".join("0" * n)), n, "won"))
    state.totals = tuple(numbers(got.get("points", " ".join("0" * n)), n, "points"))
    state.hand_decisions = whole(got.get("decisions", "0"), "decisions", 0)
    if state.hand_decisions >= options.turn_limit and not over:
        said = ngettext(
            "decisions: the hand stops at {count} decision (turn_limit)",
            "decisions: the hand stops at {count} decisions (turn_limit)",
            options.turn_limit,
        )
        raise PositionError(said.format(count=options.turn_limit))
    state.log = EventLog()
    state.shown_memo = (None, 0, [])
    state.results = []
    state.match_winners = ()
    if not over and options.scoring == "hands" and max(state.wins) >= options.hands_to_win:
        said = ngettext(
            "won: {count} hand won wins the match, so it is over; add over=… (D-21)",
            "won: {count} hands won win the match, so it is over; add over=… (D-21)",
            options.hands_to_win,
        )
        raise PositionError(said.format(count=options.hands_to_win))
    if not over and options.scoring == "cards" and max(state.totals) >= options.target_points:
        said = ngettext(
            "points: {count} card point ends the match, so it is over; add over=… (D-21)",
            "points: {count} card points end the match, so it is over; add over=… (D-21)",
            options.target_points,
        )
        raise PositionError(said.format(count=options.target_points))
    if over:
        state.phase = OVER
        state.match_winners = tuple(seats(got["over"], n, "over"))
        if not state.match_winners:
            raise PositionError(_("over: name the seats that won the match"))
    return state


def _seen(got: dict[str, str], slots: list[list[int | None]], n: int) -> int | None:
    """The seat whose knowledge the position is (``seen=``), whose own hand cannot be open."""
    opened = any(c is None for h in slots for c in h) or "?" in got["discard"] or got.get("drawn") == "?"
    if "seen" not in got:
        if opened:
            raise PositionError(
                _("open cards (?) are what one seat cannot see: name that seat, as in seen=P1")
            )
        return None
    who = seat(got["seen"], n, "seen")
    if any(c is None for c in slots[who]):
        said = _("seen: {seat} sees its own hand, so none of its cards is open")
        raise PositionError(said.format(seat=_seat(who)))
    return who


def _suit(text: str) -> int:
    try:
        return int(parse_suit(text))
    except ValueError as exc:
        raise PositionError(f"suit: {exc}") from None  # the field's name, then parse_suit's words


def _derived_rank(state: DernierState) -> int:
    """The rank in force that the top card (or what it stands for) gives."""
    face = state.top_as if state.top_as >= 0 else state.discard[-1]
    return 0 if face == JOKER_INDEX else RANK_OF[face]


def _fill_top(state: DernierState, got: dict[str, str]) -> None:
    """The card in force: the top of the discard pile, what a joker stands for, the suit called.

    Once the match is over the last card played had no effect (it ended the hand), so the
    fields say what was in force before it and are taken as written.
    """
    if "over" in got:
        top = state.discard[-1]
        state.top_as = _one(got["as"], "as") if "as" in got else -1
        state.suit = int(_suit(got.get("suit", "C")))
        state.top_rank = whole(got["rank"], "rank", 0) if "rank" in got else _derived_rank(state)
        return
    if "rank" in got:
        raise PositionError(_("rank: the rank in force follows from the top card (written only once over)"))
    top = state.discard[-1]
    wild = state.jmode == 0
    face = top
    state.top_as = -1
    if "as" in got:
        if top != JOKER_INDEX or not wild:
            raise PositionError(_("as: only a wild joker on top of the discard pile stands for a card"))
        face = state.top_as = _one(got["as"], "as")
        if face == JOKER_INDEX:
            raise PositionError(_("as: a joker stands for a card, not for a joker"))
    elif top == JOKER_INDEX and wild:
        raise PositionError(_("as: say which card the wild joker on top stands for, as in as=7H"))
    called = face == JOKER_INDEX or RANK_OF[face] == JACK
    if "suit" in got:
        suit = _suit(got["suit"])
        if not called and suit != SUIT_OF[face]:
            said = _("suit: {card} is in force, so its own suit is (only a jack calls one)")
            raise PositionError(said.format(card=_names([face])))
    elif called:
        raise PositionError(_("suit: name the suit the jack or joker on top called, as in suit=H"))
    else:
        suit = SUIT_OF[face]
    state.suit = suit
    state.top_rank = 0 if face == JOKER_INDEX else RANK_OF[face]


def _fill_phase(
    state: DernierState,
    got: dict[str, str],
    n: int,
    slots: list[list[int | None]],
    hands: list[list[int]],
    seen: int | None,
) -> None:
    """The pending penalty, a card just drawn and an open anticipo offer."""
    state.penalty.pending, state.penalty.kind = 0, None
    if "penalty" in got:
        kind, _space, amount = got["penalty"].partition(" ")
        if kind not in ("ace", "joker"):
            said = _("penalty: write 'ace 2' or 'joker 5', not {text}")
            raise PositionError(said.format(text=repr(inert_word(got["penalty"]))))
        state.penalty.pending, state.penalty.kind = whole(amount, "penalty", 1), kind
    state.phase = PLAY_PHASE
    state.drawn = -1
    state.asking = []
    state.offer_card = state.offer_from = -1
    if "drawn" in got:
        if not state.play_after_draw:
            raise PositionError(_("drawn: a player keeps the turn after drawing only with play_after_draw"))
        if got["drawn"].strip() == "?":  # another player's fresh card: one of its open cards
            open_places = [k for k, c in enumerate(slots[state.current]) if c is None]
            if seen is None or seen == state.current or not open_places:
                said = _("drawn: only a card another player drew is open, and it is in its hand")
                raise PositionError(said)
            c = hands[state.current][open_places[-1]]
        else:
            c = _one(got["drawn"], "drawn")
        if not state.held(state.current)[c]:
            said = _("drawn: {card} is not in the hand of {seat}, who drew it")
            raise PositionError(said.format(card=_names([c]), seat=_seat(state.current)))
        state.phase, state.drawn = AFTER_DRAW, c
    if "offer" in got:
        if "drawn" in got:
            raise PositionError(_("offer: an anticipo is not asked while a player decides on a drawn card"))
        if not state.anticipo:
            raise PositionError(_("offer: anticipo questions are asked only with the option anticipo"))
        card, by, asking = _offer(got["offer"], n)
        if card != state.discard[-1]:
            raise PositionError(_("offer: the card offered is the one on top of the discard pile"))
        if by in asking or state.current in asking:
            said = _("offer: neither the player who played the card nor the player to move is asked")
            raise PositionError(said)
        state.phase, state.offer_card, state.offer_from, state.asking = ANTICIPO, card, by, asking


def _offer(text: str, n: int) -> tuple[int, int, list[int]]:
    words = text.split()
    if len(words) < 5 or words[1].casefold() != "by" or words[3].casefold() != "asking":
        said = _("offer: write '7H by P2 asking P3 P4', not {text}")
        raise PositionError(said.format(text=repr(inert_word(text))))
    return _one(words[0], "offer"), seat(words[2], n, "offer"), seats(" ".join(words[4:]), n, "offer")


POSITION: Any = DernierPosition()
