"""The session's tests use the fixtures of tests/cli/session_fixtures.py, as tests/cli does."""

from session_fixtures import children, no_settings_file, runner, toy_registry

__all__ = ["children", "no_settings_file", "runner", "toy_registry"]
