"""Playing a game in the terminal: seats, the session loop, input, hot-seat, timer, files and replays.

The commands ``play``, ``resume`` and ``replay`` of :mod:`cardgames.cli.app` are thin wrappers
around :class:`cardgames.play.session.Session` and :mod:`cardgames.play.replaying`.
"""
