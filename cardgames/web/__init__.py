"""Play together in the browser: ``cardgames serve`` (needs the ``web`` extra)."""
