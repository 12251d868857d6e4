"""Plugins that fail, loop, exit, print or claim another game's name: one line each, nothing lost."""

from __future__ import annotations

import importlib.metadata
import json
import sys
from pathlib import Path

import pytest
from hostile_plugins import Pass, SecretCard, SecretOptions, Show
from typer.testing import CliRunner

from cardgames.bots.lookup import make_bot
from cardgames.bots.worlds import SearchingBot
from cardgames.cli.app import app
from cardgames.core.record import load_record
from cardgames.plugins import guard, importing, registry
from cardgames.plugins.registry import GROUP, Registry
from cardgames.plugins.sandbox import ProcessBot, bot_key, seat_bot
from cardgames.primitives.errors import IllegalActionError, ParseError, PluginError, PluginFailedError

HERE = Path(__file__).parent


def _installed() -> list[importlib.metadata.EntryPoint]:
    return list(importlib.metadata.entry_points(group=GROUP))


# -- 3. a plugin never takes over an installed game silently ---------------------------------


def test_a_plugin_claiming_an_installed_games_id_is_refused_and_listed() -> None:
    impostor = importlib.metadata.EntryPoint("aaa-dernier", "hostile_plugins:Impostor", GROUP)
    reg = Registry()
    reg.load_entry_points([impostor, *_installed()])
    real = reg.find("dernier")
    assert type(real).__mro__[1].__module__.startswith("cardgames.games.dernier")  # the guarded real Dernier
    broken = {b.name: b.reason for b in reg.broken}
    assert "'dernier'" in broken["aaa-dernier"] and "installed with cardgames" in broken["aaa-dernier"]


def test_two_plugins_claiming_one_name_are_both_refused_unless_the_user_chose(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    eps = [
        importlib.metadata.EntryPoint("secret", "hostile_plugins:SecretCard", GROUP),
        importlib.metadata.EntryPoint("rival", "hostile_plugins:Rival", GROUP),
    ]
    reg = Registry()
    reg.load_entry_points(eps)
    assert reg.games() == []
    assert all("none of them is loaded" in b.reason for b in reg.broken) and len(reg.broken) == 2
    monkeypatch.setenv(registry.PREFER_VARIABLE, "rival")
    chosen = Registry()
    chosen.load_entry_points(eps)
    assert [g.name for g in chosen.games()] == ["Secret Card, the rival"]
    assert "chosen in CARDGAMES_PREFER" in chosen.broken[0].reason


def test_list_says_which_plugin_was_refused(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    impostor = importlib.metadata.EntryPoint("aaa-dernier", "hostile_plugins:Impostor", GROUP)
    reg = Registry()
    reg.load_entry_points([impostor, *_installed()])
    monkeypatch.setattr(registry, "_default", reg)
    out = runner.invoke(app, ["list"]).output
    assert "broken plugin aaa-dernier" in out and "which is kept" in out


@pytest.mark.parametrize("target", ["hostile_plugins:Impostor", "hostile_plugins:SecretCard"])
def test_a_plugin_whose_entry_point_is_named_dernier_is_listed_and_dernier_still_plays(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, target: str
) -> None:
    """Its entry point's name claims Dernier's name (whatever its game's id): refused, reported, ignored."""
    squatter = importlib.metadata.EntryPoint("dernier", target, GROUP)
    reg = Registry()
    reg.add_entry_points([squatter, *_installed()])  # as the program notes them, unloaded
    monkeypatch.setattr(registry, "_default", reg)
    played = runner.invoke(app, ["play", "dernier", "-p", "bot,bot", "--seed", "4", "-o", "hands_to_win=1"])
    assert played.exit_code == 0, played.output
    assert "Game over" in played.output and "broken" not in played.output
    listed = runner.invoke(app, ["list"]).output
    assert "broken plugin dernier" in listed and "which is kept" in listed and target in listed
    assert [g.id for g in reg.games()] == sorted(
        ep.name for ep in _installed()
    )  # the squatter is not among them


# -- 4. a plugin's failure is one line, and the save is kept -----------------------------------


@pytest.mark.parametrize(
    ("fault", "said"),
    [
        ("apply", "failed in apply: ZeroDivisionError"),
        ("legal", "failed in legal_actions: KeyError"),
        ("view", "failed in view: RuntimeError"),
        ("empty", "no legal action for the seat to act"),
        ("to_act", "to_act gave 5, not a seat of 2"),
        ("bot", "failed in its bot faulty: ValueError"),
    ],
)
def test_a_failing_plugin_call_is_one_line_and_the_game_before_it_is_saved(
    secret_registry: Registry, runner: CliRunner, tmp_path: Path, fault: str, said: str
) -> None:
    path = tmp_path / "game.json"
    players = "me,bot:faulty" if fault == "bot" else "me,bot:random"
    args = ["play", "secret", "-p", players, "--seed", "3", "-o", f"fault={fault}", "-o", "at=1"]
    args += ["--save", str(path)]
    result = runner.invoke(app, args, input="pass\npass\n")  # the bot fails after the first move
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "the plugin secret failed" in errors[0] and said in errors[0]
    assert "Traceback" not in result.output and "the game before that is saved in" in errors[0]
    _, record = load_record(path, secret_registry.find)
    assert record.actions == [Pass()]  # the move before the failure


def test_a_failing_new_game_is_one_line(secret_registry: Registry, runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "secret", "-p", "me,Bob", "-o", "fault=new_game"], input="")
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "error: the plugin secret failed in new_game: MemoryError: no memory for a new game"
    ]


def test_the_guard_lets_the_frameworks_own_errors_through() -> None:
    game = guard.guarded(SecretCard())
    state = game.new_game(SecretOptions(), 2, 1)
    state.apply(Show())
    state.apply(Show())
    with pytest.raises(IllegalActionError, match=r"^not now$") as info:
        state.apply(Show())  # the card is face up already: the game's own refusal, unchanged
    assert not isinstance(info.value, PluginFailedError)
    with pytest.raises(ParseError, match="type pass or show"):
        game.parse_action("fold", state.view(0))


# -- 4. imports that loop, exit or print --------------------------------------------------------

BAD_IMPORTS = {
    "hostile_loops": "while True:\n    pass\n",
    "hostile_exits": "import os\nos._exit(0)\n",
    "hostile_prints": "print('hello from a plugin')\nfrom hostile_plugins import SecretCard as Game\n",
}


@pytest.fixture
def bad_imports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[importlib.metadata.EntryPoint]:
    for name, text in BAD_IMPORTS.items():
        (tmp_path / f"{name}.py").write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(importing, "IMPORT_SECONDS", 0.5)
    yield [importlib.metadata.EntryPoint(n.removeprefix("hostile_"), f"{n}:Game", GROUP) for n in BAD_IMPORTS]
    for name in BAD_IMPORTS:
        sys.modules.pop(name, None)


def test_an_import_that_loops_or_exits_is_a_broken_plugin_and_the_rest_load(
    bad_imports: list[importlib.metadata.EntryPoint],
) -> None:
    reg = Registry()
    reg.load_entry_points([*bad_imports, *_installed()])
    broken = {b.name: b.reason for b in reg.broken}
    assert broken["loops"].startswith("ImportTimeout: its import did not finish within 0.5 s")
    assert broken["exits"].startswith("ExitAtImport: it called os._exit(0)")
    assert {"dernier", "posledniy", "secret"} <= {g.id for g in reg.games()}


def test_a_print_at_import_does_not_break_list_json(
    bad_imports: list[importlib.metadata.EntryPoint], monkeypatch: pytest.MonkeyPatch
) -> None:
    everything = [*bad_imports, *_installed()]
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda **_: everything)
    monkeypatch.setattr(registry, "_default", None)
    result = CliRunner().invoke(app, ["list", "--json"])
    data = json.loads(result.stdout)  # only JSON on stdout: the plugin's print went to stderr
    assert "secret" in [g["id"] for g in data["games"]]
    assert "hello from a plugin" in result.stderr


# -- 2. an out-of-process bot sees only its view ------------------------------------------------


def test_a_bot_in_process_can_find_the_state_but_out_of_process_it_cannot() -> None:
    game = guard.guarded(SecretCard())
    state = game.new_game(SecretOptions(), 2, 5)
    legal = list(state.legal_actions())
    inside = make_bot(game, "spy", __import__("random").Random(1))
    with pytest.raises(PluginFailedError, match=r"I saw \d+ game states in my process"):
        inside.choose(state.view(0), legal)  # the leak that in-process bots have
    outside = ProcessBot(game, "hostile_plugins:spy_bot", bot_key(5, 0))
    try:
        assert outside.choose(state.view(0), legal) == legal[-1]  # played: it found no state
        state.apply(legal[-1])
        assert outside.choose(state.view(1), list(state.legal_actions())) in state.legal_actions()
    finally:
        outside.close()


def test_an_out_of_process_bot_that_fails_is_one_line_and_stopped() -> None:
    game = guard.guarded(SecretCard())
    state = game.new_game(SecretOptions(), 2, 5)
    bot = ProcessBot(game, "faulty", bot_key(5, 0))
    with pytest.raises(
        PluginFailedError, match=r"its bot faulty \(out of process\) raised ValueError: the bot"
    ):
        bot.choose(state.view(0), list(state.legal_actions()))
    assert bot._process is not None and bot._process.poll() is not None


def test_isolated_bots_play_a_whole_game_from_the_command_line(runner: CliRunner) -> None:
    args = ["play", "dernier", "-p", "bot,bot", "--seed", "4", "-o", "hands_to_win=1", "--isolate-bots"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["finished"] and data["seed"] == 4


@pytest.mark.parametrize("bot", ["bot:hard", "bot:ismcts:iterations=15"])
def test_with_isolate_bots_a_search_bot_plays_in_process_beside_isolated_bots(
    runner: CliRunner, bot: str
) -> None:
    """A search bot is cardgames' own code searching the worlds the table deals: it stays in process.

    (It used to be refused with --isolate-bots; the trust model of docs/sandbox.md#who-runs-where
    changed that deliberately.)
    """
    args = ["play", "dernier", "-p", f"{bot},bot", "--seed", "3", "-o", "hands_to_win=1", "--isolate-bots"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["finished"]
    game = registry.find_game("dernier")
    searching = seat_bot(game, bot[4:], 3, 0, isolate=True)
    isolated = seat_bot(game, "heuristic", 3, 1, isolate=True)  # its child starts at its first move
    assert isinstance(searching, SearchingBot) and isinstance(isolated, ProcessBot)


def test_a_plugin_whose_name_holds_terminal_controls_is_refused() -> None:
    class Sneaky(SecretCard):
        id = "sneaky"
        name = "Sneaky\x1b[2J"

    with pytest.raises(PluginError, match=r"'Sneaky\\x1b\[2J' is not a plain name"):
        Registry().register(Sneaky())


def test_a_guarded_game_and_its_state_pickle_and_stay_guarded() -> None:
    import pickle

    game = registry.find_game("dernier")
    again = pickle.loads(pickle.dumps(game))
    assert type(again) is type(game) and again.id == "dernier"
    state = game.new_game(game.options_type(), 4, 3)
    copy = pickle.loads(pickle.dumps(state))
    assert isinstance(copy, guard.GuardedState) and copy == state


def _third_party(monkeypatch: pytest.MonkeyPatch) -> Registry:
    """The installed games plus Secret Card, installed as a third-party plugin (an entry point)."""
    reg = Registry()
    reg.load_entry_points([importlib.metadata.EntryPoint("secret", "hostile_plugins:SecretCard", GROUP)])
    reg.load_entry_points(_installed())
    monkeypatch.setattr(registry, "_default", reg)
    return reg


def test_at_a_web_table_a_plugins_bots_run_in_process_and_out_of_it_with_isolate_bots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One trust model: a third-party game's own bots run in process as the built-ins' do (they
    used to be forced out of process); ``serve --isolate-bots`` puts them in child processes."""
    from cardgames.core.record import Seat
    from cardgames.core.table import Table
    from cardgames.web.live import bots_for

    game = _third_party(monkeypatch).find("secret")
    table = Table.start(game, SecretOptions(), [Seat("Ann"), Seat("Spy", "spy")], 5)
    table.act(Pass())
    inside = bots_for(table)[1]
    assert not isinstance(inside, ProcessBot)
    with pytest.raises(PluginFailedError, match="game states in my process"):  # the known in-process limit
        inside.choose(table.state.view(1), list(table.state.legal_actions()))
    bots = bots_for(table, isolate=True)
    try:
        assert isinstance(bots[1], ProcessBot)
        legal = list(table.state.legal_actions())
        assert bots[1].choose(table.state.view(1), legal) in legal  # the spy found no state
    finally:
        bots[1].close()


def test_in_the_lab_a_plugins_bots_run_in_process_and_out_of_it_with_isolate_bots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardgames.lab.play import play_game

    game = _third_party(monkeypatch).find("secret")
    with pytest.raises(PluginFailedError, match="game states in my process"):
        play_game(game, SecretOptions(), ["spy", "spy"], 5)
    result = play_game(game, SecretOptions(), ["spy", "spy"], 5, isolate=True)
    assert result.decisions == 4 and not result.capped  # the spies played: they found no state
    bots = ["hostile_plugins:spy_bot", "hostile_plugins:spy_bot"]  # bot code from another module
    assert play_game(game, SecretOptions(), bots, 5, isolate=True).decisions == 4


# -- bot code from outside the game: module:factory, only with --isolate-bots -------------------


@pytest.mark.usefixtures("secret_registry")
def test_a_bot_from_another_module_plays_only_out_of_process(runner: CliRunner) -> None:
    base = ["play", "secret", "-p", "bot:hostile_plugins:spy_bot,bot:random", "--seed", "4"]
    refused = runner.invoke(app, [*base, "--json"])
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert len(refused.stderr.strip().splitlines()) == 1
    assert "'hostile_plugins:spy_bot' is code from outside Secret Card" in refused.stderr
    assert "--isolate-bots" in refused.stderr
    result = runner.invoke(app, [*base, "--isolate-bots", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)  # the spy played from its views: it found no state
    assert data["finished"] and data["players"][0]["bot"] == "hostile_plugins:spy_bot"


def test_a_bot_module_that_cannot_be_found_is_one_line(runner: CliRunner) -> None:
    args = ["play", "dernier", "-p", "bot:no_such_bots_here:clever,bot", "--isolate-bots", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "no module 'no_such_bots_here'" in result.stderr


@pytest.mark.usefixtures("secret_registry")
def test_simulate_seats_a_bot_from_another_module_with_isolate_bots(runner: CliRunner) -> None:
    args = ["simulate", "secret", "-p", "hostile_plugins:spy_bot,random", "-n", "2", "-w", "1"]
    args += ["--seed", "2", "--json"]
    refused = runner.invoke(app, args)
    assert refused.exit_code == 2 and "--isolate-bots" in refused.output
    result = runner.invoke(app, [*args, "--isolate-bots"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games_played_now"] == 2 and "hostile_plugins:spy_bot" in data["variants"][0]["label"]


@pytest.mark.usefixtures("secret_registry")
def test_a_game_with_a_bot_from_another_module_says_to_resume_it_with_isolate_bots(
    runner: CliRunner, tmp_path: Path
) -> None:
    save = tmp_path / "spy.json"
    args = ["play", "secret", "-p", "me,bot:hostile_plugins:spy_bot", "--seed", "4", "--isolate-bots"]
    result = runner.invoke(app, [*args, "--lines", "--save", str(save)], input="quit\ny\n")
    assert result.exit_code == 0, result.output
    assert f"cardgames resume {save} --isolate-bots" in " ".join(result.output.split())
    refused = runner.invoke(app, ["resume", str(save), "--lines"], input="quit\ny\n")
    assert refused.exit_code == 2 and "--isolate-bots" in refused.stderr
    again = runner.invoke(app, ["resume", str(save), "--lines", "--isolate-bots"], input="quit\ny\n")
    assert again.exit_code == 0, again.output
