"""The built-in game plugins, registered through the ``cardgames.games`` entry points."""
