"""Последний's position notation: a game in progress as one line of ``name=value`` fields.

Examples (four players in the exchange of deal 2, P2 dealing, P2 lost deal 1; three
players in the play, P2 to lead the third trick)::

    P1=JC 8D 9D JD 10H 10S QS; P2=AC 7D QD AD KH AH 7S 8S; P3=7C 9C 10C KC 7H 9H JH QH 9S AS;
    P4=8C QC 10D KD 8H JS KS; dealer=P2; passed=KC QH 9S; results=P2; points=0 1 0 0

    P1=KC JD 9H AH 9S QS; P2=9C 10C 9D 10D KS AS; P3=JC QC AC JH 10S JS; dealer=P3;
    passed=9H 9S / AS; tricks=10H QH KH / KD AD QD; trick=-; results=P1 P2; points=2 2 0

``P1``… are the hands, ``passed`` the exchange's passes so far in the order of the chain
(groups separated by ``/``), ``picked`` the cards the giver to act has set aside so far
(a pass is chosen card by card, in the order they were picked), ``tricks`` this deal's
finished tricks (each in order of play) and ``trick`` the cards of the trick on the table.
Who led each trick and who took it follow
from the rules (the dealer's right leads the first, the highest card of the led suit takes
a trick, its taker leads the next), so they are not written. ``trick`` is present exactly
during the play (``trick=-`` before the first card); without it the position is in the
exchange. ``results`` lists the finished deals, each by the seat that took the last trick
(``P2``) or all eight (``P2*``); ``points`` is the penalty sheet (points mode).

Written for one seat (``write_seen``, the in-game ``position`` command), the other hands
are open (``P2=?8``), so are the passes that seat neither gave nor received
(``passed=?3 / 9H 9S``) and another giver's cards set aside (``picked=?2``); ``seen=P1``
names the seat. Read back, the open cards are dealt from the seed as that seat's search
would deal them: consistently with the voids the tricks showed and the cards it passed.

Left out (history): the log and the seat draw (the view's ``seat_cards`` and
``draw_order``; a position read back sits the ace's drawer at P1 and draws the rest from
the seed), and the generator's state: later deals are shuffled from the seed given to
``read``.
"""

from __future__ import annotations

from typing import Any

from cardgames.core.eventlog import EventLog
from cardgames.core.position import (
    PositionError,
    PositionNotation,
    cards,
    fields,
    fill_open,
    inert_word,
    numbers,
    open_cards,
    open_text,
    seat,
    seen_text,
)
from cardgames.games.posledniy.log import log_trick
from cardgames.games.posledniy.options import PosledniyOptions
from cardgames.games.posledniy.phases import EXCHANGE, OVER, PLAY_PHASE
from cardgames.games.posledniy.position_checks import (
    card_names,
    check_cards,
    check_exchange,
    check_passes,
    deal_open,
    seat_label,
    seen_seat,
)
from cardgames.games.posledniy.scoring import deal_points
from cardgames.games.posledniy.state import CHAINS, DECKS, TRICKS, PosledniyState
from cardgames.primitives.language import catalog
from cardgames.primitives.scoring import PenaltySheet, settle_penalties

_ = catalog("cardgames.games.posledniy").gettext
ngettext = catalog("cardgames.games.posledniy").ngettext

FIELDS = ("dealer", "passed", "picked", "tricks", "trick", "results", "points", "seen")


def taker(leader: int, trick: tuple[int, ...] | list[int], players: int) -> int:
    """Who takes a full trick led by ``leader``: the highest card of the led suit (P-7, no trumps)."""
    led = trick[0] // 13
    best = max(range(len(trick)), key=lambda k: trick[k] if trick[k] // 13 == led else -1)
    return (leader + best) % players


class PosledniyPosition(PositionNotation):
    """Writes and reads Последний positions (see the module's docstring)."""

    omits = ("log", "seat_cards", "draw_order")
    leaves_out = "the log, the seat draw and the generator's state"

    def write(self, state: PosledniyState) -> str:
        """The game as one line."""
        return self._write(state, None)

    def write_seen(self, state: PosledniyState, seat: int) -> str:
        """The game as ``seat`` may know it: other hands, others' passes and picks open."""
        return self._write(state, seat)

    def _write(self, state: PosledniyState, seen: int | None) -> str:
        n = state.n

        def knows(p: int) -> bool:
            return seen is None or p == seen

        parts = [
            f"P{p + 1}={card_names(state.hands[p]) if knows(p) else seen_text(len(state.hands[p]), ())}"
            for p in range(n)
        ]
        parts.append(f"dealer={seat_label(state.dealer)}")
        if state.passes:
            groups = [
                card_names(cards) if knows(step.giver) or knows(step.receiver) else open_text(len(cards))
                for cards, step in zip(state.passes, state.chain, strict=False)
            ]
            parts.append("passed=" + " / ".join(groups))
        if state.picked:  # the giver to act is choosing its pass card by card (protocol 2 picks)
            giver = state.chain[state.step].giver
            parts.append(
                f"picked={card_names(state.picked) if knows(giver) else open_text(len(state.picked))}"
            )
        if state.phase != EXCHANGE:
            if state.tricks:
                parts.append("tricks=" + " / ".join(card_names(t[1]) for t in state.tricks))
            parts.append(f"trick={card_names(state.trick)}")
        if state.results:
            parts.append(
                "results=" + " ".join(seat_label(r[2]) + "*" * (r[3] is not None) for r in state.results)
            )
        if not state.chips_mode:
            parts.append(f"points={' '.join(map(str, state.sheet.points))}")
        if seen is not None:
            parts.append(f"seen={seat_label(seen)}")
        return "; ".join(parts)

    def read(self, text: str, options: PosledniyOptions, seed: int) -> PosledniyState:
        """A game from its position; later deals are shuffled from ``seed``."""
        hands_of = ("p1", "p2", "p3", "p4")
        got = fields(text, (*hands_of, *FIELDS))
        n = sum(1 for h in hands_of if h in got)
        if n not in DECKS or any(hands_of[p] not in got for p in range(n)):
            raise PositionError(_("write every seat's hand, P1=… to P3=… or P4=… (3 or 4 players, P-1)"))
        state = PosledniyState(options, n, seed)
        slots = [
            [None if c is None else c.index for c in open_cards(got[f"p{p + 1}"], seat_label(p))]
            for p in range(n)
        ]
        dealer = seat(got.get("dealer", "P1"), n, "dealer")
        chain = CHAINS[n, dealer]
        passes = [_pass(g) for g in _groups(got.get("passed", ""))]
        picked_slots = open_cards(got.get("picked", "-"), "picked")
        seen = seen_seat(got, slots, passes, picked_slots, chain, n)
        if len(passes) > len(chain):
            said = ngettext(
                "passed: the exchange has {count} pass, not {given} (P-5)",
                "passed: the exchange has {count} passes, not {given} (P-5)",
                len(chain),
            )
            raise PositionError(said.format(count=len(chain), given=len(passes)))
        for k, (p, step) in enumerate(zip(passes, chain, strict=False)):
            if len(p) != step.count or len(set(p)) != len(p):
                said = ngettext(
                    "passed: pass {number} is {count} card (P-5)",
                    "passed: pass {number} is {count} different cards (P-5)",
                    step.count,
                )
                raise PositionError(said.format(number=k + 1, count=step.count))
        playing = "trick" in got
        tricks = [tuple(c.index for c in cards(g, "tricks")) for g in _groups(got.get("tricks", ""))]
        trick = [c.index for c in cards(got.get("trick", "-"), "trick")]
        if not playing and tricks:
            raise PositionError(
                _("tricks: tricks are played after the exchange; add trick=… (- for none yet)")
            )
        if playing and len(passes) != len(chain):
            said = ngettext(
                "trick: the play begins after the {count} pass of the exchange (P-5)",
                "trick: the play begins after all {count} passes of the exchange (P-5)",
                len(chain),
            )
            raise PositionError(said.format(count=len(chain)))
        if not playing and len(passes) == len(chain):
            said = ngettext(
                "passed: after the {count} pass the play has begun; add trick=… (- for none yet, P-5)",
                "passed: after all {count} passes the play has begun; add trick=… (- for none yet, P-5)",
                len(chain),
            )
            raise PositionError(said.format(count=len(chain)))
        if any(len(t) != n for t in tricks) or len(tricks) > TRICKS or len(trick) >= n:
            said = _(
                "tricks: a trick is {count} cards, a deal {tricks} tricks; trick holds fewer than {count}"
            )
            raise PositionError(said.format(count=n, tricks=TRICKS))
        played = {c for t in tricks for c in t} | set(trick)
        pool = sorted(set(DECKS[n]) - played - {c for h in slots for c in h if c is not None})
        hands = [sorted(h) for h in fill_open(slots, pool)[0]]
        check_cards(n, hands, tricks, trick)
        over = len(tricks) == TRICKS
        results = _results(got.get("results", ""), n, dealer, over=over, chips=state.chips_mode)
        state.dealer, state.hands, state.chain, state.passes = (
            dealer,
            [tuple(h) for h in hands],
            chain,
            tuple(passes),
        )
        state.step = len(passes)
        state.events = EventLog()  # the seat draw is history too: the position seats the players
        state.tricks, state.taken, state.trick = (), (0,) * n, tuple(trick)
        state.tricks_seen, state.chips_seen = (None, ()), ((-1, -1), ())
        state.results = results
        state.deal_no = len(results) + (len(tricks) < TRICKS)
        if "points" in got:
            if state.chips_mode:
                raise PositionError(_("points: a game played for chips keeps no penalty sheet"))
            state.sheet = PenaltySheet(n, state.sheet.target, numbers(got["points"], n, "points"))
        elif results and not state.chips_mode:
            state.sheet = PenaltySheet(
                n, state.sheet.target, [sum(r[4][p] for r in results) for p in range(n)]
            )
        added = [sum(r[4][p] for r in results) for p in range(n)]
        if results and not state.chips_mode and state.sheet.points != added:
            raise PositionError(_("points: the penalty sheet is not what the results add up to (P-10)"))
        ended = len(results) >= (state.deals_total or 0) if state.chips_mode else state.sheet.finished()
        if ended and not over:
            said = _("results: the game is over after these deals, so no deal is in progress (P-11)")
            raise PositionError(said)
        picked = [-1 - k if c is None else c.index for k, c in enumerate(picked_slots)]
        if picked and (playing or state.step >= len(chain)):
            said = _("picked: cards are set aside only while a pass of the exchange is chosen (P-5)")
            raise PositionError(said)
        if picked:
            giver, count = chain[state.step].giver, chain[state.step].count
            if (
                len(set(picked)) != len(picked)
                or len(picked) >= count
                or not set(picked) <= set(hands[giver]) | {c for c in picked if c < 0}
            ):
                said = ngettext(
                    "picked: fewer than {count} card of the hand of {seat}, whose pass is being chosen (P-5)",
                    "picked: fewer than {count} different cards of the hand of {seat}, whose pass is being "
                    "chosen (P-5)",
                    count,
                )
                raise PositionError(said.format(count=count, seat=seat_label(giver)))
        if not playing:
            check_exchange(n, dealer, hands, passes)
            state.phase, state.actor = (
                EXCHANGE,
                chain[state.step].giver if state.step < len(chain) else dealer,
            )
            state.picked = tuple(picked)
        else:
            _play(state, tricks, trick)
        if seen is not None:
            deal_open(state, seen)
        check_passes(state)
        return state


def _pass(text: str) -> tuple[int, ...]:
    """One pass of the exchange; an open one (``?3``) holds stand-ins until its cards are dealt."""
    found = open_cards(text, "passed")
    if all(c is None for c in found):
        return tuple(-1 - k for k in range(len(found)))
    if any(c is None for c in found):
        said = _("passed: a pass is either known or open, not {text}")
        raise PositionError(said.format(text=repr(inert_word(text))))
    return tuple(c.index for c in found if c is not None)


def _groups(text: str) -> list[str]:
    return text.split("/") if text.strip() else []


def _results(
    text: str, n: int, dealer: int, *, over: bool, chips: bool
) -> list[tuple[int, int, int, int | None, tuple[int, ...]]]:
    """The finished deals: number, dealer (the deal passes left, P-11), last-trick taker, sweeper, points."""
    words = text.split()
    out = []
    for k, word in enumerate(words):
        swept = word.endswith("*")
        last = seat(word.removesuffix("*"), n, "results")
        by = (dealer - (len(words) - k) + over) % n
        sweeper = last if swept else None
        points = (0,) * n if chips else deal_points(n, by, last, sweeper)
        out.append((k + 1, by, last, sweeper, points))
    return out


def _play(state: PosledniyState, tricks: list[tuple[int, ...]], trick: list[int]) -> None:
    n = state.n
    leader = (state.dealer - 1) % n  # the dealer's right leads the first trick (P-6)
    for t in tricks:
        winner = taker(leader, t, n)
        state.tricks = (*state.tricks, (leader, t, winner))
        log_trick(state, leader, t, winner)
        state.taken = (*state.taken[:winner], state.taken[winner] + 1, *state.taken[winner + 1 :])
        leader = winner
    played = [0] * n
    for k in range(len(trick)):
        played[(leader + k) % n] = 1
    for p in range(n):
        want = TRICKS - len(tricks) - played[p]
        if len(state.hands[p]) != want:
            said = ngettext(
                "{seat} holds {count} card; after these tricks it has {want} (P-7)",
                "{seat} holds {count} cards; after these tricks it has {want} (P-7)",
                len(state.hands[p]),
            )
            raise PositionError(said.format(seat=seat_label(p), count=len(state.hands[p]), want=want))
    if len(tricks) == TRICKS:
        _over(state, leader)
        return
    log_trick(state, leader, trick, None)
    state.phase, state.leader, state.actor = PLAY_PHASE, leader, (leader + len(trick)) % n
    state.sync_actions()


def _over(state: PosledniyState, last: int) -> None:
    """All eight tricks are played: the last result is this deal's, and the game has ended (P-11)."""
    swept = last if state.taken[last] == TRICKS else None
    if not state.results or state.results[-1][2:4] != (last, swept):
        said = _("results: the last result is the deal just played, taken by who took its last trick")
        raise PositionError(said)
    over = len(state.results) >= (state.deals_total or 0) if state.chips_mode else state.sheet.finished()
    if not over:
        raise PositionError(
            _("tricks: eight tricks end the deal, and the game goes on: deal the next (P-11)")
        )
    if not state.chips_mode:
        state.settlement = settle_penalties(state.sheet.points, state.options.target, state.options.unit)
    state.phase, state.actor = OVER, None
    outcome = state.outcome()
    assert outcome is not None
    from cardgames.core.state import LogEntry

    state.events.append(LogEntry(None, outcome.summary))


POSITION: Any = PosledniyPosition()
