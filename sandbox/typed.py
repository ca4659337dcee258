"""A slash command typed whole as a message (`/play game:superhot mode:solo`), read as Discord's app
reads it: the command runs when it parses, and otherwise the member is told how to pick it.

SimCord's page sends such a line as a plain message; the door (`sandbox.doors`) hands it here with
the page's command catalog (what SimCord's command popup offers that member) and, when it parses,
sends the page's action on as the command the member meant.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

EXAMPLE = "/play game:superhot mode:solo"
TRUE = frozenset({"true", "yes", "on", "1"})
FALSE = frozenset({"false", "no", "off", "0"})
MENTION = re.compile(r"<@!?(\d+)>")


class NotReadable(ValueError):
    """Why a typed command could not be read (said to the member)."""


@dataclass(frozen=True)
class Command:
    """A typed command that parsed: the catalog entry and its options' raw values."""

    entry: Mapping[str, Any]
    options: dict[str, Any]

    def action(self, envelope: Mapping[str, Any]) -> dict[str, Any]:
        """The page action that runs this command, in the envelope of the message action."""
        kept = {k: v for k, v in envelope.items() if k not in {"kind", "content", "reply_to_id"}}
        return {
            **kept,
            "kind": "run_command",
            "command_id": self.entry["commandId"],
            "path": list(self.entry["path"]),
            "schema_fingerprint": self.entry["schemaFingerprint"],
            "options": self.options,
        }


def is_typed_command(content: object) -> bool:
    """Whether a message reads as a slash command (a slash then a letter)."""
    return isinstance(content, str) and re.match(r"\s*/[^\W\d_]", content) is not None


def read_command(content: str, catalog: Mapping[str, Any], members: Mapping[str, int]) -> Command:
    """The command a typed line names, with its options; `NotReadable` says what is wrong.
    `members` maps member names to ids, for user options written `@Name`."""
    words = content.strip()[1:]
    entry = _entry(words, catalog.get("entries") or [])
    invocation = "/" + str(entry["invocation"])
    rest = words[len(str(entry["invocation"])) :]
    declared = {str(option["name"]): option for option in entry.get("options") or []}
    options: dict[str, Any] = {}
    if declared:
        pattern = re.compile(
            r"(?:^|\s)(" + "|".join(re.escape(name) for name in declared) + r"):", re.IGNORECASE
        )
        found = list(pattern.finditer(rest))
        before = rest[: found[0].start()] if found else rest
        if before.strip():
            raise NotReadable(f"I could not read {before.strip()!r}: write each option as name:value.")
        for index, match in enumerate(found):
            name = next(n for n in declared if n.lower() == match.group(1).lower())
            end = found[index + 1].start() if index + 1 < len(found) else len(rest)
            options[name] = _value(declared[name], _unquoted(rest[match.end() : end]), members)
    elif rest.strip():
        raise NotReadable(f"{invocation} takes no options.")
    missing = [name for name, option in declared.items() if option.get("required") and name not in options]
    if missing:
        raise NotReadable(f"{invocation} needs {', '.join(f'{name}:' for name in missing)}.")
    return Command(entry, options)


def how_to_pick(content: str, reason: str) -> str:
    """What the member is told when a typed command did not parse."""
    name = content.strip().split()[0]
    return (
        f"{reason}\nTo run {name}, type / and pick it from the list that opens, then fill in its "
        f"options; or type it whole with every option as name:value, like `{EXAMPLE}`."
    )


def _entry(words: str, entries: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
    """The catalog entry whose name (and subcommand) the words start with, the longest first."""
    said = words.split()
    for entry in sorted(entries, key=lambda e: -len(e["path"])):
        path = [str(part).lower() for part in entry["path"]]
        if [word.lower() for word in said[: len(path)]] == path:
            return entry
    known = sorted({str(entry["path"][0]) for entry in entries})
    first = said[0] if said else ""
    raise NotReadable(
        f"There is no /{first} command here; the commands are "
        + ", ".join(f"/{name}" for name in known)
        + "."
    )


def _unquoted(raw: str) -> str:
    value = raw.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def _value(option: Mapping[str, Any], value: str, members: Mapping[str, int]) -> Any:
    """An option's raw value as SimCord's page sends it."""
    name, kind = str(option["name"]), str(option["type"])
    if not value:
        raise NotReadable(f"{name}: has no value.")
    choices = option.get("choices") or []
    if choices:
        for choice in choices:
            if value.lower() in {str(choice["value"]).lower(), str(choice["name"]).lower()}:
                return choice["value"]
        if not option.get("autocomplete"):
            listed = ", ".join(str(choice["value"]) for choice in choices)
            raise NotReadable(f"{name}:{value} is not one of {listed}.")
    if kind == "string":
        return value
    if kind == "integer":
        if re.fullmatch(r"[+-]?\d+", value):
            return int(value)
        raise NotReadable(f"{name}: takes a whole number, not {value!r}.")
    if kind == "number":
        try:
            return float(value)
        except ValueError:
            raise NotReadable(f"{name}: takes a number, not {value!r}.") from None
    if kind == "boolean":
        if value.lower() in TRUE | FALSE:
            return value.lower() in TRUE
        raise NotReadable(f"{name}: takes true or false, not {value!r}.")
    if kind in {"user", "mentionable"}:
        mention = MENTION.fullmatch(value)
        if mention:
            return mention.group(1)
        wanted = value.removeprefix("@").lower()
        for member, member_id in members.items():
            if member.lower() == wanted:
                return str(member_id)
        raise NotReadable(f"{name}: names nobody here ({value}); the members are {', '.join(members)}.")
    raise NotReadable(f"{name}: cannot be typed here; pick it in the command's form.")
