"""Shared test set-up: hypothesis profiles (CI runs the "ci" profile)."""

import os
import tempfile

from hypothesis import HealthCheck, settings

# the tests, and every program they start, keep what they cache in a folder of their own, never in
# the user's home
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="cardgames-test-cache-")
# and games kept at the end of input (autosaves) go to a data folder of their own
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="cardgames-test-data-")

settings.register_profile(
    "ci",
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
