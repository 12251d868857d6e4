"""Playing the games of a plan: one game, and one batch (the unit sent to a worker)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgames.bots.lookup import RandomBot, decide
from cardgames.bots.worlds import SearchingBot
from cardgames.core.game import SAFEGUARD_ENDINGS, Game
from cardgames.core.options import make_options
from cardgames.core.race import race_answers
from cardgames.lab.measures import NONE, measures
from cardgames.lab.plan import Plan
from cardgames.lab.result import GameResult, HandOutcome
from cardgames.plugins.sandbox import ProcessBot, seat_bot


def play_game(
    game: Game[Any, Any],
    options: Any,
    lineup: Sequence[str],
    seed: int,
    index: int = 0,
    *,
    isolate: bool = False,
) -> GameResult:
    """Play one game with bots at every seat and keep its result.

    Each bot gets its own generator from the seed and its seat, exactly as ``cardgames
    play`` gives one, so the game is the one ``cardgames play --seed`` shows. A game that
    passes the game's own ``max_decisions`` bound is stopped (``capped``) with no winner.
    ``isolate`` runs the bots that choose from their views in child processes (``--isolate-bots``).
    """
    state = game.new_game(options, len(lineup), seed)
    bots: list[Any] = [seat_bot(game, name, seed, seat, isolate=isolate) for seat, name in enumerate(lineup)]
    try:
        return _play(game, options, state, bots, lineup, seed, index)
    finally:
        for bot in bots:
            if isinstance(bot, ProcessBot):
                bot.close()


def _play(
    game: Game[Any, Any],
    options: Any,
    state: Any,
    bots: list[Any],
    lineup: Sequence[str],
    seed: int,
    index: int,
) -> GameResult:
    players = len(lineup)
    blind = [type(b) is RandomBot for b in bots]  # the random bot never looks at its view
    searching = [isinstance(b, SearchingBot) for b in bots]  # a search gets worlds from the table
    cap = game.max_decisions(options, players)
    actions: list[Any] = []
    first = state.to_act()
    capped = False
    to_act, legal_actions, apply, view = state.to_act, state.legal_actions, state.apply, state.view

    def ask(seat: int) -> Any:  # a seat's answer in a race: every seat answers the same state
        if searching[seat]:
            return decide(bots[seat], state, seat)
        return bots[seat].choose(None if blind[seat] else view(seat), state.legal_actions_for(seat))

    while (seat := to_act()) is not None:
        if len(actions) >= cap:
            capped = True
            break
        if state.race():  # as the terminal settles it: claims by the game's precedence, else all pass
            for choice in race_answers(state, [(s, ask(s)) for s in state.to_decide()]):
                apply(choice)
                actions.append(choice)
            continue
        if searching[seat]:
            action = decide(bots[seat], state, seat)
        else:
            action = bots[seat].choose(None if blind[seat] else view(seat), legal_actions())
        apply(action)
        actions.append(action)
    outcome = state.outcome()
    hands = tuple(HandOutcome(h.dealer, h.winners, h.losers) for h in state.hand_results())
    if capped or outcome is None:
        return GameResult(
            index, seed, lineup, (), (0.0,) * players, len(actions), first or 0, hands,
            {SAFEGUARD_ENDINGS: 0.0}, None, None, None, capped=True,
        )  # fmt: skip
    stats = {SAFEGUARD_ENDINGS: 0.0, **game.statistics(state, actions)}
    m = measures(game.standings(state), outcome.winners) if len(hands) > 1 else NONE
    return GameResult(
        index=index,
        seed=seed,
        lineup=tuple(lineup),
        winners=outcome.winners,
        scores=tuple(float(s) for s in outcome.scores),
        decisions=len(actions),
        first=first if first is not None else 0,
        hands=hands,
        stats=stats,
        lead_changes=m.lead_changes,
        decisiveness=m.decisiveness,
        drama=m.drama,
    )


_OPTIONS: dict[tuple[Any, ...], Any] = {}


def plan_options(game: Game[Any, Any], plan: Plan) -> Any:
    """The plan's options object, built once per worker (validating options costs a millisecond)."""
    key = (type(game), *sorted(plan.options.items()))
    options = _OPTIONS.get(key)
    if options is None:
        if len(_OPTIONS) > 64:
            _OPTIONS.clear()
        options = _OPTIONS[key] = make_options(game.options_type, overrides=plan.options)
    return options


def play_batch(game: Game[Any, Any], plan: Plan, start: int, stop: int) -> list[GameResult]:
    """Play games ``start`` to ``stop - 1`` of a plan (what one worker does with one batch)."""
    options = plan_options(game, plan)
    out = []
    for index in range(start, stop):
        seed, lineup = plan.game_at(index)
        out.append(play_game(game, options, lineup, seed, index, isolate=plan.isolate))
    return out
