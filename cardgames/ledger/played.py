"""Recording a game played in the program (``cardgames play --ledger … --tournament …``)."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from cardgames.game import HandResult, Outcome
from cardgames.ledger.errors import LedgerError
from cardgames.ledger.model import GameInfo, deal_summary, end_summary, name_key
from cardgames.ledger.rules import Effect, GameSpec, game_end, make_spec, transfers_from_balances
from cardgames.ledger.store import Ledger
from cardgames.scoring import balances, settle_penalties

DEFAULT_TABLE = "main"


def _check_hand(n: int, hand: HandResult) -> None:
    seats_ok = all(0 <= s < n for s in (hand.dealer, *hand.winners, *hand.losers))
    if not seats_ok or len(hand.points) != n or len(hand.chips) != n:
        raise LedgerError(f"hand {hand.number} does not describe {n} seats: {hand}")
    if sum(hand.chips) != 0:
        raise LedgerError(f"the chips of hand {hand.number} do not sum to zero: {list(hand.chips)}")


def _hand_effect(spec: GameSpec, hand: HandResult) -> Effect:
    points = tuple(hand.points) if spec.counts_points() else (0,) * spec.players
    transfers = transfers_from_balances(hand.chips, "deal")
    return Effect(points, transfers, tuple(hand.winners), tuple(hand.losers))


def _end_effect(spec: GameSpec, info: GameInfo, outcome: Outcome) -> Effect:
    """The game's end: the outcome's winners, and the settlement that brings chips to its scores."""
    n = spec.players
    if len(outcome.scores) != n or not all(0 <= s < n for s in outcome.winners):
        raise LedgerError(f"the outcome {outcome} does not describe {n} seats")
    if spec.game == "dernier":
        # Dernier has no chips (D-21): its scores are hands or card points, kept with the entry.
        return Effect(
            (0,) * n, (), tuple(outcome.winners), tuple(s for s in range(n) if s not in outcome.winners)
        )
    if sum(outcome.scores) != 0:
        raise LedgerError(f"the outcome's chips {list(outcome.scores)} do not sum to zero")
    rest = tuple(s - c for s, c in zip(outcome.scores, info.totals.chips, strict=True))
    penalties = settle_penalties(info.totals.points, spec.target, spec.unit) if spec.counts_points() else []
    if spec.game == "posledniy" and penalties and balances(n, penalties) == rest:
        transfers = tuple(penalties)
    else:
        transfers = transfers_from_balances(rest, "settlement")
    ended = game_end(spec, info.totals)
    if ended is not None:
        lost = ended.lost
    else:  # chips: whoever ends with the fewest chips lost, as when an organiser closes a game
        worst = min(outcome.scores)
        lost = tuple(s for s, v in enumerate(outcome.scores) if v == worst and s not in outcome.winners)
    return Effect((0,) * n, transfers, tuple(outcome.winners), lost)


def record_played_game(
    ledger_path: str | os.PathLike[str] | None,
    tournament: str,
    table: str | None,
    game_id: str,
    players: Sequence[str],
    options: Mapping[str, Any],
    hands: Sequence[HandResult],
    outcome: Outcome | None,
) -> int:
    """Record a game played in the program, in one transaction; return its ledger game id.

    - ``ledger_path``: the ledger file (created if missing); None means the default ledger.
    - ``tournament``, ``table``: created if missing; ``table=None`` means the table "main".
      The players are added to the table's roster if they are not on it yet.
    - ``game_id``: the game's ``Game.id`` ("dernier" or "posledniy") followed by a colon and
      any text unique to this game, e.g. ``"posledniy:4711"`` (a seed or a record file name);
      a bare ``"posledniy"`` or ``"dernier"`` is accepted too but then cannot be deduplicated.
      Recording the same ``game_id`` again returns the first game's id and writes nothing.
    - ``players``: names in seat order; ``options``: the game's options as plain data
      (``options_as_dict``), of which the ledger reads scoring, stake, target, unit,
      hands_to_win, target_points and joker_points.
    - ``hands``: the finished hands (``state.hand_results()``); their points and chips are
      recorded as they are. ``outcome``: ``state.outcome()``, or None if the game was stopped
      early (then the game stays open in the ledger and no settlement is made).

    When there is an outcome, the final chips of every seat in the ledger equal
    ``outcome.scores``: whatever the hands' chips do not account for is recorded as the
    settlement (for Последний with penalty points, exactly the P-10 settlement transfers).
    Raises LedgerError (a CardgamesError) for inconsistent input or a bad ledger file;
    nothing is written then.
    """
    kind_text, _, unique = game_id.partition(":")
    program_id = game_id if unique else None
    with Ledger.open(ledger_path, create=True) as ledger, ledger.write() as conn:
        if program_id is not None:
            row = conn.execute("SELECT id FROM games WHERE program_id = ?", (program_id,)).fetchone()
            if row:
                return int(row[0])
        spec = make_spec(kind_text, len(players), options, strict=False)
        if len({name_key(p) for p in players}) != len(players):
            raise LedgerError(f"a player is named twice: {', '.join(players)}")
        tid = ledger.tournament_id(conn, tournament, create=True)
        table_name = table or DEFAULT_TABLE
        table_id = ledger.ensure_table(conn, tid, table_name)
        pids = [ledger.player_id(conn, p, create=True) for p in players]
        roster = [pid for pid, _ in ledger.table_seats(conn, table_id)]
        for pid in pids:
            if pid not in roster:
                conn.execute("INSERT INTO table_seats VALUES (?, ?, ?)", (table_id, len(roster), pid))
                roster.append(pid)
        first = hands[0].dealer if hands else 0
        gid = ledger.insert_game(
            conn, table_id, spec, pids, first, {**options, "source": game_id}, program_id=program_id
        )
        n = len(players)
        for i, hand in enumerate(hands):
            _check_hand(n, hand)
            info = ledger.game(conn, gid)
            effect = _hand_effect(spec, hand)
            ledger.write_entry(
                conn,
                info,
                kind="deal",
                effect=effect,
                summary=deal_summary(info, i + 1, hand.dealer, hand.summary, effect),
                data={"number": hand.number, "winners": list(hand.winners), "losers": list(hand.losers)},
                deal=i + 1,
                dealer=hand.dealer,
            )
        if outcome is not None:
            info = ledger.game(conn, gid)
            effect = _end_effect(spec, info, outcome)
            summary = end_summary(info, effect)
            if outcome.summary:
                summary += f" ({outcome.summary})"
            data = {"winners": list(outcome.winners), "scores": list(outcome.scores)}
            ledger.write_entry(conn, info, kind="end", effect=effect, summary=summary, data=data)
        return gid
