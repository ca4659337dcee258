"""What the table shows (DESIGN.md section 2: views; hidden information stays hidden)."""

from __future__ import annotations

import msgspec

from tests.engines.smashmasters.positions import cid, duel, play, smashes, view

SALLY, MAX, CASSEROLE = "kc-c2", "kc-c6", "kc-c1"
PHOTO, WENDY = "ld-c1", "ld-c4"


def test_the_public_view_shows_the_table_but_no_hand_or_stack() -> None:
    potluck = cid("Potluck")
    state = duel([SALLY, MAX, CASSEROLE], [PHOTO, "", WENDY], hands=([potluck, *smashes("kc", 4)], None))
    bob = state.players[1]
    bob.defeated, bob.stack = bob.stack, []
    play(state, "action", potluck)
    public = view(state)
    text = msgspec.json.encode(public).decode()
    for player in state.players:
        for card in player.hand + player.stack + player.deck:
            assert f'"{card}"' not in text
    ann, bob = public["seats"]
    assert ann["name"] == "Ann" and ann["deck_name"] == "Kitchen Crusaders"
    assert [s["state"] for s in bob["team"]] == ["active", "empty", "active"]
    assert bob["team"][1] == {"state": "empty", "extra": False}
    assert ann["team"][0] == {
        "id": SALLY,
        "name": "Sous Vide Sally",
        "power_type": "gadget",
        "rank": 2,
        "power": "Slow Cooker",
        "timing": "action",
        "text": "Slow Cooker: Draw 2 cards.",
        "fluff": "Low and slow wins the brawl. Eventually.",
        "state": "active",
        "waking": False,
        "turned": False,
        "extra": False,
        "safe_from": [],
    }
    assert (ann["stack"], ann["deck"], ann["hand_size"]) == (3, 35 - 2 - 1, 7)
    assert ann["discard"] == 1 and ann["discard_top"]["name"] == "Potluck"
    assert [c["id"] for c in bob["defeated"]] == state.players[1].defeated and bob["stack"] == 0
    assert public["last_story"] == {"name": "Potluck", "kind": "story", "text": "Every player draws 2 cards."}
    assert public["turn"] == 1 and public["battle"] is None and not public["over"]
    assert public["deciding"] == [
        {"seat": 1, "name": "Bob", "key": "action", "doing": "is choosing an action"}
    ]
    assert "hand" not in public


def test_a_seat_sees_its_own_hand_and_stack() -> None:
    state = duel([SALLY, MAX], [PHOTO, WENDY], hands=(smashes("kc", 5), None))
    mine = view(state, 0)
    assert [c["id"] for c in mine["hand"]] == state.players[0].hand
    assert mine["hand"][0] == {
        "id": smashes("kc")[0],
        "name": "Pan Slam",
        "kind": "smash",
        "text": "Attack a rival character, or counter a Smash card.",
    }
    assert sorted(c["id"] for c in mine["stack_cards"]) == sorted(state.players[0].stack)
    text = msgspec.json.encode(mine).decode()
    assert all(f'"{card}"' not in text for card in state.players[1].hand + state.players[1].stack)


def test_draws_are_told_privately_and_plays_publicly() -> None:
    """Events narrate every change; cards drawn are named only to the player who drew them."""
    potluck = cid("Potluck")
    state = duel([SALLY, MAX, CASSEROLE], [PHOTO, WENDY], hands=([potluck, *smashes("kc", 4)], None))
    events = play(state, "action", potluck)
    public = [e for e in events if e.visible_to is None]
    private = [e for e in events if e.visible_to is not None]
    assert public[0].text == "Ann plays the Story Potluck: Every player draws 2 cards."
    assert {e.visible_to for e in private} == {(0,), (1,)}
    assert all(e.text.startswith("You draw ") for e in private)
    drawn = state.players[1].hand[-2:]
    for event in public:
        assert all(card not in event.text and card not in str(event.data) for card in drawn)
