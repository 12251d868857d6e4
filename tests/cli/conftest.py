"""The command-line tests use the fixtures of session_fixtures.py, as tests/play does."""

from session_fixtures import children, fake_registry, no_settings_file, runner, toy_registry

__all__ = ["children", "fake_registry", "no_settings_file", "runner", "toy_registry"]
