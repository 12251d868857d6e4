"""The table page's own words, in the framework's catalog: one catalog per language, terminal and page alike.

The page (static/table.js) keeps its English words in ``TEXT`` under the same keys; the server
writes these words into the page in the request's language (``cardgames.web.pages``) and sends
them again in the connection's (:func:`page_words`), so no second translation system lives in
JavaScript. A text's ``{placeholders}`` are the page's
function's arguments in the order they appear in the English text; a counted text (N_plural)
is sent in each plural category the browser's ``Intl.PluralRules`` names for the language.
"""

from __future__ import annotations

import string
from typing import Any

from starlette.requests import HTTPConnection

from cardgames.primitives.language import (
    ENGLISH,
    FRAMEWORK,
    N_,
    N_plural,
    accepted_language,
    language,
    language_code,
)

MAX_TAG = 35  # characters in a language tag a link may carry

TABLE: dict[str, str | tuple[str, str]] = {
    "pageTitle": N_("cardgames: a table"),
    "connecting": N_("connecting…"),
    "connected": N_("connected"),
    "reconnecting": N_("connection lost; reconnecting…"),
    "needLink": N_("This page needs a seat's link (ask the host)."),
    "linkBroken": N_("This link does not work"),
    "askHost": N_("Ask whoever opened the table for a new link."),
    "notSent": N_("Not connected: that was not sent. Reconnecting…"),
    "watching": N_("watching"),
    "youAre": N_("you are {name}"),
    "you": N_("you"),
    "away": N_("away"),
    "table": N_("The table"),
    "yourHand": N_("Your hand ({n})"),
    "watchingTitle": N_("Watching"),
    "typeMove": N_("Type a move"),
    "send": N_("Send"),
    "example": N_("e.g. {text}"),
    "yourTurn": N_("Your turn"),
    "waitingFor": N_("Waiting for {name}"),
    "reading": N_("Waiting for {names} to read the hand's summary"),
    "gameOver": N_("Game over"),
    "playable": N_("playable"),
    "notNow": N_("The {card} cannot be played now."),
    "notYourTurn": N_("It is not your turn."),
    "notTurnOf": N_("It is not your turn: {name} plays now."),
    "raisedOnes": N_("Play one of the raised cards."),
    "suitInForce": N_("Suit in force: {suit}."),
    "howToPlay": N_("How do you play it?"),
    "cancel": N_("cancel"),
    "pass": N_("Pass {n}/{of} selected"),
    "cards": N_plural("{n} card", "{n} cards"),
    "known": N_("known: {cards}"),
    "tricks": N_plural("{n} trick", "{n} tricks"),
    "playedBy": N_("{card}, played by {name}"),
    "marks.dealer": N_("dealer"),
    "marks.to_act": N_("to play"),
    "marks.leader": N_("leads"),
    "marks.last_call": N_("last card called"),
    "marks.out": N_("out"),
    # the one-letter sign beside the dealer's name (Italian: M for mazziere; Russian: С for сдающий)
    "markSigns.dealer": N_("D"),
    "clockwise": N_("play goes clockwise"),
    "counterClockwise": N_("play goes counter-clockwise"),
    "suitSign": N_("suit in force: {suit}"),
    "trumpSign": N_("trump: {suit}"),
    "facedown": N_("{n} face down"),
    "results": N_("Results"),
    "scores": N_("Scores"),
    "score": N_("score"),
    "tricksTaken": N_("tricks"),
    "log": N_("Log"),
    "handOver": N_("Hand {n} is over"),
    "continue": N_("Continue"),
    "close": N_("Close"),
    "player": N_("player"),
    "handsWon": N_("hands won"),
    "chips": N_("chips"),
    "final": N_("Final result"),
    "answerClock": N_("answer: {left} s"),
    "answerClockYou": N_("answer (you): {left} s"),
    "moveClock": N_("move ({who}): {left} s"),
}
"""The table page's words by the key ``TEXT`` holds them under in static/table.js."""

SCORES: dict[str, str | tuple[str, str]] = {
    "pageTitle": N_("cardgames: scoreboard"),
    "heading": N_("Scoreboard"),
    "pageLanguage": N_("Language of this page"),
    "title": N_("Scoreboard: {name}"),
    "overall": N_("Overall"),
    "player": N_("player"),
    "games": N_("games"),
    "won": N_("games won"),
    "handsWon": N_("hands won"),
    "chips": N_("chips"),
    "updated": N_("updated {time}"),
    "unreachable": N_("the server cannot be reached; trying again"),
    "nothing": N_("No game of this tournament has been recorded yet."),
}
"""The scoreboard's words (static/scores.js)."""

LOBBY: dict[str, str | tuple[str, str]] = {
    "heading": N_("Open a table"),
    "game": N_("Game"),
    "preset": N_("Preset"),
    "options": N_("Options"),
    "optionsHelp": N_("Options of this game"),
    # the options field's placeholder: the form an option is typed in (the names stay as the game has them)
    "optionsExample": N_("name=value, name=value"),
    "seats": N_("Seats"),
    "addPerson": N_("Add a person"),
    "addBot": N_("Add a bot"),
    "tournament": N_("Tournament (optional: the finished game is recorded in the ledger)"),
    "contributions": N_(
        "Each person's browser adds a random value to the deal, so that nobody, the host included, "
        "can choose it (without a seed of your own)"
    ),
    "seed": N_("Seed (optional: the same seed deals the same cards again)"),
    "position": N_(
        "Position (optional: start from this position, in the game's notation; "
        "the seed deals what it leaves open)"
    ),
    "create": N_("Open the table"),
    "links": N_("Links"),
    "linksHelp": N_(
        "Send each person their own link: it carries their seat, so keep it to them. "
        "A lost connection or a reload gets the seat back with the same link."
    ),
    "whoSits": N_("who sits here"),
    "person": N_("a person"),
    "bot": N_("bot: {name}"),
    "name": N_("name"),
    "language": N_("language of this seat's table"),
    "remove": N_("remove this seat"),
    "byDefault": N_("(default)"),
    "players": N_("{low}–{high} players"),
    "option": N_("{name} (default {value}): {doc}"),
    "copy": N_("copy"),
    "spectators": N_("Spectators"),
    "scoreboard": N_("Scoreboard of {name}"),
    "seedNumber": N_("the seed is a whole number"),
    "title": N_("cardgames: open a table"),
    "host": N_("Host"),
    "pageLanguage": N_("Language of this page"),
}
"""The lobby's words (static/lobby.js, and static/index.html's elements marked data-word)."""

FAIRDEAL: dict[str, str | tuple[str, str]] = {
    "adding": N_("Adding your random value to the deal (commitment {commitment}…); waiting for {names}."),
    "missing": N_("Your commitment is missing from the deal: do not play this game."),
    "revealing": N_("Every seat has committed; revealing values (waiting for {names})."),
    "dealtWithYours": N_("Dealt with your browser's value (commitment {commitment}…)."),
    "dealtWith": N_("Dealt with the values of {n} browsers, yours included (commitment {commitment}…)."),
    "inDeal": N_("Your value {value} is in the deal: check the game with cardgames verify."),
    "notInDeal": N_("Your value is NOT among the values this game was dealt with: it was not dealt fairly."),
    "othersAdding": N_("Waiting for every seat to add to the deal: {names}."),
}
"""The fair deal's words on the table page (static/fairdeal.js's ``DEAL``)."""

PAGES = {"table": TABLE, "fairdeal": FAIRDEAL, "scores": SCORES, "lobby": LOBBY}
"""Each page's words, by the name the page asks for them under."""

# A sample count in each plural category of Intl.PluralRules (Russian: 1 карта, 2 карты, 5 карт).
_SAMPLES = {"one": 1, "few": 2, "many": 5, "other": 2}


def _arguments(text: str) -> list[str]:
    """The placeholders of ``text`` in the order they appear (the page's function's arguments)."""
    return [name for _, name, _, _ in string.Formatter().parse(text) if name]


def page_words(words: dict[str, str | tuple[str, str]] = TABLE, page: str = "table") -> dict[str, Any]:
    """``words`` in the language in force, as the page reads them: text (or plural forms) and arguments."""
    sent: dict[str, Any] = {}
    for key, text in words.items():
        if isinstance(text, tuple):
            forms = {kind: FRAMEWORK.ngettext(*text, n) for kind, n in _SAMPLES.items()}
            sent[key] = {"forms": forms, "args": _arguments(text[0])}
        else:
            sent[key] = {"text": FRAMEWORK.gettext(text), "args": _arguments(text)}
    return {"type": "words", "page": page, "lang": language(), "words": sent}


def connection_language(asked: Any, accept: str) -> str:
    """A connection's language: the one asked for (the lobby's choice, a link's), else Accept-Language's."""
    chosen = language_code(asked) if isinstance(asked, str) and len(asked) <= MAX_TAG else None
    return chosen or accepted_language(accept) or ENGLISH


def request_language(request: HTTPConnection) -> str:
    """A request's language: its ``lang`` query (a link's, the lobby's switch), else the browser's."""
    return connection_language(request.query_params.get("lang"), request.headers.get("accept-language", ""))
