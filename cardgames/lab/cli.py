"""The ``simulate`` and ``arena`` commands, mounted on the main app by :func:`register`."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import attrs
import typer
from rich.console import Console
from rich.markup import escape

from cardgames.core.game import Game
from cardgames.lab import arena as arena_mod
from cardgames.lab import field as field_mod
from cardgames.lab import report
from cardgames.lab.backends import Backend, make_backend
from cardgames.lab.compare import compare
from cardgames.lab.outfile import OutFile, header
from cardgames.lab.parameters import (
    BatchOption,
    CsvOption,
    DaskOption,
    JsonOption,
    OptionsOption,
    OutOption,
    PlayersOption,
    PlotOption,
    PresetOption,
    RayOption,
    ResumeOption,
    SeedOption,
    WorkersOption,
)
from cardgames.lab.plan import Plan, parse_bots
from cardgames.lab.progress import footer, progress_bar
from cardgames.lab.result import GameResult
from cardgames.lab.resume import header_seed
from cardgames.lab.runner import Run, batch_size, run
from cardgames.lab.setup import simulation_variants
from cardgames.lab.summary import summarise
from cardgames.output.commands import COMMANDS
from cardgames.output.console import fail
from cardgames.output.options import IsolateOption
from cardgames.play.start import build_options, new_seed
from cardgames.plugins.registry import find_game
from cardgames.primitives.errors import CardgamesError, OptionError
from cardgames.primitives.language import FRAMEWORK, N_, grouped

_ = FRAMEWORK.gettext
ngettext = FRAMEWORK.ngettext

EXIT_INTERRUPTED = 130


def _check_outputs(as_json: bool, as_csv: bool, plot: Path | None, out: Path | None, resume: bool) -> None:
    if as_json and as_csv:
        raise OptionError(_("choose one of --json and --csv"))
    if resume and out is None:
        raise OptionError(_("--resume continues the run in an --out FILE; give --out"))
    if plot is not None:
        from cardgames.lab.plots import check_plot

        check_plot(plot)


def _seed(seed: int | None, out: Path | None, resume: bool) -> int:
    """The run's seed: given, or the resumed file's, or a fresh one."""
    if seed is not None:
        if seed < 0:
            raise OptionError(_("--seed must be zero or more, not {seed}").format(seed=seed))
        return seed
    if resume and out is not None and out.exists():
        return header_seed(out)
    return new_seed(31)  # a simulation's seed is no secret: short enough to type again


def _execute(
    game: Game[Any, Any],
    kind: str,
    plans: Sequence[Plan],
    backend_args: tuple[int | None, str | None, str | None],
    batch: int | None,
    out: Path | None,
    resume: bool,
    quiet: bool,
    isolate: bool = False,
) -> tuple[Run, dict[str, Any]]:
    """Open the backend and the out file, play, and say how it went (for the report's footer)."""
    if batch is not None and batch < 1:
        raise OptionError(_("--batch must be at least 1, not {batch}").format(batch=batch))
    plans = [attrs.evolve(p, isolate=isolate) for p in plans]
    outfile: OutFile | None = None
    done: dict[tuple[int, int], GameResult] = {}
    if out is not None:
        head = header(kind, game.rules_version, [p.describe() for p in plans])
        outfile, done = OutFile.open(out, head, resume=resume, game=game, plans=plans)
    backend: Backend | None = None
    try:
        backend = make_backend(*backend_args)
        total = sum(p.games for p in plans)
        size = batch or batch_size(max(1, total - len(done)), backend.workers)
        start = time.perf_counter()
        with progress_bar(total, len(done), quiet) as advance:
            result = run(game, plans, backend, batch=size, out=outfile, done=done, progress=advance)
        elapsed = time.perf_counter() - start
        played = sum(len(r) for r in result.results) - len(done)
        meta = {
            "backend": backend.name,
            "workers": backend.workers,
            "batch": size,
            "seconds": round(elapsed, 3),
            "games_played_now": played,
            "resumed": len(done),
            "games_per_second": round(played / elapsed, 2) if elapsed > 0 and played else None,
            "interrupted": result.interrupted,
        }
        return result, meta
    finally:
        if backend is not None:
            backend.close()
        if outfile is not None:
            outfile.close()


def simulate(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help=N_("A game id, name or alias."))],
    players: PlayersOption = None,
    preset: PresetOption = None,
    option: OptionsOption = None,
    seed: SeedOption = None,
    games: Annotated[int, typer.Option("--games", "-n", help=N_("Games to play (per variant)."))] = 1000,
    vs: Annotated[
        str | None,
        typer.Option(
            "--vs",
            metavar="CHANGES",
            help=N_(
                "Compare with a variant on the same seeds: options key=value, preset=NAME and/or "
                "players=BOTS, as in --vs 'OPTION=VALUE' or --vs 'players=heuristic,random'."
            ),
        ),
    ] = None,
    workers: WorkersOption = None,
    dask: DaskOption = None,
    ray: RayOption = None,
    batch: BatchOption = None,
    out: OutOption = None,
    resume: ResumeOption = False,
    as_json: JsonOption = False,
    as_csv: CsvOption = False,
    plot: PlotOption = None,
    isolate_bots: IsolateOption = False,
) -> None:
    """Play many games with bots and report fairness, length and the game's statistics, with 95% intervals."""
    try:
        game = find_game(game_name)
        _check_outputs(as_json, as_csv, plot, out, resume)
        run_seed = _seed(seed, out, resume)
        variants = simulation_variants(
            game, players, preset, option or [], run_seed, games, vs, isolate=isolate_bots
        )
        plans = [v.plan for v in variants]
        result, meta = _execute(
            game, "simulate", plans, (workers, dask, ray), batch, out, resume, as_json or as_csv, isolate_bots
        )
        names = [f"{'AB'[i]}: {v.label}" if len(variants) > 1 else v.label for i, v in enumerate(variants)]
        summaries = [summarise(r, p.players, n) for r, p, n in zip(result.results, plans, names, strict=True)]
        diffs = compare(summaries[0], summaries[1]) if len(summaries) == 2 else None
        meta = {"game": game.id, "seed": run_seed, "games": games, **meta}
        _simulation_output(game, summaries, diffs, meta, result, as_json, as_csv, plot)
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    if result.interrupted:
        raise typer.Exit(code=EXIT_INTERRUPTED)


def _simulation_output(
    game: Game[Any, Any],
    summaries: list[Any],
    diffs: Any,
    meta: dict[str, Any],
    result: Run,
    as_json: bool,
    as_csv: bool,
    plot: Path | None,
) -> None:
    if plot is not None and any(s.games for s in summaries):
        from cardgames.lab.plots import plot_simulation

        title = ngettext(
            "{game}: {count} game, seed {seed}", "{game}: {count} games, seed {seed}", meta["games"]
        )
        plot_simulation(
            summaries, plot, title.format(game=game.name, count=grouped(meta["games"]), seed=meta["seed"])
        )
        _plotted(plot)
    if as_json:
        print(json.dumps(report.simulation_json(summaries, diffs, meta), ensure_ascii=False, indent=1))
        return
    if as_csv:
        sys.stdout.write(report.simulation_csv(summaries, diffs))
        return
    console = Console(highlight=False)
    if diffs is None:
        s = summaries[0]
        title = ngettext(
            "{game}: {variant} ({count} game from seed {seed})",
            "{game}: {variant} ({count} games from seed {seed})",
            s.games,
        ).format(game=game.name, variant=s.label, count=grouped(s.games), seed=meta["seed"])
        report.print_summary(console, s, title, game)
    else:
        same = _("{game}: two variants on the same {count} seeds from {seed}")
        console.print(
            same.format(game=game.name, count=grouped(meta["games"]), seed=meta["seed"]), highlight=False
        )
        console.print(report.vs_table(diffs, summaries[0].label[3:], summaries[1].label[3:], game))
        for s in summaries:
            console.print(f"[bold]{escape(s.label[:1])}[/]:", end=" ")
            report.print_distribution(console, s)
        significant = [report.said(d.a, game) for d in diffs if d.significant]
        if significant:
            holm = escape(_("significant at 5% (Holm):"))
            console.print(f"[bold]{holm}[/] {escape('; '.join(significant))}")
        else:
            console.print(_("No difference is significant at 5% (Holm)."))
    footer(console, result, meta)


def _plotted(path: Path) -> None:
    """Say where the plot went (on stderr: --json and --csv keep stdout for their data)."""
    Console(stderr=True, highlight=False).print(
        escape(_("Plot written to {path}").format(path=path.resolve())), soft_wrap=True
    )


def arena(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help=N_("A game id, name or alias."))],
    bots: Annotated[
        str, typer.Option("--bots", "-b", help=N_("The bots to compare, as in heuristic,random."))
    ],
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help=N_("Seats at the table (default: one per bot if possible).")),
    ] = None,
    deals: Annotated[
        int, typer.Option("--deals", "-n", help=N_("Deals, each played by every line-up."))
    ] = 100,
    preset: PresetOption = None,
    option: OptionsOption = None,
    seed: SeedOption = None,
    workers: WorkersOption = None,
    dask: DaskOption = None,
    ray: RayOption = None,
    batch: BatchOption = None,
    out: OutOption = None,
    resume: ResumeOption = False,
    as_json: JsonOption = False,
    as_csv: CsvOption = False,
    plot: PlotOption = None,
    field: Annotated[
        str | None,
        typer.Option(
            "--field",
            metavar="BOT",
            help=N_(
                "Seat each bot alone, at every seat in turn, with this bot at all the other seats "
                "(it may be one of --bots), and compare the bots' seats deal by deal."
            ),
        ),
    ] = None,
    isolate_bots: IsolateOption = False,
) -> None:
    """Bots against each other on duplicate deals with seats rotated: ratings, win rates, pairwise tests."""
    try:
        game = find_game(game_name)
        _check_outputs(as_json, as_csv, plot, out, resume)
        names = list(parse_bots(game, bots, what="--bots", isolate=isolate_bots))
        seats = players
        if seats is None:
            seats = len(names) if game.min_players <= len(names) <= game.max_players else game.default_players
        options = build_options(game, preset, option or [])
        run_seed = _seed(seed, out, resume)
        if field is None:
            plan = arena_mod.arena_plan(game, options, names, seats, run_seed, deals)
        else:
            field_bots = parse_bots(game, field, what="--field", isolate=isolate_bots)
            if len(field_bots) != 1 or field.strip().isdigit():
                raise OptionError(
                    _("--field names one bot, as in --field heuristic, not {field!r}").format(field=field)
                )
            field_bot = field_bots[0]
            plan = field_mod.field_plan(game, options, names, seats, run_seed, deals, field_bot)
        result, meta = _execute(
            game, "arena", [plan], (workers, dask, ray), batch, out, resume, as_json or as_csv, isolate_bots
        )
        if field is None:
            rows, pairs = arena_mod.standings(result.results[0], names)
        else:
            rows, pairs = field_mod.field_standings(result.results[0], names)
            meta["field"] = field_bot
        meta = {"game": game.id, "seed": run_seed, "deals": deals, "players": seats,
                "lineups": len(plan.lineups), **meta}  # fmt: skip
        if plot is not None and result.results[0]:
            from cardgames.lab.plots import plot_arena

            title = ngettext(
                "{game}: {count} deal x {lineups} line-ups",
                "{game}: {count} deals x {lineups} line-ups",
                deals,
            )
            lineups = grouped(len(plan.lineups))
            plot_arena(rows, plot, title.format(game=game.name, count=grouped(deals), lineups=lineups))
            _plotted(plot)
        if as_json:
            print(json.dumps(report.arena_json(rows, pairs, meta), ensure_ascii=False, indent=1))
        elif as_csv:
            sys.stdout.write(report.arena_csv(rows, pairs))
        else:
            console = Console(highlight=False)
            said = ngettext(
                "{game}: {count} deal from seed {seed}, each played by {lineups} line-ups of {seats} seats",
                "{game}: {count} deals from seed {seed}, each played by {lineups} line-ups of {seats} seats",
                deals,
            )
            console.print(
                said.format(
                    game=game.name,
                    count=grouped(deals),
                    seed=run_seed,
                    lineups=grouped(len(plan.lineups)),
                    seats=seats,
                ),
                highlight=False,
            )
            ranking, pairwise = report.arena_tables(rows, pairs)
            console.print(ranking)
            console.print(pairwise)
            footer(console, result, meta)
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    if result.interrupted:
        raise typer.Exit(code=EXIT_INTERRUPTED)


def register(app: typer.Typer) -> None:
    """Mount the commands on the main app."""
    app.command("simulate", help=COMMANDS["simulate"])(simulate)
    app.command("arena", help=COMMANDS["arena"])(arena)


__all__ = ["arena", "register", "simulate"]
