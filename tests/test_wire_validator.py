"""The wire validator refuses what Discord refuses (and accepts what the bot normally sends)."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest

from tests.support.wire import check_request

V2 = 1 << 15
MESSAGE = "/channels/1/messages"
EDIT = "/channels/1/messages/2"
CALLBACK = "/interactions/3/token/callback"
COMMANDS = "/applications/4/commands"


def button(**fields: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": "go"} | fields


def v2(*children: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {"flags": V2, "components": [{"type": 17, "components": list(children)}]} | fields


def row(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(children)}


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def gallery(url: str, alt: str = "the table") -> dict[str, Any]:
    return {"type": 12, "items": [{"media": {"url": url}, "description": alt}]}


def png(name: str, size: int = 10) -> discord.File:
    return discord.File(io.BytesIO(b"x" * size), filename=name)


def test_a_table_message_as_the_bot_sends_it_is_accepted() -> None:
    body = v2(
        text("## SUPERHOT · Solo"),
        gallery("attachment://table-1.png"),
        row(button(custom_id="a", emoji={"name": "🃏"}), button(custom_id="b", emoji={"name": "📖"})),
    )
    assert check_request("PATCH", EDIT, body, [png("table-1.png")]) == []


@pytest.mark.parametrize(
    ("body", "files", "expected"),
    [
        ({"content": "x" * 2001}, [], "content of 2001"),
        (v2(row(button(emoji={"name": "🂠"}))), [], "invalid emoji"),
        (v2(row(button(emoji={"name": "A"}))), [], "invalid emoji"),
        (v2(row(*[button(custom_id=f"b{i}") for i in range(6)])), [], "action row of 6 buttons"),
        (v2(row(button(label="x" * 81))), [], "button label of 81"),
        (v2(row(button(custom_id="x" * 101))), [], "custom_id of 101"),
        (v2(row(button(), button())), [], "used twice"),
        (v2(*[text("t") for _ in range(40)]), [], "41 components"),
        (v2(text("x" * 2500), text("y" * 1501)), [], "4001 characters"),
        (v2(gallery("attachment://table-9.png")), [png("table-1.png")], "not uploaded"),
        (v2(gallery("attachment://t.png", "a" * 1025)), [png("t.png")], "alt text over"),
        ({"content": "big"}, [png("big.png", 10 * 1024 * 1024 + 1)], "upload big.png"),
        (v2(text("hi"), content="also content"), [], "content beside"),
        ({"components": [text("V2 without the flag")]}, [], "without the V2 flag"),
        (v2(row({"type": 3, "custom_id": "s", "options": []})), [], "0 options"),
        (
            v2(row({"type": 3, "custom_id": "s", "options": [{"label": "l" * 101, "value": "v"}]})),
            [],
            "option label of 101",
        ),
        (
            v2(
                row(
                    {
                        "type": 3,
                        "custom_id": "s",
                        "placeholder": "p" * 151,
                        "options": [{"label": "a", "value": "a"}],
                    }
                )
            ),
            [],
            "placeholder",
        ),
        (
            v2(row({"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]}, button())),
            [],
            "shares",
        ),
    ],
)
def test_payloads_discord_refuses_are_refused(body: dict[str, Any], files: list[Any], expected: str) -> None:
    problems = check_request("POST", MESSAGE, body, files)
    assert any(expected in problem for problem in problems), problems


def test_interaction_replies_and_autocomplete_are_checked() -> None:
    reply = {"type": 4, "data": {"content": "x" * 2001, "flags": 64}}
    assert check_request("POST", CALLBACK, reply) != []
    choices = [{"name": f"deck {i}", "value": str(i)} for i in range(26)]
    assert any(
        "26 autocomplete" in p
        for p in check_request("POST", CALLBACK, {"type": 8, "data": {"choices": choices}})
    )
    long_value = {"type": 8, "data": {"choices": [{"name": "ok", "value": "v" * 101}]}}
    assert check_request("POST", CALLBACK, long_value) != []
    followup = "/webhooks/4/token/messages/@original"
    assert check_request("PATCH", followup, {"content": "y" * 2001}) != []


def test_commands_follow_discords_naming_rules() -> None:
    good = {
        "name": "play",
        "description": "Open a table",
        "options": [{"type": 3, "name": "game", "description": "Which", "required": True}],
    }
    assert check_request("PUT", COMMANDS, [good]) == []
    for bad, expected in [
        ({"name": "Play", "description": "d"}, "name 'Play'"),
        ({"name": "play", "description": ""}, "description of 0"),
        ({"name": "play", "description": "d" * 101}, "description of 101"),
        (
            {
                "name": "play",
                "description": "d",
                "options": [
                    {"type": 3, "name": "a", "description": "d"},
                    {"type": 3, "name": "b", "description": "d", "required": True},
                ],
            },
            "required option 'b' after",
        ),
        (
            {
                "name": "play",
                "description": "d",
                "options": [
                    {
                        "type": 3,
                        "name": "a",
                        "description": "d",
                        "choices": [{"name": "x" * 101, "value": "x"}],
                    }
                ],
            },
            "choice name of 101",
        ),
    ]:
        problems = check_request("PUT", COMMANDS, [bad])
        assert any(expected in p for p in problems), (bad, problems)
