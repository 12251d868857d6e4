"""The ``cardgames`` command line."""
