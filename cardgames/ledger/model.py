"""The ledger's small values and words: names, a game as it stands, what a recording wrote."""

from __future__ import annotations

import datetime
import difflib
from collections.abc import Callable, Sequence

from attrs import frozen

from cardgames.core.scoresheet import Totals
from cardgames.ledger.errors import LedgerError
from cardgames.ledger.sheets import Effect, GameSpec, Meta
from cardgames.primitives.language import ENGLISH, FRAMEWORK, N_, speaking
from cardgames.primitives.scoring import Transfer

_ = FRAMEWORK.gettext


def name_key(name: str) -> str:
    """How names are compared: trimmed and case-folded (Anna = anna)."""
    return " ".join(name.split()).casefold()


# what clean_name and seat_of name, said in the refusals
NAMED = {"tournament": N_("tournament"), "table": N_("table"), "player": N_("player"), "dealer": N_("dealer")}


def clean_name(name: str, what: str) -> str:
    """A name as stored; LedgerError when empty, too long or containing ``,`` or ``=``."""
    text = " ".join(name.split())
    what = _(NAMED.get(what, what))
    if not text:
        raise LedgerError(_("a {what} needs a name").format(what=what))
    if len(text) > 60:
        raise LedgerError(
            _("the {what} name {text!r}… is longer than 60 characters").format(what=what, text=text[:20])
        )
    if any(c in text for c in ",="):
        raise LedgerError(
            _("the {what} name {text!r} may not contain ',' or '='").format(what=what, text=text)
        )
    return text


def did_you_mean(name: str, known: Sequence[str], what: str) -> str:
    """`` (did you mean Friday?)`` for a near miss, else the known names (or that there are none)."""
    keys = {name_key(k): k for k in known}
    close = difflib.get_close_matches(name_key(name), list(keys), n=1, cutoff=0.6)
    if close:
        return " " + _("(did you mean {name}?)").format(name=keys[close[0]])
    if known:
        return " " + _("({what}: {names})").format(what=what, names=", ".join(known))
    return " " + _("({what} none yet)").format(what=what)


def now() -> str:
    """The time of an entry, UTC, to the second."""
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


@frozen
class GameInfo:
    """A game as the ledger knows it now (after every correction)."""

    id: int
    tournament: str
    table: str
    game: str
    spec: GameSpec | None
    meta: Meta
    options: dict[str, object]
    players: tuple[str, ...]
    player_ids: tuple[int, ...]
    first_dealer: int
    source: str
    finished: bool
    deals: int
    next_deal: int
    next_dealer: int
    totals: Totals
    withdrawn: bool

    def recordable(self) -> GameSpec:
        """The game's spec for recording; LedgerError if its game is not installed now."""
        if self.spec is None:
            raise LedgerError(
                _("game {number} is a game of {name} ({game!r}), which is not installed").format(
                    number=self.id, name=self.meta.name, game=self.game
                )
            )
        return self.spec

    def status(self) -> str:
        """Over, withdrawn, or open with the next deal."""
        if self.withdrawn:
            return _("withdrawn (`ledger import FILE` brings it back)")
        return _("over") if self.finished else _("open, next deal {deal}").format(deal=self.next_deal)

    def label(self) -> str:
        """The game's scoring in words, in the language in force if its game is installed (else as kept)."""
        return self.spec.meta().label if self.spec is not None else self.meta.label


@frozen
class Recorded:
    """What one recording wrote: its entry ids, in words (the language in force), and whether the game is
    now over. The ledger keeps its own words in English, as a game record does (:func:`kept_and_said`)."""

    game_id: int
    entries: tuple[int, ...]
    deal: int | None
    summary: str
    finished: bool


def seat_of(info: GameInfo, name: str, role: str) -> int:
    """The seat of a player named in a recording; LedgerError naming the seated players."""
    role = _(NAMED.get(role, role))
    key = name_key(name)
    for seat, player in enumerate(info.players):
        if name_key(player) == key:
            return seat
    seated = ", ".join(info.players)
    close = difflib.get_close_matches(name, info.players, n=1)
    hint = _("; did you mean {name}?").format(name=close[0]) if close else ""
    raise LedgerError(
        _("{name!r} ({role}) is not seated at game {number} (table {table}: {seated}){hint}").format(
            name=name, role=role, number=info.id, table=info.table, seated=seated, hint=hint
        )
    )


def _pays(info: GameInfo, transfers: Sequence[Transfer]) -> str:
    parts: dict[int, list[str]] = {}
    for t in transfers:
        if t.amount:
            parts.setdefault(t.payer, []).append(f"{info.players[t.payee]} {t.amount}")
    return "; ".join(
        _("{payer} pays {payees}").format(payer=info.players[p], payees=", ".join(v))
        for p, v in parts.items()
    )


def deal_summary(info: GameInfo, deal: int, dealer: int, what: str, effect: Effect) -> str:
    """One deal in words: number, dealer, what happened, points scored, chips paid."""
    out = _("deal {deal} (dealer {dealer}): {what}").format(deal=deal, dealer=info.players[dealer], what=what)
    scored = [f"{info.players[s]} +{p}" for s, p in enumerate(effect.points) if p]
    if scored:
        out += "; " + _("points {scores}").format(scores=", ".join(scored))
    pays = _pays(info, effect.transfers)
    return out + (f"; {pays}" if pays else "")


def end_summary(info: GameInfo, effect: Effect) -> str:
    """A game's end in words: who won, who lost, the settlement."""
    won = ", ".join(info.players[s] for s in effect.won) or _("nobody")
    lost = ", ".join(info.players[s] for s in effect.lost) or _("nobody")
    out = _("game over: won {won}; lost {lost}").format(won=won, lost=lost)
    pays = _pays(info, effect.transfers)
    return out + ("; " + _("settlement: {pays}").format(pays=pays) if pays else "")


def kept_and_said(say: Callable[[], str]) -> tuple[str, str]:
    """What ``say`` says in English, as the ledger keeps it (its entries and exports read the same in
    every language, as a game record does), and in the language in force, as the command shows it."""
    with speaking(ENGLISH):
        kept = say()
    return kept, say()
