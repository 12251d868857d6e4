"""Dernier's moves typed in Italian and Russian, and its messages in the player's language."""

from __future__ import annotations

import re

import pytest
from dernier_helpers import GAME, position

from cardgames.games.dernier.actions import DECLINE, DRAW, PASS, Anticipo, Play
from cardgames.games.dernier.options import DernierOptions
from cardgames.games.dernier.rules_card import rules_card
from cardgames.games.dernier.view import DernierView
from cardgames.play.hints import hint
from cardgames.play.turn import legal_words
from cardgames.primitives.cards import JOKER, Suit, parse_card
from cardgames.primitives.errors import IncompleteAction, ParseError
from cardgames.primitives.language import speaking, typed_by_player


def view_of(hand: str, top: str = "9h") -> DernierView:
    return position([hand, "2c 3c 4c", "5c 6c 7c"], top, direction=1).view(0)


def test_an_italian_player_types_cards_and_moves_in_italian() -> None:
    view = view_of("7h 7d js kc 9s")
    with speaking("it"), typed_by_player():
        assert GAME.parse_action("7 quadri", view) == Play(parse_card("7♦"))
        assert GAME.parse_action("7c", view) == Play(parse_card("7♥"))  # c is cuori
        assert parse_card("kc") == parse_card("K♥")
        assert GAME.parse_action("fante di picche cuori", view) == Play(parse_card("J♠"), suit=Suit.HEARTS)
        assert GAME.parse_action("Fp f", view) == Play(parse_card("J♠"), suit=Suit.CLUBS)
        assert GAME.parse_action("r", view) == Play(parse_card("K♣"))  # the only re
        assert GAME.parse_action("9 picche!", view) == Play(parse_card("9♠"), dernier=True)
        assert GAME.parse_action("pesca", view) == DRAW
        assert GAME.parse_action("passo", view) == PASS
        assert GAME.parse_action("7♥", view) == Play(parse_card("7♥"))
        with pytest.raises(IncompleteAction) as asked:
            GAME.parse_action("Fp", view)
    assert asked.value.question == "Scegli il seme (f, q, c o p)"
    assert asked.value.choices == ("f", "q", "c", "p")


def test_a_russian_player_types_cards_and_moves_in_russian() -> None:
    view = view_of("7h 7d js kc 9s")
    with speaking("ru"), typed_by_player():
        assert GAME.parse_action("7б", view) == Play(parse_card("7♦"))
        assert GAME.parse_action("вп ч", view) == Play(parse_card("J♠"), suit=Suit.HEARTS)
        assert GAME.parse_action("валет пик черви", view) == Play(parse_card("J♠"), suit=Suit.HEARTS)
        assert GAME.parse_action("К♣", view) == Play(parse_card("K♣"))
        assert GAME.parse_action("беру", view) == DRAW
        assert GAME.parse_action("пас", view) == PASS


def test_a_wild_joker_stands_for_a_card_named_in_the_players_language() -> None:
    view = view_of("joker 5c 6c")
    with speaking("it"), typed_by_player():
        assert GAME.parse_action("jolly come 9 cuori", view) == Play(JOKER, as_card=parse_card("9♥"))
    with speaking("ru"), typed_by_player():
        assert GAME.parse_action("джокер как 9ч", view) == Play(JOKER, as_card=parse_card("9♥"))


def test_an_anticipo_is_taken_or_declined_in_each_language() -> None:
    state = position(["8h 2c 3c", "5c 6c", "8h 7c 9s"], "9h", direction=1, anticipo=True)
    state.apply(Play(parse_card("8♥")))
    view = state.view(2)
    with speaking("ru"), typed_by_player():
        assert GAME.parse_action("нет", view) == DECLINE
        assert GAME.parse_action("да", view) == Anticipo()
    with speaking("it"), typed_by_player():
        assert GAME.parse_action("no", view) == DECLINE
        assert GAME.parse_action("sì", view) == Anticipo()


def test_the_errors_a_player_meets_are_in_their_language() -> None:
    view = view_of("7h 7d")
    with speaking("it"), typed_by_player(), pytest.raises(ParseError) as it:
        GAME.parse_action("12", view)
    assert str(it.value) == "non c'è la carta numero 12: hai 2 carte in mano"
    with speaking("ru"), typed_by_player(), pytest.raises(ParseError) as ru:
        GAME.parse_action("к", view_of("kh ks"))
    assert str(ru.value) == "у вас несколько карт «король»: напишите одну из kh, ks"
    for n, word in ((1, "карта"), (2, "карты"), (5, "карт")):
        hand = " ".join(["7h", "8h", "2d", "3d", "4d"][:n])
        with speaking("ru"), typed_by_player(), pytest.raises(ParseError) as ru:
            GAME.parse_action("9", view_of(hand))
        assert str(ru.value).endswith(f"у вас в руке {n} {word}")


@pytest.mark.parametrize(
    ("code", "named", "bare", "refusal"),
    [
        ("it", "fante di picche", "fante", "non hai J♠"),
        ("en", "jack of spades", "jack", "you have no J♠"),
        ("en", "jack of spades h", "j", "you have no J♠"),
        ("ru", "валет пик", "валет", "у вас нет J♠"),
    ],
)
def test_a_card_named_in_full_that_is_not_held_is_refused_not_swapped(
    code: str, named: str, bare: str, refusal: str
) -> None:
    view = view_of("7h jh 9s")  # one jack, and it is not the jack of spades
    with speaking(code), typed_by_player():
        with pytest.raises(ParseError) as refused:
            GAME.parse_action(named, view)
        assert str(refused.value) == refusal
        with pytest.raises(IncompleteAction):  # a bare rank is the only jack, which then names a suit
            GAME.parse_action(bare, view)


@pytest.mark.parametrize(
    ("hand", "letter", "word"),
    [
        ("jh jc 5c", "f", "fante"),
        ("kh kc 5c", "r", "re"),
        ("ah ac 5c", "a", "asso"),
        ("qh qc 5c", "d", "donna"),
    ],
)
def test_the_italian_words_for_a_rank_agree_with_every_rank(hand: str, letter: str, word: str) -> None:
    two_held, none_held = view_of(hand, top=hand[0] + "d"), view_of("7h 8c 5c")  # both playable on the top
    with speaking("it"), typed_by_player(), pytest.raises(ParseError) as two:
        GAME.parse_action(letter, two_held)
    assert str(two.value).startswith(f"hai più carte di rango {word}: scrivi una tra ")
    with speaking("it"), typed_by_player(), pytest.raises(ParseError) as none:
        GAME.parse_action(letter, none_held)
    assert str(none.value).startswith(f"non hai carte di rango {word}; ")


@pytest.mark.parametrize(("n", "goal"), [(1, "a 1 mano vinta"), (3, "a 3 mani vinte")])
def test_the_italian_match_goal_reads_naturally(n: int, goal: str) -> None:
    with speaking("it"):
        card = rules_card(DernierOptions(scoring="hands", hands_to_win=n))
    assert card.goal.startswith(f"Partita: vince chi arriva per primo {goal};")


@pytest.mark.parametrize("code", ["en", "it", "ru"])
def test_every_move_in_the_list_is_written_in_the_players_language_and_reads_back(code: str) -> None:
    view = view_of("7h jc joker", top="9h")
    legal = [DRAW, Play(parse_card("7h")), Play(parse_card("jc"), suit=Suit.SPADES)]
    legal += [Play(JOKER, as_card=parse_card("9c"), dernier=True), PASS]
    with speaking(code), typed_by_player():
        for action in legal:
            written = GAME.typed_action(action)
            assert GAME.parse_action(written, view) == action, written
        listed = [GAME.typed_action(a) for a in legal]
    words = {"en": "draw", "it": "pesca", "ru": "беру"}
    assert listed[0] == words[code] and (code == "en" or "draw" not in " ".join(listed))
    jokers = {"en": "JOKER", "it": "jolly", "ru": "джокер"}
    assert listed[3].split()[0] == jokers[code]


@pytest.mark.parametrize(("code", "said"), [("en", "Hint: draw (what"), ("it", "Suggerimento: pesca (")])
def test_a_hint_is_written_as_the_player_types_a_move(code: str, said: str) -> None:
    with speaking(code):
        assert hint(GAME, view_of("7h jc joker", top="9c"), [DRAW]).startswith(said)


def test_the_help_lists_the_moves_in_the_players_language() -> None:
    with speaking("it"):
        assert legal_words(GAME, [DRAW, Play(parse_card("jc"), suit=Suit.SPADES)]) == ["pesca", "J♣ ♠"]


@pytest.mark.parametrize(
    ("code", "goal", "words"),
    [
        ("en", 1, "first to win 1 hand"),
        ("en", 3, "first to win 3 hands"),
        ("it", 1, "a 1 mano vinta"),
        ("it", 3, "a 3 mani vinte"),
        ("ru", 1, "до 1 выигранного кона"),
        ("ru", 21, "до 21 выигранного кона"),
        ("ru", 5, "до 5 выигранных конов"),
    ],
)
def test_the_heading_counts_the_hands_to_win_in_each_language(code: str, goal: int, words: str) -> None:
    import attrs

    state = GAME.new_game(attrs.evolve(DernierOptions(), hands_to_win=goal), 3, 1)
    with speaking(code):
        heading = GAME.tabletop(state.view(0), ["Anna", "Boris", "Vera"]).heading
    assert words in heading, heading


@pytest.mark.parametrize(("code", "joker"), [("en", "joker"), ("it", "jolly"), ("ru", "джокер")])
def test_the_rules_cards_joker_example_is_typed_as_the_players_language_reads_it(
    code: str, joker: str
) -> None:
    """The card quotes the wild joker's move ('joker as 7h') in the words the prompt of its language reads."""
    view = view_of("joker 5c 6c")
    with speaking(code), typed_by_player():
        card = rules_card(DernierOptions())
        text = " ".join([card.goal, *(what for _, what in card.cards), *card.notes])
        examples = re.findall(rf"'({joker} [^']+)'", text)
        assert examples, text
        for example in examples:
            play = GAME.parse_action(example, view)
            assert isinstance(play, Play) and play.card == JOKER and play.as_card is not None
