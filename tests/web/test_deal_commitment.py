"""A web table with a drawn seed tells its host the commitment, never the seed (issue 13, item 1)."""

from __future__ import annotations

import re

from web_server import Server

PEOPLE = [{"name": "Ann"}, {"name": "Bob"}]


def test_a_drawn_seed_is_not_told_to_the_host_but_a_chosen_one_is(server: Server) -> None:
    drawn = server.open_table({"game": "dernier", "seats": PEOPLE})
    assert "seed" not in drawn and re.fullmatch(r"[0-9a-f]{64}", drawn["commitment"])
    chosen = server.open_table({"game": "dernier", "seats": PEOPLE, "seed": 3})
    assert chosen["seed"] == 3 and chosen["commitment"] != drawn["commitment"]
