"""The seats' values at a browser table: commitments, values, the deal (docs/fair-deal.md#a-browser-table).

A table opened with ``"contributions": true`` (the lobby's default) and a drawn seed does
not deal at once: the server's seed is committed to (the commitment the host is shown),
then every person's browser sends the SHA-256 of 32 random bytes of its own, and once all
have, the bytes themselves. The game is dealt from the seed and those values together
(``cardgames.core.fairdeal``) and play begins; until then no seat is shown a card and
no move is taken. The values are written in the record, so ``cardgames verify`` checks them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import define, field

from cardgames.core.fairdeal import Contribution, is_hex64, value_commitment
from cardgames.core.position import start_state
from cardgames.core.table import Table
from cardgames.primitives.language import FRAMEWORK
from cardgames.web.live import LiveTable
from cardgames.web.moves import Reply

_ = FRAMEWORK.gettext


@define
class Gathering:
    """The values a table waits for before it deals: one from each person's seat."""

    people: tuple[int, ...]
    commitments: dict[int, str] = field(factory=dict)
    values: dict[int, str] = field(factory=dict)

    @property
    def revealing(self) -> bool:
        """Whether every seat has committed, so the values may be sent."""
        return len(self.commitments) == len(self.people)

    def data(self, seat: int | None, names: Sequence[str]) -> dict[str, Any]:
        """What a seat's page is told: the phase, whom it waits for (by name), the commitments once in."""
        return {
            "phase": "reveal" if self.revealing else "commit",
            "waiting": [
                names[s]
                for s in self.people
                if s not in (self.values if self.revealing else self.commitments)
            ],
            "commitments": sorted(self.commitments.values()) if self.revealing else [],
            "mine": self.commitments.get(seat) if seat is not None else None,
            "revealed": seat in self.values,
        }


def gather(live: LiveTable) -> None:
    """Hold the deal until every person's seat has added its value (a table of bots deals at once)."""
    people = tuple(i for i, s in enumerate(live.table.seats) if s.bot is None)
    live.gathering = Gathering(people) if people else None


def contribute(live: LiveTable, seat: int, data: dict[str, Any]) -> Reply:
    """A seat's commitment or value; any move before the deal is refused."""
    gathering: Gathering | None = live.gathering
    kind = data.get("type")
    if gathering is None:
        return Reply(_("The deal is made: there is nothing more to add to it."), "warn")
    if kind not in ("commit", "reveal"):
        return Reply(_("The cards are not dealt yet: every seat adds its random value first."), "warn")
    if seat not in gathering.people:
        return Reply(_("Only the people at the table add to the deal."), "warn")
    if kind == "commit":
        commitment = data.get("commitment")
        if not is_hex64(commitment):
            return Reply(_("A commitment is 64 hexadecimal digits."), "warn")
        if seat in gathering.commitments:
            same = gathering.commitments[seat] == commitment
            return Reply() if same else Reply(_("Your seat has committed to a value already."), "warn")
        if gathering.revealing:  # cannot happen: every seat had committed
            return Reply(_("Every seat has committed already."), "warn")
        gathering.commitments[seat] = commitment
    else:
        value = data.get("value")
        if not gathering.revealing:
            return Reply(_("Send your value once every seat has committed."), "warn")
        if seat in gathering.values:
            return Reply()
        if not is_hex64(value) or value_commitment(value) != gathering.commitments[seat]:
            return Reply(_("That is not the value your seat committed to."), "warn")
        gathering.values[seat] = value
        if len(gathering.values) == len(gathering.people):
            _deal(live, gathering)
            return Reply(changed=True)
    live.on_change(live)
    return Reply(changed=True)


def _deal(live: LiveTable, gathering: Gathering) -> None:
    """Deal from the seed and every value, then play (after the record with the values is saved)."""
    table = live.table
    record = table.record
    record.contributions = sorted(
        (Contribution(gathering.commitments[s], gathering.values[s]) for s in gathering.people),
        key=lambda c: c.value,
    )
    state = start_state(table.game, table.options, len(record.seats), record.dealt_seed, record.position)
    live.table = Table(table.game, table.options, state, record)
    live.gathering = None
    live.resume_after_save()


def shown(live: LiveTable, seat: int | None, message: dict[str, Any]) -> dict[str, Any]:
    """A seat's state message with the deal's part: before the deal, no card and no move."""
    gathering: Gathering | None = live.gathering
    if gathering is not None:
        message.update(hand=[], playable=[], actions=[], select=None, tabletop=None, log=[], yours=False)
        message.update(hands=[], deal=gathering.data(seat, [s.name for s in live.table.seats]))
        return message
    record = live.table.record
    over = message.get("over", False)
    message["deal"] = {
        "phase": "dealt",
        "contributions": len(record.contributions),
        # once the game is over each browser checks that its value is there (before: no need to tell)
        "values": [c.value for c in record.contributions] if over else [],
    }
    return message
