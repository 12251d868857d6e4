"""A game as the ledger keeps it: the installed plugin, its options and its scoresheet.

The ledger knows no game by name: everything about scoring comes from the game's
:class:`~cardgames.core.scoresheet.Scoresheet` (``Game.scoresheet``). What the views need
(the game's name, the scoring in words, its units) is stored with the game, so a ledger
still shows its standings when a plugin is no longer installed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs
from attrs import frozen

from cardgames.core.game import Game
from cardgames.core.options import make_options, options_as_dict
from cardgames.core.scoresheet import DealScore, EndScore, Scoresheet, Units
from cardgames.ledger.errors import LedgerError
from cardgames.primitives.errors import CardgamesError
from cardgames.primitives.language import ENGLISH, FRAMEWORK, speaking, translated
from cardgames.primitives.scoring import Transfer

_ = FRAMEWORK.gettext

AnyGame = Game[Any, Any]


@frozen
class Effect:
    """What one deal, or a game's end, does to every seat."""

    points: tuple[int, ...]
    transfers: tuple[Transfer, ...]
    won: tuple[int, ...]
    lost: tuple[int, ...]

    @classmethod
    def of_deal(cls, score: DealScore) -> Effect:
        return cls(tuple(score.points), tuple(score.transfers), tuple(score.won), tuple(score.lost))

    @classmethod
    def of_end(cls, players: int, end: EndScore) -> Effect:
        return cls((0,) * players, tuple(end.transfers), tuple(end.won), tuple(end.lost))


@frozen
class Meta:
    """What the ledger keeps about a game's scoring for its views: names and units."""

    name: str
    mode: str
    label: str
    units: Units

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "mode": self.mode, "label": self.label, "units": attrs.asdict(self.units)}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Meta:
        return cls(str(data["name"]), str(data["mode"]), str(data["label"]), Units(**data["units"]))


@frozen
class GameSpec:
    """An installed game with validated options and a player count: what recording needs."""

    game: AnyGame
    options: Any
    players: int

    @property
    def sheet(self) -> Scoresheet:
        sheet = self.game.scoresheet
        assert sheet is not None
        return sheet

    def meta(self) -> Meta:
        """The game's name, scoring mode, scoring in words and units."""
        o = self.options
        return Meta(self.game.name, self.sheet.mode(o), self.sheet.describe(o), self.sheet.units(o))

    def options_data(self) -> dict[str, Any]:
        """The options as plain data, as stored."""
        return options_as_dict(self.options)


def kept_meta(spec: GameSpec) -> Meta:
    """The game's meta as the ledger keeps it: in English, so a ledger reads the same in every language."""
    with speaking(ENGLISH):
        return spec.meta()


def points_word(meta: Meta) -> str | None:
    """The unit a game's deals score in (``Units.points``), said in the language in force if installed."""
    if meta.units.points is None:
        return None
    try:
        game = find_ledger_game(meta.name)
    except LedgerError:
        return meta.units.points
    return translated(type(game.scoresheet), meta.units.points)


def section_title(meta: Meta) -> str:
    """A game and scoring mode's heading, in the language in force: its name, then what it counts."""
    units = meta.units
    counted = points_word(meta) or (_("chips") if units.chips else _("hands won"))
    return _("{game}, {counted}").format(game=meta.name, counted=counted)


def find_ledger_game(name: str) -> AnyGame:
    """An installed game the ledger can keep; LedgerError naming the installed ones otherwise."""
    from cardgames.plugins.registry import default_registry

    registry = default_registry()
    try:
        game = registry.find(name)
    except CardgamesError as exc:
        raise LedgerError(str(exc)) from None
    return keepable(game)


def keepable(game: AnyGame) -> AnyGame:
    """The game, if it declares a scoresheet; LedgerError naming the games that do, otherwise."""
    from cardgames.plugins.registry import default_registry

    if game.scoresheet is None:
        able = [g.id for g in default_registry().games() if g.scoresheet is not None]
        raise LedgerError(
            _(
                "{name} does not declare how it is scored at a table, so the ledger "
                "cannot keep it (the ledger keeps: {games})"
            ).format(name=game.name, games=", ".join(able) or _("no installed game"))
        )
    return game


def make_spec(game: str | AnyGame, players: int, options: Mapping[str, Any]) -> GameSpec:
    """Validate a game's options (the game's own option types and ranges) and its player count."""
    plugin = find_ledger_game(game) if isinstance(game, str) else keepable(game)
    try:
        values = make_options(plugin.options_type, overrides=options)
        plugin.check(values, players)
    except CardgamesError as exc:
        raise LedgerError(str(exc)) from None
    return GameSpec(plugin, values, players)


def transfers_from_balances(net: Sequence[int], note: str) -> tuple[Transfer, ...]:
    """Transfers that produce the given net chips (which must sum to zero), debtors paying in seat order."""
    if sum(net) != 0:
        raise LedgerError(_("chips must sum to zero, and {net} does not").format(net=list(net)))
    debts = [[s, -v] for s, v in enumerate(net) if v < 0]
    credits = [[s, v] for s, v in enumerate(net) if v > 0]
    out: list[Transfer] = []
    i = j = 0
    while i < len(debts) and j < len(credits):
        amount = min(debts[i][1], credits[j][1])
        out.append(Transfer(debts[i][0], credits[j][0], amount, note))
        debts[i][1] -= amount
        credits[j][1] -= amount
        i += debts[i][1] == 0
        j += credits[j][1] == 0
    return tuple(out)
