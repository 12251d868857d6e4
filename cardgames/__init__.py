"""cardgames: the rules of card games as plugins, with bots, a terminal table and a ledger."""

__version__ = "0.1.0"
