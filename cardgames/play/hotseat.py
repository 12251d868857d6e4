"""Several people at one screen: a hand is shown only to its player, and hidden before the next one's turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgames.play.lines import LineSource

if TYPE_CHECKING:
    from rich.console import Console

CLEAR = "\033[2J\033[3J\033[H"


def clear_screen(console: Console) -> None:
    """Clear the terminal and its scrollback (nothing to clear when the output is not a terminal)."""
    screen = getattr(console, "full_screen", None)
    if screen is not None:  # the full-screen table: its log and the hand leave the screen
        screen.wipe()
    elif console.is_terminal:
        console.file.write(CLEAR)
        console.file.flush()


class HotSeat:
    """Hands the screen from one person to the next."""

    def __init__(self, console: Console, source: LineSource) -> None:
        self.console = console
        self.source = source
        self.at_screen: str | None = None

    def hand_over(self, name: str) -> None:
        """Make sure ``name`` is at the screen: hide the previous hand, clear, and wait for them."""
        if self.at_screen == name:
            return
        if self.at_screen is not None:
            self.source.read(f"{self.at_screen}: press Enter to hide your hand and pass the screen. ")
        clear_screen(self.console)
        self.at_screen = None
        self.source.read(f"{name}: press Enter when you are at the screen (everyone else, look away). ")
        self.at_screen = name

    def leave(self) -> None:
        """Nobody's hand is on the screen any more."""
        self.at_screen = None
