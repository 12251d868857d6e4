"""A Said's second-person form: what the person at a seat reads of what they did (docs/languages.md)."""

from __future__ import annotations

from cardgames.primitives.cards import parse_card
from cardgames.primitives.language import FRAMEWORK, N_, speaking
from cardgames.primitives.said import said, said_data, said_from_data
from cardgames.primitives.seating import SeatNumber, draw_said, seating_from_draw

PLAYS = N_("{who} plays {card}")
YOU_PLAY = N_("You play {card}")
ACE = parse_card("AS")


def test_the_second_person_form_is_said_only_to_the_seat_it_addresses() -> None:
    move = said(FRAMEWORK, PLAYS, who=SeatNumber(1), card=ACE).to_you(YOU_PLAY)
    assert move.words() == "P2 plays A♠"  # nobody reading: the third person, as before
    assert move.words(reader=0) == "P2 plays A♠"
    assert move.words(reader=1) == "You play A♠"
    assert move.addressed(1) and not move.addressed(0) and not move.addressed(None)


def test_a_form_without_its_seat_value_addresses_the_entrys_seat_and_parts_follow_their_whole() -> None:
    # "Bot 2 plays A♠": the seat is the entry's, not a value of the message
    plays = said(FRAMEWORK, N_("plays {card}"), card=ACE).to_you(YOU_PLAY)
    assert plays.words(reader=2, subject=2) == "You play A♠"
    assert plays.words(reader=2, subject=1) == "plays A♠"
    whole = said(FRAMEWORK, N_("{play}, naming {suit}"), play=plays, suit=ACE.suit)
    assert whole.addressed(2, subject=2)  # it begins with a part said to the reader
    assert whole.words(reader=2, subject=2) == "You play A♠, naming spades"


def test_the_winners_address_the_reader_when_the_reader_alone_won() -> None:
    alone = said(FRAMEWORK, N_("{winners} won"), winners=(SeatNumber(0),))
    over = alone.to_you(N_("you won"), about="winners")
    assert over.words(reader=0) == "you won"
    both = said(FRAMEWORK, N_("{winners} won"), winners=(SeatNumber(0), SeatNumber(2)))
    assert both.to_you(N_("you won"), about="winners").words(reader=0) == "P1 and P3 won"


def test_the_seat_draw_tells_the_reader_they_deal_in_every_language() -> None:
    draw = draw_said(seating_from_draw([parse_card(c) for c in ("KS", "AS", "QS")]))
    assert "; you drew the highest card and deal, and clockwise from you" in draw.words(reader=0)
    with speaking("ru"):
        assert "; вы вытянули старшую карту и сдаёте, а по часовой стрелке от вас" in draw.words(reader=0)
    with speaking("it"):
        assert "; hai pescato la carta più alta e fai il mazziere" in draw.words(reader=0)
        assert "P1 ha pescato la carta più alta" in draw.words(reader=1)


def test_a_view_sent_to_another_process_keeps_the_second_person_forms() -> None:
    move = said(FRAMEWORK, PLAYS, who=SeatNumber(1), card=ACE).to_you(YOU_PLAY)
    back = said_from_data(said_data(move))
    assert back == move and back.words(reader=1) == "You play A♠"
    old = said_data(said(FRAMEWORK, PLAYS, who=SeatNumber(1), card=ACE))
    assert "yours" not in old and said_from_data(old).words(reader=1) == "P2 plays A♠"  # data from before
