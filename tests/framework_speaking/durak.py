"""Speaking Durak: :mod:`framework_durak`'s game whose seat notes (attacker, defender) are said in the
reader's language, through this package's catalog (``GameState.public_seat_words``)."""

from __future__ import annotations

from typing import ClassVar

from framework_durak import Durak, DurakState

from cardgames.primitives.language import N_, Texts
from framework_speaking import SPEAKING


class SpeakingDurakState(DurakState):
    """Durak's state with words for its public seat fields."""

    __slots__ = ()
    public_seat_words: ClassVar[Texts | None] = Texts(
        SPEAKING, {"attacker": N_("attacker"), "defender": N_("defender")}
    )


class SpeakingDurak(Durak):
    """Durak whose table says who attacks and who defends in the reader's language."""

    id = "speaking-durak"
    name = "Speaking Durak"
    state_class: ClassVar[type[DurakState]] = SpeakingDurakState
