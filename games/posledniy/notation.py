"""Typed moves: cards (``10h``, ``a♠``), hand positions (``3``) and ``pass 10h ah kd``."""

from __future__ import annotations

from cardgames.core.choosing import Pick, Picks
from cardgames.games.posledniy.actions import PassCards, PlayCard
from cardgames.games.posledniy.view import PosledniyView
from cardgames.primitives.cards import Card, format_card, hand_number, is_suit, parse_card
from cardgames.primitives.cardwords import LINK_WORDS, rank_words
from cardgames.primitives.errors import IncompleteAction, ParseError
from cardgames.primitives.language import catalog, language, reading_language

_ = catalog("cardgames.games.posledniy").gettext
ngettext = catalog("cardgames.games.posledniy").ngettext

# "scambio" (the exchange, and "I exchange") is the Italian word written; "passo" is read too, though it
# is also Dernier's word for passing one's turn
_PASS_WORDS = frozenset({"pass", "give", "snos", "снос", "сношу", "отдаю", "scambio", "passo", "passa"})
_PICK_WORDS = frozenset({"pick", "отложить", "scelgo"})
_PLAY_WORDS = frozenset({"play", "p", "хожу", "gioco"})


def forms() -> str:
    """What a player may type, in the language in force (the 32-card deck has no joker)."""
    return _(
        "a card (rank then suit, as in QH, 10s, q♥, 7♣) or its number in your hand as shown (1, 2, …); "
        "in the exchange the cards to pass, as in 'pass 10h ah kd' or 'pass 1 4 8' "
        "(or one at a time, as in 'pick 10h')"
    )


def _one(word: str, hand: tuple[Card, ...]) -> Card:
    number = hand_number(word)
    if number is not None:
        if not 1 <= number <= len(hand):
            raise ParseError(
                _("there is no card number {number}: your hand has cards 1 to {n}").format(
                    number=number, n=len(hand)
                )
            )
        return hand[number - 1]
    try:
        return parse_card(word)
    except ParseError:
        raise ParseError(
            _("{word} is not a card; write {forms}").format(word=repr(word), forms=forms())
        ) from None


def parse(text: str, view: PosledniyView) -> Pick | Picks | PlayCard:
    """Read a typed move in the context of the player's view."""
    words = text.replace(",", " ").split()
    if not words:
        raise ParseError(_("nothing typed; write {forms}").format(forms=forms()))
    head = words[0].casefold()
    if head in _PICK_WORDS:
        return _pick(words[1:], view)
    if head in _PASS_WORDS:
        if len(words) == 1 and not view.must_pass:
            raise ParseError(
                _("name the cards to pass, as in 'pass 10h ah kd'; write {forms}").format(forms=forms())
            )
        return _pass(words[1:], view)
    if head in _PLAY_WORDS and len(words) > 1:
        words = words[1:]
    if view.phase == "exchange":
        return _pass(words, view)
    words = _join_of(words)
    if len(words) != 1:
        raise ParseError(_("play one card at a time; write {forms}").format(forms=forms()))
    return PlayCard(_one(words[0], view.hand))


def _chosen(words: list[str], view: PosledniyView) -> tuple[Card, ...]:
    cards = tuple(_one(w, view.hand) for w in _join_of(words))
    twice = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
    if twice is not None:  # "дама бубен 5": the same card by name and by number
        raise ParseError(_("{card} is named twice: a card is passed once").format(card=format_card(twice)))
    again = [c for c in cards if c in view.chosen]
    if again:
        raise ParseError(_("{card} is set aside to pass already").format(card=format_card(again[0])))
    if len(cards) > view.must_pass:
        if not view.must_pass:
            raise ParseError(_("you pass no cards now"))
        # every card named is listed: the person sees which were counted (with those named before a question)
        if view.chosen:
            message = ngettext(
                "you pass {n} more card, and {given} are named: {cards}",
                "you pass {n} more cards, and {given} are named: {cards}",
                view.must_pass,
            )
        else:
            message = ngettext(
                "you pass {n} card, and {given} are named: {cards}",
                "you pass {n} cards, and {given} are named: {cards}",
                view.must_pass,
            )
        named = " ".join(format_card(c) for c in cards)
        raise ParseError(message.format(n=view.must_pass, given=len(cards), cards=named))
    return cards


def _picks(cards: tuple[Card, ...]) -> Pick | Picks:
    return Pick(cards[0]) if len(cards) == 1 else Picks(tuple(Pick(c) for c in cards))


def _pick(words: list[str], view: PosledniyView) -> Pick | Picks:
    """``pick 10h``: some of the cards to pass, the rest chosen later."""
    if not words:
        raise ParseError(
            _("name the card to set aside, as in 'pick 10h'; write {forms}").format(forms=forms())
        )
    return _picks(_chosen(words, view))


def _pass(words: list[str], view: PosledniyView) -> Pick | Picks:
    """``pass 10h ah kd``: the (rest of the) pass, chosen card by card (protocol 2's picks)."""
    cards = _chosen(words, view)
    missing = view.must_pass - len(cards)
    if missing > 0:  # ask for the rest rather than refuse a pass begun
        if cards:
            question = ngettext(
                "{n} more to pass: which? (cards or their numbers)",
                "{n} more to pass: which? (cards or their numbers)",
                missing,
            ).format(n=missing)
        else:
            question = ngettext(
                "Which {n} card do you pass to your left? (cards or their numbers)",
                "Which {n} cards do you pass to your left? (cards or their numbers)",
                view.must_pass,
            ).format(n=view.must_pass)
        raise IncompleteAction(question, chosen=cards)
    return _picks(cards)


def _join_of(words: list[str]) -> list[str]:
    """Put '10 of hearts', '10 h' and 'дама пик' back together as one card word."""
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if i + 2 < len(words) and words[i + 1].casefold() in LINK_WORDS:
            out.append(f"{w} {words[i + 2]}")
            i += 3
            continue
        if not _rank_only(w) or i + 1 >= len(words) or not is_suit(words[i + 1]):
            out.append(w)
            i += 1
            continue
        out.append(f"{w} {words[i + 1]}")
        i += 2
    return out


def _rank_only(word: str) -> bool:
    """Whether ``word`` is a number or a rank that a suit may follow ("10 h", "туз бубен", "fante picche")."""
    return hand_number(word) is not None or word.casefold() in rank_words(reading_language())


def format_move(action: Pick | Picks | PassCards | PlayCard) -> str:
    """Write a move the way ``parse`` reads it (a whole PassCards of an old record as the pass it was)."""
    if isinstance(action, Pick):
        return f"pick {format_card(action.card)}"
    if isinstance(action, Picks):
        return "pass " + " ".join(format_card(p.card) for p in action.picks)
    if isinstance(action, PassCards):
        return "pass " + " ".join(format_card(c) for c in action.cards)
    return format_card(action.card)


# The words each language writes in the list of moves (each one is read back in that language).
_TYPED_WORDS = {"it": {"pass": "scambio", "pick": "scelgo"}, "ru": {"pass": "снос", "pick": "отложить"}}


def typed_move(action: Pick | Picks | PassCards | PlayCard) -> str:
    """A move as a player types it in the language in force: cards with suit glyphs, its own words."""
    words = _TYPED_WORDS.get(language(), {})
    if isinstance(action, PlayCard):
        return format_card(action.card, glyphs=True)
    cards: tuple[Card, ...]
    if isinstance(action, Pick):
        head, cards = "pick", (action.card,)
    else:
        head = "pass"
        cards = tuple(p.card for p in action.picks) if isinstance(action, Picks) else action.cards
    return " ".join([words.get(head, head), *(format_card(c, glyphs=True) for c in cards)])
