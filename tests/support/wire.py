"""Discord's documented limits, checked on every request the bot sends in the test suite.

SimCord accepts payloads that Discord refuses (an emoji that is not one, a 2,001-character reply),
so `check_request` re-checks each outgoing REST call against the limits of the Discord API
documentation and returns the problems Discord would answer with `400 50035 Invalid Form Body`.
`tests/conftest.py` runs it on every request SimCord sees and fails the test that sent one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

import emoji

IS_COMPONENTS_V2 = 1 << 15
MAX_CONTENT = 2_000
MAX_V2_COMPONENTS = 40
MAX_V2_TEXT = 4_000
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_LABEL = 80
MAX_CUSTOM_ID = 100
MAX_OPTIONS = 25
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_ALT = 1_024
MAX_GALLERY = 10
MAX_FILES = 10
MAX_UPLOAD = 10 * 1024 * 1024
MAX_THREAD_NAME = 100
MAX_CHOICES = 25
MAX_COMMAND_OPTIONS = 25
MAX_DESCRIPTION = 100
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SELECTS = {3, 5, 6, 7, 8}
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = 9, 10, 11, 12, 13, 14, 17
LINK = 5
PREMIUM = 6

MESSAGE_ROUTES = (
    re.compile(r"^/channels/\d+/messages(/\d+)?$"),
    re.compile(r"^/webhooks/\d+/[^/]+(/messages/(@original|\d+))?$"),
)
CALLBACK_ROUTE = re.compile(r"^/interactions/\d+/[^/]+/callback$")
COMMANDS_ROUTE = re.compile(r"^/applications/\d+(/guilds/\d+)?/commands(/\d+)?$")
THREAD_ROUTE = re.compile(r"^/channels/\d+(/messages/\d+)?/threads$")
MESSAGE_CALLBACKS = {4, 7}  # CHANNEL_MESSAGE_WITH_SOURCE, UPDATE_MESSAGE
AUTOCOMPLETE_CALLBACK = 8


def check_request(method: str, path: str, body: Any, files: Sequence[Any] = ()) -> list[str]:
    """Every reason Discord would refuse this request (empty when it would accept it)."""
    if not isinstance(body, dict) and not isinstance(body, list):
        return check_files(files)
    if method in ("POST", "PATCH") and any(r.match(path) for r in MESSAGE_ROUTES):
        return check_message(body if isinstance(body, dict) else {}, files)
    if method == "POST" and CALLBACK_ROUTE.match(path) and isinstance(body, dict):
        return check_callback(body, files)
    if method in ("PUT", "POST", "PATCH") and COMMANDS_ROUTE.match(path):
        commands = body if isinstance(body, list) else [body]
        return [problem for command in commands for problem in check_command(command)]
    if method == "POST" and THREAD_ROUTE.match(path) and isinstance(body, dict):
        name = str(body.get("name") or "")
        return [] if 1 <= len(name) <= MAX_THREAD_NAME else [f"thread name of {len(name)} characters"]
    return []


def check_callback(body: dict[str, Any], files: Sequence[Any]) -> list[str]:
    """An interaction callback: a message, an update, or autocomplete choices."""
    data = body.get("data") or {}
    kind = body.get("type")
    if kind in MESSAGE_CALLBACKS:
        return check_message(data, files)
    if kind == AUTOCOMPLETE_CALLBACK:
        return check_choices(data.get("choices") or [], "autocomplete")
    return []


# ---------------------------------------------------------------------- messages


def check_message(body: dict[str, Any], files: Sequence[Any]) -> list[str]:
    """A message create or edit body (channel message, webhook, interaction response)."""
    problems: list[str] = []
    content = body.get("content") or ""
    if len(content) > MAX_CONTENT:
        problems.append(f"content of {len(content)} characters (at most {MAX_CONTENT})")
    components = body.get("components") or []
    v2 = bool(int(body.get("flags") or 0) & IS_COMPONENTS_V2)
    if v2:
        if content:
            problems.append("content beside a Components V2 layout")
        if body.get("embeds"):
            problems.append("embeds beside a Components V2 layout")
        problems += check_v2(components)
    else:
        problems += check_v1(components)
    problems += check_custom_ids(components)
    problems += check_embeds(body.get("embeds") or [])
    uploaded = {str(a.get("filename")) for a in body.get("attachments") or [] if a.get("filename")}
    uploaded |= {str(getattr(f, "filename", "")) for f in files}
    for attachment in body.get("attachments") or []:
        if len(str(attachment.get("description") or "")) > MAX_ALT:
            problems.append(f"attachment description over {MAX_ALT} characters")
    for url in attachment_urls(body):
        if url.removeprefix("attachment://") not in uploaded:
            problems.append(f"{url} is not uploaded in the same request")
    problems += check_files(files)
    return problems


def check_files(files: Sequence[Any]) -> list[str]:
    """Uploads: at most ten, each within the default upload limit."""
    problems = [f"{len(files)} files in one message"] if len(files) > MAX_FILES else []
    for file in files:
        size = upload_size(file)
        if size > MAX_UPLOAD:
            problems.append(f"upload {getattr(file, 'filename', '?')} of {size} bytes")
        if len(str(getattr(file, "description", "") or "")) > MAX_ALT:
            problems.append(f"file description over {MAX_ALT} characters")
    return problems


def upload_size(file: Any) -> int:
    """The byte size of a discord.File without consuming it."""
    fp = getattr(file, "fp", None)
    if fp is None:
        return 0
    if hasattr(fp, "getbuffer"):
        return int(fp.getbuffer().nbytes)
    position = fp.tell()
    fp.seek(0, 2)
    size = int(fp.tell())
    fp.seek(position)
    return size


def attachment_urls(value: Any) -> Iterator[str]:
    """Every `attachment://` reference anywhere in a payload."""
    if isinstance(value, dict):
        for item in value.values():
            yield from attachment_urls(item)
    elif isinstance(value, list):
        for item in value:
            yield from attachment_urls(item)
    elif isinstance(value, str) and value.startswith("attachment://"):
        yield value


def check_embeds(embeds: list[dict[str, Any]]) -> list[str]:
    problems = [f"{len(embeds)} embeds"] if len(embeds) > 10 else []
    for embed in embeds:
        if len(str(embed.get("title") or "")) > 256:
            problems.append("embed title over 256 characters")
        if len(str(embed.get("description") or "")) > 4096:
            problems.append("embed description over 4096 characters")
    return problems


def walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, nested children and accessories included."""
    for component in components:
        yield component
        yield from walk(component.get("components") or [])
        accessory = component.get("accessory")
        if accessory:
            yield from walk([accessory])


def check_v1(components: list[dict[str, Any]]) -> list[str]:
    """Classic components: at most five action rows at the top level."""
    problems = [f"{len(components)} action rows (at most {MAX_ROWS})"] if len(components) > MAX_ROWS else []
    for component in components:
        if component.get("type") != ACTION_ROW:
            problems.append(f"top-level component of type {component.get('type')} without the V2 flag")
    return problems + check_components(components)


def check_v2(components: list[dict[str, Any]]) -> list[str]:
    """Components V2: 40 components and 4,000 characters of text in all."""
    problems: list[str] = []
    every = list(walk(components))
    if len(every) > MAX_V2_COMPONENTS:
        problems.append(f"{len(every)} components (at most {MAX_V2_COMPONENTS})")
    text = sum(len(str(c.get("content") or "")) for c in every if c.get("type") == TEXT_DISPLAY)
    if text > MAX_V2_TEXT:
        problems.append(f"{text} characters of text displays (at most {MAX_V2_TEXT})")
    return problems + check_components(components)


def check_components(components: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    for component in walk(components):
        kind = component.get("type")
        if kind == ACTION_ROW:
            problems += check_row(component.get("components") or [])
        elif kind == BUTTON:
            problems += check_button(component)
        elif kind in SELECTS:
            problems += check_select(component)
        elif kind == TEXT_DISPLAY and not str(component.get("content") or ""):
            problems.append("an empty text display")
        elif kind == MEDIA_GALLERY:
            items = component.get("items") or []
            if not 1 <= len(items) <= MAX_GALLERY:
                problems.append(f"a media gallery of {len(items)} items")
            for item in items:
                if len(str(item.get("description") or "")) > MAX_ALT:
                    problems.append(f"media alt text over {MAX_ALT} characters")
        elif kind == THUMBNAIL and len(str(component.get("description") or "")) > MAX_ALT:
            problems.append(f"thumbnail alt text over {MAX_ALT} characters")
        elif kind == SECTION and not 1 <= len(component.get("components") or []) <= 3:
            problems.append("a section needs one to three text displays")
    return problems


def check_row(children: list[dict[str, Any]]) -> list[str]:
    kinds = [child.get("type") for child in children]
    if not children:
        return ["an empty action row"]
    if any(kind in SELECTS for kind in kinds):
        return [] if len(children) == 1 else ["a select shares its action row"]
    if len(children) > MAX_ROW_BUTTONS:
        return [f"an action row of {len(children)} buttons (at most {MAX_ROW_BUTTONS})"]
    return []


def check_button(button: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    label = str(button.get("label") or "")
    if len(label) > MAX_LABEL:
        problems.append(f"button label of {len(label)} characters")
    if not label and not button.get("emoji"):
        problems.append("a button with neither label nor emoji")
    style = button.get("style")
    if style == LINK:
        if not button.get("url"):
            problems.append("a link button without url")
    elif style != PREMIUM and not button.get("custom_id"):
        problems.append("a button without custom_id")
    if button.get("emoji"):
        problems += check_emoji(button["emoji"])
    return problems


def check_select(select: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    if len(str(select.get("placeholder") or "")) > MAX_PLACEHOLDER:
        problems.append(f"select placeholder over {MAX_PLACEHOLDER} characters")
    low, high = int(select.get("min_values", 1)), int(select.get("max_values", 1))
    if not (0 <= low <= MAX_OPTIONS and 1 <= high <= MAX_OPTIONS and low <= high):
        problems.append(f"select min/max values {low}/{high}")
    if select.get("type") == STRING_SELECT:
        options = select.get("options") or []
        if not 1 <= len(options) <= MAX_OPTIONS:
            problems.append(f"a select of {len(options)} options (1 to {MAX_OPTIONS})")
        if high > len(options):
            problems.append(f"select max_values {high} over its {len(options)} options")
        values = [str(o.get("value")) for o in options]
        if len(set(values)) != len(values):
            problems.append("select option values repeat")
        for option in options:
            for field in ("label", "value"):
                text = str(option.get(field) or "")
                if not 1 <= len(text) <= MAX_OPTION_TEXT:
                    problems.append(f"select option {field} of {len(text)} characters")
            if len(str(option.get("description") or "")) > MAX_OPTION_TEXT:
                problems.append("select option description over 100 characters")
            if option.get("emoji"):
                problems += check_emoji(option["emoji"])
    return problems


def check_custom_ids(components: list[dict[str, Any]]) -> list[str]:
    """custom_id: 1 to 100 characters, unique within the message."""
    problems: list[str] = []
    seen: set[str] = set()
    for component in walk(components):
        if "custom_id" not in component:
            continue
        custom_id = str(component.get("custom_id") or "")
        if not 1 <= len(custom_id) <= MAX_CUSTOM_ID:
            problems.append(f"custom_id of {len(custom_id)} characters")
        if custom_id in seen:
            problems.append(f"custom_id {custom_id!r} used twice in one message")
        seen.add(custom_id)
    return problems


def check_emoji(value: dict[str, Any]) -> list[str]:
    """A custom emoji (with an id) or a fully-qualified Unicode emoji."""
    if value.get("id"):
        return []
    name = str(value.get("name") or "")
    data = emoji.EMOJI_DATA.get(name)
    if data is None or data["status"] != emoji.STATUS["fully_qualified"]:
        codes = " ".join(f"U+{ord(ch):04X}" for ch in name)
        return [f"invalid emoji {name!r} ({codes}): not a fully-qualified Unicode emoji"]
    return []


# ---------------------------------------------------------------------- commands


def check_choices(choices: list[dict[str, Any]], where: str) -> list[str]:
    problems = (
        [f"{len(choices)} {where} choices (at most {MAX_CHOICES})"] if len(choices) > MAX_CHOICES else []
    )
    for choice in choices:
        name = str(choice.get("name") or "")
        if not 1 <= len(name) <= MAX_OPTION_TEXT:
            problems.append(f"{where} choice name of {len(name)} characters")
        value = choice.get("value")
        if isinstance(value, str) and len(value) > MAX_OPTION_TEXT:
            problems.append(f"{where} choice value of {len(value)} characters")
    return problems


def check_name(name: str, where: str) -> list[str]:
    if not COMMAND_NAME.match(name) or name != name.lower():
        return [f"{where} name {name!r}: 1-32 lowercase letters, digits, - or _"]
    return []


def check_command(command: dict[str, Any], where: str = "command") -> list[str]:
    """A command or option: names, descriptions, options, choices, order of required options."""
    name = str(command.get("name") or "")
    problems = check_name(name, where)
    chat_input = command.get("type", 1) == 1
    description = str(command.get("description") or "")
    if chat_input and not 1 <= len(description) <= MAX_DESCRIPTION:
        problems.append(f"{where} {name!r}: description of {len(description)} characters")
    options = command.get("options") or []
    if len(options) > MAX_COMMAND_OPTIONS:
        problems.append(f"{where} {name!r}: {len(options)} options")
    optional_seen = False
    for option in options:
        problems += check_command(option, f"option of {name!r}")
        if option.get("required"):
            if optional_seen:
                problems.append(f"{name!r}: required option {option.get('name')!r} after an optional one")
        elif option.get("type") not in (1, 2):
            optional_seen = True
        if option.get("choices") and option.get("autocomplete"):
            problems.append(f"option {option.get('name')!r}: choices and autocomplete together")
    problems += check_choices(command.get("choices") or [], f"option {name!r}")
    for bound in ("min_length", "max_length"):
        if bound in command and not 0 <= int(command[bound]) <= 6_000:
            problems.append(f"option {name!r}: {bound} {command[bound]}")
    return problems
