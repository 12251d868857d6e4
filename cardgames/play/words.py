"""What a person types, seen from the terminal's side: the CLI's own words, typos, the moves listed
by ``help``, and hand numbers that moved since the hand was last shown."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cardgames.primitives.cards import Card, hand_number, is_suit
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext

# The CLI's own words; the first is the one the help names, the others are read in every language.
HELP_WORDS = ("help", "?", "aiuto", "помощь", "справка")
HAND_WORDS = ("hand", "table", "show", "mano", "tavolo", "рука", "стол")
RULES_WORDS = ("rules", "regole", "правила")
HINT_WORDS = ("hint", "suggerimento", "consiglio", "подсказка")
POSITION_WORDS = ("position", "posizione", "позиция")
QUIT_WORDS = ("quit", "exit", "esci", "выход", "выйти")
CANCEL_WORDS = ("cancel", "back", "annulla", "indietro", "отмена", "назад")
# Short words that could be a command or a card (q: quit, or the queen): refused, never guessed.
AMBIGUOUS = ("q", "q!")
COMMAND_WORDS = (
    *HELP_WORDS[:1],
    *HAND_WORDS[:1],
    *RULES_WORDS,
    *HINT_WORDS,
    *POSITION_WORDS,
    *QUIT_WORDS[:1],
)
MAX_GROUPS = 24  # moves listed by help, after grouping (a grouped entry stands for many moves)
GROUP_AT = 4  # moves with the same first word that are written as one entry


def ambiguity(word: str) -> str:
    """Why ``word`` is neither played nor taken for a command."""
    return _(
        "{word} could mean quit or a queen, so it is neither: type quit to stop, "
        "or name the card (qh, q♥) or its number."
    ).format(word=repr(word))


def suggestion(text: str, candidates: Sequence[str]) -> str | None:
    """The one word the person probably meant ("did you mean draw?"), if one is close enough."""
    word = text.strip().casefold()
    if not word or len(word) < 3:
        return None
    pool = {c.casefold(): c for c in candidates if len(c) >= 3}
    import difflib  # for a mistake only (start-up)

    found = difflib.get_close_matches(word, list(pool), n=1, cutoff=0.7)
    return pool[found[0]] if found and found[0] != word else None


def group_moves(words: Sequence[str]) -> list[str]:
    """The legal moves for ``help``, with many variants of one move written once.

    A jack that names one of four suits is ``JC C/D/H/S``; a wild joker that can
    stand for any of 52 cards becomes ``JOKER as … (52 choices, as in JOKER as 7H)``. Every
    kind of move is listed, so that ``draw`` is never cut off behind the variants.
    """
    firsts: dict[str, list[str]] = {}
    for w in words:
        firsts.setdefault(w.split(" ", 1)[0], []).append(w)
    out: list[str] = []
    for first, forms in firsts.items():
        if len(forms) < GROUP_AT:
            out.extend(forms)
            continue
        tails = [f[len(first) :].strip() for f in forms]
        if all(t and " " not in t for t in tails):
            out.append(f"{first} {'/'.join(tails)}")
            continue
        common = _common_words(tails)
        head = f"{first} {common} …" if common else f"{first} …"
        out.append(f"{head} ({len(forms)} choices, as in {forms[0]})")
    if len(out) > MAX_GROUPS:
        out = [*out[:MAX_GROUPS], f"… ({len(words)} moves in all)"]
    return out


def _common_words(tails: Sequence[str]) -> str:
    """The words every tail starts with."""
    split = [t.split() for t in tails]
    common: list[str] = []
    for column in zip(*split, strict=False):
        if len(set(column)) != 1:
            break
        common.append(column[0])
    return " ".join(common)


# A hand number stands alone: not part of a card ("2♥", "10h"), nor a rank before a suit ("10 h").
_WORDS = re.compile(r"[^\s,]+")


def _numbers(text: str) -> list[int]:
    """The hand numbers in ``text``: words of ASCII digits (a call '!' may follow), not a card's rank."""
    words = [w.rstrip("!") for w in _WORDS.findall(text)]
    out: list[int] = []
    for i, word in enumerate(words):
        number = hand_number(word)
        after = words[i + 1].casefold() if i + 1 < len(words) else ""
        if number is not None and after != "of" and not is_suit(after):
            out.append(number)
    return out


def hand_of(view: Any) -> tuple[Card, ...] | None:
    """A view's hand when the game shows one (a tuple of cards named ``hand``)."""
    hand = getattr(view, "hand", None)
    if isinstance(hand, tuple) and all(isinstance(c, Card) for c in hand):
        return hand
    return None


def moved_numbers(
    text: str, before: Sequence[Card] | None, now: Sequence[Card]
) -> list[tuple[int, Card, Card]]:
    """Numbers in ``text`` that name another card than they did when the hand was last shown.

    Only a hand that received cards since then counts (a draw, a penalty, a pass): numbers
    after one's own play shift too, but the person saw that card leave. Each entry is the
    number, the card it named before and the card it names now.
    """
    if before is None or not _received(before, now):
        return []
    out: list[tuple[int, Card, Card]] = []
    for n in _numbers(text):
        if 1 <= n <= min(len(before), len(now)) and before[n - 1] != now[n - 1]:
            out.append((n, before[n - 1], now[n - 1]))
    return list(dict.fromkeys(out))


def _received(before: Sequence[Card], now: Sequence[Card]) -> bool:
    """Whether ``now`` holds a card (or a copy) that ``before`` did not."""
    left = list(before)
    for c in now:
        if c in left:
            left.remove(c)
        else:
            return True
    return False
