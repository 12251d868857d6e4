"""The game protocol and what carries a game: tables, records, positions and options."""
