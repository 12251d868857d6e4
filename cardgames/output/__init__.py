"""How every command talks to the terminal: one-line errors, colour only on a terminal, whole help lines."""
