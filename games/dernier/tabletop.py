"""The Dernier table as one seat sees it: the model the browser and the terminal draw.

Every text a player reads here is in ``TEXTS``, one whole sentence or phrase per key with
``{placeholders}``, so that a translation replaces the table and nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.core.tableread import seat_names
from cardgames.core.tabletop import CentreZone, Decision, Mark, PlacedCard, SeatPlace, Tabletop, ZoneKind
from cardgames.games.dernier import log
from cardgames.games.dernier.view import DernierView
from cardgames.primitives.cards import Card, format_card
from cardgames.primitives.language import N_, N_plural, Texts, catalog
from cardgames.primitives.said import listed

TEXTS = Texts(
    catalog("cardgames.games.dernier"),
    {
        "last_call": N_("Dernier!"),
        "heading_hands": N_plural(
            "Dernier · hand {hand} · first to win {goal} hand",
            "Dernier · hand {hand} · first to win {goal} hands",
        ),
        "heading_cards": N_("Dernier · hand {hand} · {goal} card points ends the match"),
        "hands_won": N_plural("1 hand won", "{count} hands won"),
        "points": N_plural("1 card point", "{count} card points"),
        "discard": N_("Discard pile"),
        "stock": N_("Stock"),
        "stands_for": N_("stands for {card}"),
        "starter": N_("the starter"),
        "suit_in_force": N_("suit in force: {suit} {suit_name}"),
        "penalty": N_("{count} to draw, unless answered with {answer}"),
        "answer_ace": N_("an ace"),
        "answer_ace_or_joker": N_("an ace or a joker"),
        "answer_joker": N_("a joker"),
        "your_move": N_("your move"),
        "anticipo_question": N_("anticipo or no"),
        "to_play": N_("{name} to play"),
        "asked_anticipo": N_("{name} is asked about an anticipo on {card}"),
        "play_or_draw": N_("Play a card in {suit_name}, any {rank} or a joker; or draw."),
        "play_or_draw_no_rank": N_("Play a card in {suit_name} or a joker; or draw."),
        "answer_or_draw": N_("Answer with {answer}, or draw {count}."),
        "drawn_plays": N_("You drew {card}: play it or pass."),
        "drawn_does_not_match": N_("You drew {card}, which does not match: pass."),
        "anticipo_hold": N_("You hold {card} too: say anticipo to play it now, or no."),
        "anticipo_none": N_("You hold no {card}: say no."),
        "last_card": N_("Last card of hand {hand}"),
        "wins_hand": N_("Hand {hand}: {name} went out and won it."),
        "wins_hand_you": N_("Hand {hand}: you went out and won it."),
        "stopped": N_(
            "Hand {hand}: stopped at the turn limit; {name} had the fewest card points and won it."
        ),
        "stopped_you": N_(
            "Hand {hand}: stopped at the turn limit; you had the fewest card points and won it."
        ),
        "match_won": N_("The match: won by {names}."),
        "match_won_you": N_("The match: you won it."),
    },
)
"""Every text of Dernier's table, by key."""

_WINS = log.MESSAGES["win"][0]
_STOPS = log.MESSAGES["stop"][0]


def played_by(view: DernierView) -> int | None:
    """The seat that played the top card (None: the starter), from the public log."""
    for entry in reversed(view.log):
        play = log.played(entry)
        if play is not None:
            return play[0]
        if log.is_message(entry, log.STARTER, log.MESSAGES["deal"][0]):
            return None
    return None


def _score(view: DernierView, seat: int) -> str:
    if view.scoring == "hands":
        won = view.hands_won[seat]
        return TEXTS.say("hands_won", count=won)
    points = view.points[seat]
    return TEXTS.say("points", count=points)


def _answer(view: DernierView) -> str:
    if view.penalty_kind == "ace":
        return TEXTS["answer_ace_or_joker" if view.joker_mode == "draw5" else "answer_ace"]
    return TEXTS["answer_joker"]


def _discard(view: DernierView, played_by: int | None) -> CentreZone:
    top = view.top
    note = "" if played_by is not None else TEXTS["starter"]
    if view.stands_for is not None:
        note = TEXTS.say("stands_for", card=format_card(view.stands_for, glyphs=True))
    suit = view.suit_in_force
    facts = [TEXTS.say("suit_in_force", suit=suit.glyph, suit_name=suit.spoken)]
    if view.pending_penalty:
        facts.append(TEXTS.say("penalty", count=view.pending_penalty, answer=_answer(view)))
    return CentreZone(
        ZoneKind.DISCARD, TEXTS["discard"], (PlacedCard(top, played_by, note),), note="; ".join(facts)
    )


def _detail(view: DernierView) -> str:
    """What the viewer may do now, in a sentence."""
    if view.offered is not None:
        card = format_card(view.offered, glyphs=True)
        return TEXTS.say("anticipo_hold" if view.offered in view.hand else "anticipo_none", card=card)
    if view.drawn is not None:
        drawn = view.drawn
        fits = drawn.rank is None or drawn.suit is view.suit_in_force or drawn.rank is view.rank_in_force
        return TEXTS.say(
            "drawn_plays" if fits else "drawn_does_not_match", card=format_card(drawn, glyphs=True)
        )
    if view.pending_penalty:
        return TEXTS.say("answer_or_draw", answer=_answer(view), count=view.pending_penalty)
    suit = view.suit_in_force.spoken
    if view.rank_in_force is None:
        return TEXTS.say("play_or_draw_no_rank", suit_name=suit)
    return TEXTS.say("play_or_draw", suit_name=suit, rank=view.rank_in_force.spoken)


def _decision(view: DernierView, names: Sequence[str], seconds: float | None) -> Decision | None:
    asked = view.to_act
    if asked is None:
        return None
    if asked == view.seat:
        key = "anticipo_question" if view.phase == "anticipo" else "your_move"
        return Decision((asked,), TEXTS[key], detail=_detail(view), seconds=seconds)
    if view.phase == "anticipo":  # the card offered is the one just played, on top of the pile
        card = format_card(view.stands_for or view.top, glyphs=True)
        return Decision((asked,), TEXTS.say("asked_anticipo", name=names[asked], card=card), seconds=seconds)
    return Decision((asked,), TEXTS.say("to_play", name=names[asked]), seconds=seconds)


def _hand_end(view: DernierView, names: Sequence[str]) -> tuple[CentreZone | None, tuple[str, ...]]:
    """The last card of the hand just won and its result, until the next hand's first play."""
    match = ""
    for i in range(len(view.log) - 1, -1, -1):
        entry = view.log[i]
        if log.played(entry) is not None:
            return None, ()
        if not log.is_message(entry, _WINS) or entry.seat is None:
            if log.is_message(entry, log.MATCH_OVER):
                winners = tuple(entry.said.value("winners"))
                match = (
                    TEXTS["match_won_you"]
                    if winners == (view.seat,)
                    else TEXTS.say("match_won", names=listed([names[s] for s in winners]))
                )
            continue
        winner, hand = entry.seat, entry.said.value("number")
        stopped = any(log.is_message(e, _STOPS) for e in view.log[max(i - 2, 0) : i])
        key = "stopped" if stopped else "wins_hand"
        if winner == view.seat:  # said to the winner
            lines = [TEXTS.say(f"{key}_you", hand=hand)]
        else:
            lines = [TEXTS.say(key, name=names[winner], hand=hand)]
        if match:
            lines.append(match)
        play = next((p for e in reversed(view.log[:i]) if (p := log.played(e)) is not None), None)
        last = None
        if play is not None and not stopped:
            last = CentreZone(
                ZoneKind.OTHER, TEXTS.say("last_card", hand=hand), (PlacedCard(play[1], play[0]),)
            )
        return last, tuple(lines)
    return None, ()


def tabletop(
    view: DernierView, names: Sequence[str], playable: frozenset[Card], seconds: float | None
) -> Tabletop:
    """The table as ``view``'s seat sees it."""
    shown = seat_names(names, view.players)
    seats = []
    for s in range(view.players):
        marks = {Mark.DEALER} if s == view.dealer else set()
        if s == view.to_act:
            marks.add(Mark.TO_ACT)
        if view.card_counts[s] == 1:  # one card left: its player has called "Dernier!" (D-17)
            marks.add(Mark.LAST_CALL)
        seats.append(
            SeatPlace(s, shown[s], frozenset(marks), cards=view.card_counts[s], score=_score(view, s))
        )
    goal = view.hands_to_win if view.scoring == "hands" else view.target_points
    heading = TEXTS.say(f"heading_{view.scoring}", hand=view.hand_number, goal=goal, count=goal)
    centre = (
        _discard(view, played_by(view)),
        CentreZone(ZoneKind.STOCK, TEXTS["stock"], backs=view.stock_size),
    )
    last, result = _hand_end(view, shown)
    return Tabletop(
        viewer=view.seat,
        heading=heading,
        seats=tuple(seats),
        centre=centre,
        hand=view.hand,
        playable=frozenset(c for c in playable if c in view.hand),
        decision=_decision(view, shown, seconds),
        last=last,
        direction=view.direction,
        suit_in_force=view.suit_in_force,
        result=result,
        mark_words=((Mark.LAST_CALL, TEXTS["last_call"]),),
    )
