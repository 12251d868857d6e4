"""The Последний table as one seat sees it: the model the browser and the terminal draw.

Every text a player reads here is in ``TEXTS``, one whole sentence or phrase per key with
``{placeholders}``, so that a translation replaces the table and nothing else. The public
log says what the view no longer holds: who passed how many cards in this deal's exchange,
and, until the next lead, the last trick of the deal just played and its result.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.core.tableread import seat_names, trick_zone
from cardgames.core.tabletop import CentreZone, Decision, Mark, PlacedCard, SeatPlace, Tabletop, ZoneKind
from cardgames.games.posledniy import log
from cardgames.games.posledniy.exchange import PASS_COUNTS
from cardgames.games.posledniy.log import TRICKS
from cardgames.games.posledniy.view import PosledniyView
from cardgames.primitives.cards import Card
from cardgames.primitives.language import N_, N_plural, Texts, catalog
from cardgames.primitives.said import Said

TEXTS = Texts(
    catalog("cardgames.games.posledniy"),
    {
        "heading_chips": N_("Последний · deal {deal} of {deals}"),
        "heading_points": N_("Последний · deal {deal} · penalty points that end the game: {target}"),
        "chips": N_plural("{count:+d} chip", "{count:+d} chips"),
        "points": N_plural("1 penalty point", "{count} penalty points"),
        "passed": N_plural("passed 1 card face down to {name}", "passed {count} cards face down to {name}"),
        "passed_you": N_plural("passed 1 card face down to you", "passed {count} cards face down to you"),
        "trick": N_("Trick {number} of {tricks}"),
        "last_trick": N_("Last trick of deal {deal}"),
        "took_trick": N_("{name} took it"),
        "took_trick_you": N_("You took it"),
        "you_pass": N_("Set aside to pass to {name}"),
        "set_aside": N_("{name}'s cards set aside to pass"),
        "you_passed": N_("You passed to {name}"),
        "you_received": N_("You received from {name}"),
        "pass": N_plural("pass 1 card face down to {name}", "pass {count} cards face down to {name}"),
        "passes": N_plural(
            "{name} passes 1 card face down to {to}", "{name} passes {count} cards face down to {to}"
        ),
        "passes_you": N_plural(
            "{name} passes 1 card face down to you", "{name} passes {count} cards face down to you"
        ),
        "pass_detail": N_("Choose the cards you want rid of; {name} takes them in before passing on."),
        "your_move": N_("your move"),
        "lead_detail": N_("Lead any card."),
        "follow_detail": N_("Follow {suit} {suit_name} if you can; otherwise play any card."),
        "to_lead": N_("{name} to lead"),
        "to_play": N_("{name} to play"),
        "last_trick_lost": N_("Deal {deal}: {name} took the last trick and lost the deal."),
        "last_trick_lost_you": N_("Deal {deal}: you took the last trick and lost the deal."),
        "sweep": N_("Deal {deal}: {name} took all eight tricks and won the deal."),
        "sweep_you": N_("Deal {deal}: you took all eight tricks and won the deal."),
        "pays": N_plural(
            "Paid by {name} to each other player: 1 chip.",
            "Paid by {name} to each other player: {count} chips.",
        ),
        "collects": N_plural(
            "Collected by {name} from each other player: 1 chip.",
            "Collected by {name} from each other player: {count} chips.",
        ),
        "pays_you": N_plural(
            "Paid by you to each other player: 1 chip.", "Paid by you to each other player: {count} chips."
        ),
        "collects_you": N_plural(
            "Collected by you from each other player: 1 chip.",
            "Collected by you from each other player: {count} chips.",
        ),
        "scores": N_plural("Penalty for {name}: 1 point.", "Penalty for {name}: {count} points."),
        "scores_you": N_plural("Your penalty: 1 point.", "Your penalty: {count} points."),
        "others_score": N_("Every other player scores 1 penalty point."),
    },
)
"""Every text of Последний's table, by key; ``KEY_you`` is ``KEY`` said to the player it names."""


def _about(view: PosledniyView, key: str, seat: int, names: Sequence[str], **values: object) -> str:
    """Text ``key`` naming ``seat`` (as ``{name}``), or its second-person form when that is the viewer."""
    if seat == view.seat and f"{key}_you" in TEXTS:
        return TEXTS.say(f"{key}_you", **values)
    return TEXTS.say(key, name=names[seat], **values)


def _score(view: PosledniyView, seat: int) -> str:
    if view.scoring == "chips" or view.phase == "over":
        chips = view.chips[seat]
        return TEXTS.say("chips", count=chips)
    points = view.points[seat]
    return TEXTS.say("points", count=points, target=view.target)


def _passes(view: PosledniyView, names: Sequence[str]) -> dict[int, str]:
    """Who has passed how many cards in this deal's exchange, from the public log."""
    out: dict[int, str] = {}
    for entry in reversed(view.log):
        if log.is_message(entry, log.DEALS):
            break
        public = entry.public_entry
        if log.is_message(public, log.PASSES) and entry.seat is not None:
            count, to = public.said.value("count"), (entry.seat + 1) % view.players
            out[entry.seat] = _about(view, "passed", to, names, count=count)
    return out


def _exchange(view: PosledniyView, names: Sequence[str]) -> list[CentreZone]:
    """The cards set aside to pass now (the viewer's own face up), and what the viewer passed and received."""
    zones = []
    left = names[(view.seat + 1) % view.players]
    if view.phase == "exchange" and view.to_act is not None and view.set_aside:
        if view.to_act == view.seat:
            zones.append(CentreZone(ZoneKind.PASSED, TEXTS.say("you_pass", name=left), _placed(view.chosen)))
        else:
            zones.append(
                CentreZone(
                    ZoneKind.PASSED, TEXTS.say("set_aside", name=names[view.to_act]), backs=view.set_aside
                )
            )
    if view.passed and view.passed_to is not None:
        label = TEXTS.say("you_passed", name=names[view.passed_to])
        zones.append(CentreZone(ZoneKind.PASSED, label, _placed(view.passed)))
    if view.received and view.received_from is not None:
        label = TEXTS.say("you_received", name=names[view.received_from])
        zones.append(CentreZone(ZoneKind.PASSED, label, _placed(view.received)))
    return zones


def _placed(cards: tuple[Card, ...]) -> tuple[PlacedCard, ...]:
    """Cards of an exchange: the zone's label says whose they are."""
    return tuple(PlacedCard(c) for c in cards)


def _decision(view: PosledniyView, names: Sequence[str], seconds: float | None) -> Decision | None:
    asked = view.to_act
    if asked is None or view.phase == "over":
        return None
    if view.phase == "exchange":
        to = (asked + 1) % view.players
        if asked == view.seat:
            count = view.must_pass
            text = TEXTS.say("pass", count=count, name=names[to])
            detail = TEXTS.say("pass_detail", name=names[to])
            return Decision((asked,), text, detail=detail, picks=count, to_seat=to, seconds=seconds)
        count = PASS_COUNTS[view.players][(asked - view.dealer) % view.players]
        if to == view.seat:
            text = TEXTS.say("passes_you", name=names[asked], count=count)
        else:
            text = TEXTS.say("passes", name=names[asked], count=count, to=names[to])
        return Decision((asked,), text, picks=count, to_seat=to, seconds=seconds)
    if asked == view.seat:
        led = view.trick[0].suit if view.trick else None
        detail = (
            TEXTS["lead_detail"]
            if led is None
            else TEXTS.say("follow_detail", suit=led.glyph, suit_name=led.spoken)
        )
        return Decision((asked,), TEXTS["your_move"], detail=detail, seconds=seconds)
    return Decision(
        (asked,), TEXTS.say("to_play" if view.trick else "to_lead", name=names[asked]), seconds=seconds
    )


def _deal_end(view: PosledniyView, names: Sequence[str]) -> tuple[CentreZone | None, tuple[str, ...]]:
    """The last trick of the deal before, until this deal's first trick is taken, and that deal's
    result until this deal's first lead; read from the log."""
    if view.tricks:
        return None, ()
    log_ = view.log
    led = False
    for i in range(len(log_) - 1, -1, -1):
        led = led or log.is_message(log_[i], log.PLAYS_CARD)
        loser = log_[i].seat
        if not log.is_message(log_[i], log.TAKES_LAST) or loser is None:
            continue
        deal = view.deal - 1 if view.phase != "over" else view.deal
        plays = [e for e in log_[i - view.players : i] if log.is_message(e, log.PLAYS_CARD)]
        last = None
        if len(plays) == view.players and plays[0].seat is not None:
            cards = [e.said.value("card") for e in plays]
            last = trick_zone(TEXTS.say("last_trick", deal=deal), plays[0].seat, cards, view.players)
            last = CentreZone(
                last.kind, last.label, last.cards, note=_about(view, "took_trick", loser, names)
            )
        result = () if led else _result(view, names, loser, deal, [e.said for e in log_[i + 1 :]])
        return last, result
    return None, ()


def _result(
    view: PosledniyView, names: Sequence[str], loser: int, deal: int, after: list[Said]
) -> tuple[str, ...]:
    """The deal's result in sentences, from the log entries that follow its last trick."""
    lines = []
    for what in after:
        if what.message in log.LOSSES:
            lines.append(_about(view, "last_trick_lost", loser, names, deal=deal))
            key = "pays" if what.message == log.PAYS else "scores"
            lines.append(_about(view, key, loser, names, count=what.value("count")))
        elif what.message in log.SWEEPS:
            lines.append(_about(view, "sweep", loser, names, deal=deal))
            if what.message == log.COLLECTS:
                lines.append(_about(view, "collects", loser, names, count=what.value("count")))
            else:
                lines.append(TEXTS["others_score"])
    return tuple(lines)


def tabletop(
    view: PosledniyView, names: Sequence[str], playable: frozenset[Card], seconds: float | None
) -> Tabletop:
    """The table as ``view``'s seat sees it."""
    shown = seat_names(names, view.players)
    notes = _passes(view, shown) if view.phase == "exchange" else {}
    seats = []
    for s in range(view.players):
        marks = {Mark.DEALER} if s == view.dealer else set()
        if s == view.to_act and view.phase != "over":
            marks.add(Mark.TO_ACT)
        if s == view.leader and view.phase == "play":
            marks.add(Mark.LEADER)
        seats.append(
            SeatPlace(
                s,
                shown[s],
                frozenset(marks),
                cards=view.hand_sizes[s],
                tricks=view.taken[s],
                score=_score(view, s),
                note=notes.get(s, ""),
            )
        )
    if view.scoring == "chips":
        heading = TEXTS.say("heading_chips", deal=view.deal, deals=view.deals)
    else:
        heading = TEXTS.say("heading_points", deal=view.deal, target=view.target)
    centre = _exchange(view, shown)
    if view.phase == "play" and view.leader is not None:
        label = TEXTS.say("trick", number=len(view.tricks) + 1, tricks=TRICKS)
        centre.insert(0, trick_zone(label, view.leader, view.trick, view.players))
    last, result = _deal_end(view, shown)
    if last is None and view.tricks:
        done = view.tricks[-1]
        last = trick_zone(
            TEXTS.say("trick", number=len(view.tricks), tricks=TRICKS), done.leader, done.cards, view.players
        )
        last = CentreZone(
            last.kind, last.label, last.cards, note=_about(view, "took_trick", done.winner, shown)
        )
    return Tabletop(
        viewer=view.seat,
        heading=heading,
        seats=tuple(seats),
        centre=tuple(centre),
        hand=view.hand,
        playable=frozenset(c for c in playable if c in view.hand),
        decision=_decision(view, shown, seconds),
        last=last,
        suit_in_force=view.trick[0].suit if view.trick else None,
        result=result,
    )
