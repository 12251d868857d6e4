"""A yes-or-no question at the terminal, answered in any of the program's languages."""

from __future__ import annotations

from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext

# yes in every language the program speaks; anything else (Enter too) is no
YES_WORDS = ("y", "yes", "s", "sì", "si", "д", "да")


def confirm(question: str) -> bool:
    """Ask ``question`` (default no); False at the end of input or on Ctrl+C."""
    choices = _("y/N")  # the answers: yes, or (the default) no
    try:
        answer = input(f"{question} [{choices}]: ")
    except (EOFError, KeyboardInterrupt):
        print()
        return False
    return answer.strip().casefold() in YES_WORDS
