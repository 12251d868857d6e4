"""The Dernier engine's fields, declared once: what a clone copies and shares, what equality compares.

``DernierState`` (games/dernier/state.py) takes its slots from ``FIELDS`` and compiles its
``clone`` and ``__eq__`` from it (``cardgames.primitives.copying.Fields``); a field left out
of it cannot be set.
"""

from __future__ import annotations

from cardgames.core.eventlog import EventLog
from cardgames.primitives.chance import Chance
from cardgames.primitives.copying import SHALLOW, SHARED, Copied, Derived, Fields, slot_copier
from cardgames.primitives.shedding import PenaltyChain

_copy_penalty = slot_copier(PenaltyChain)
# clone and __eq__ are compiled from this declaration (cardgames.primitives.copying).
# Slots keep attribute access fast: past 30 attributes a plain instance dict stops sharing
# its keys and every access becomes a slower dictionary lookup.
FIELDS = Fields(
    # compared first: the cheap ones that differ most often
    current=SHARED,
    phase=SHARED,
    hand_decisions=SHARED,
    top_rank=SHARED,
    suit=SHARED,
    top_as=SHARED,
    direction=SHARED,
    drawn=SHARED,
    offer_card=SHARED,
    offer_from=SHARED,
    dealer=SHARED,
    hand_no=SHARED,
    n=SHARED,
    # counts[seat * 53 + index]: how many of that card the seat holds (one bytearray for every
    # seat: a clone copies it in one go)
    counts=SHALLOW,
    stock=SHALLOW,
    discard=SHALLOW,
    penalty=Copied(_copy_penalty),
    # wins, totals, results and asking are replaced, never changed in place: copies share them
    asking=SHARED,
    wins=SHARED,
    totals=SHARED,
    results=SHARED,
    match_winners=SHARED,
    # a search's world: the match stops when the hand in play ends (GameState.last_hand)
    ends_with_hand=SHARED,
    options=SHARED,
    log=Copied(EventLog.copy),
    rng=Copied(Chance.fork),
    # derived from the counts (sizes, masks) or the options, or a cache: not compared
    sizes=Derived(SHALLOW),
    masks=Derived(SHALLOW),
    deck=Derived(SHARED),
    jmode=Derived(SHARED),
    start_dir=Derived(SHARED),
    turn_limit=Derived(SHARED),
    anticipo=Derived(SHARED),
    play_after_draw=Derived(SHARED),
    shown_memo=Derived(SHARED),
    face_up=Derived(SHARED),
)
