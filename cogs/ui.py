"""Components V2 layouts for the lobby, the table message, hand panels and rules (results:
`cogs.result_view`)."""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import ui

from bot.clock import format_seconds, wall_clock
from bot.live import LiveTable
from bot.runtime import clip, table_options
from bot.user_text import plain
from cogs import ids, picks
from cogs.cards_ids import cards_button
from cogs.takeback_ids import takeback_row
from cogs.watch_ids import watch_button, watching_line
from engines.core import Decision
from engines.core.house_rules import names_on
from engines.core.words import counted
from renderers.sheets import has_sheet

ACCENT = discord.Colour.from_rgb(230, 126, 34)
MAX_BUTTONS = 5
LIVE_BUTTONS = 25  # a live console lays out up to five rows of buttons for one decision
MAX_DETAILS = 1500
MAX_TEXT = 4000  # characters of text displays in one Components V2 message
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
# A live console colours an option by its tone (engines.core.Option): what works now is green and
# marked, what works but costs the player is red, what would not work now is grey.
TONE_STYLES = {
    "good": discord.ButtonStyle.success,
    "risky": discord.ButtonStyle.danger,
    "idle": discord.ButtonStyle.secondary,
}
TONE_EMOJI = {"good": "✅"}


def layout(*children: ui.Item[ui.LayoutView], accent: discord.Colour | None = ACCENT) -> ui.LayoutView:
    """A Components V2 message body.

    The view is stopped before it is sent: every button and select is answered by the
    DynamicItems registered at start-up, so discord.py must not keep one view per message
    in its view store (it would grow with every panel and table edit, for ever).
    """
    within_text_budget([c for c in children if isinstance(c, ui.TextDisplay)])
    view = ui.LayoutView(timeout=None)
    view.add_item(ui.Container(*children, accent_colour=accent))
    view.stop()
    return view


def within_text_budget(texts: list[ui.TextDisplay[ui.LayoutView]], budget: int = MAX_TEXT) -> None:
    """Discord refuses a message whose text displays hold more than 4,000 characters in all: the
    longest ones are shortened until the message fits (the short ones, headers and prompts, stay)."""
    excess = sum(len(t.content) for t in texts) - budget
    while excess > 0:
        longest = max(texts, key=lambda t: len(t.content))
        keep = max(1, len(longest.content) - excess)
        excess -= len(longest.content) - keep
        longest.content = clip(longest.content, keep)


def gallery(filename: str, alt: str) -> ui.MediaGallery[ui.LayoutView]:
    return ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{filename}", description=alt[:1024]))


def button(
    label: str,
    custom_id: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
    emoji: str | None = None,
) -> ui.Button[ui.LayoutView]:
    return ui.Button(label=label[:80], custom_id=custom_id, style=style, disabled=disabled, emoji=emoji)


def seat_line(live: LiveTable, index: int) -> str:
    """One seat as a line of text, with its status."""
    seat = live.record.seats[index]
    who = f"<@{seat.user_id}>" if seat.user_id else f"🤖 {plain(seat.name)}"
    tags = []
    if seat.user_id == live.record.host_id:
        tags.append("host")
    if index in live.runtime.away:
        tags.append("away, AI playing")
    if index in live.runtime.forfeited:
        tags.append("forfeited")
    deck = live.runtime.decks.get(seat.user_id) if seat.user_id is not None else None
    if deck is not None and live.record.status == "lobby":
        tags.append(f"brings the deck “{plain(deck.name)}”")
    return f"{index + 1}. {who}" + (f" ({', '.join(tags)})" if tags else "")


def player_count(seats: range) -> str:
    """How many players a mode takes: "1 player", "2 players", "2-4 players"."""
    low, high = seats.start, seats.stop - 1
    if low < high:
        return f"{low}-{high} players"
    return f"{low} player" + ("s" if low > 1 else "")


def lobby_view(live: LiveTable) -> ui.LayoutView:
    """The lobby: game, mode, seats and the lobby buttons (Join and Add AI only while a seat is free)."""
    record = live.record
    mode = live.engine.meta.mode(record.mode)
    seats = "\n".join(seat_line(live, i) for i in range(len(record.seats)))
    free = live.max_seats - len(record.seats)
    if free > 0:
        seats += f"\n-# {free} free seat{'s' if free > 1 else ''}"
    options = ", ".join(f"{k}: {plain(v)}" for k, v in lobby_options(live).items())
    header = (
        f"## 🎲 {live.title} · {live.mode_label}\n"
        f"{player_count(mode.seats)} · turn timer {format_seconds(record.turn_timer)}"
        + (f" · {options}" if options else "")
        + house_rules_lines(live)
        + (
            "\nPress **Join** to take a seat. The host presses **Start** when everyone is in."
            if free > 0
            else "\nEvery seat is taken: the host presses **Start**."
        )
    )
    row = ui.ActionRow(
        button("Join", ids.lobby(record.id, "join"), discord.ButtonStyle.success, disabled=free <= 0),
        button("Leave", ids.lobby(record.id, "leave")),
        button("Add AI", ids.lobby(record.id, "ai"), emoji="🤖", disabled=free <= 0),
        button("Remove AI", ids.lobby(record.id, "unai"), disabled=not any(s.is_ai for s in record.seats)),
        button("Start", ids.lobby(record.id, "start"), discord.ButtonStyle.primary),
    )
    cancel = ui.ActionRow(button("Cancel table", ids.lobby(record.id, "cancel"), discord.ButtonStyle.danger))
    return layout(ui.TextDisplay(header), ui.Separator(), ui.TextDisplay(seats), row, cancel)


def lobby_options(live: LiveTable) -> dict[str, str]:
    """The table's options as the lobby lists them: not the house rules (they have their own
    heading), nor an option that changes nothing in the table's mode."""
    specs = {option.id: option for option in live.engine.meta.options}
    return {
        key: value
        for key, value in table_options(live.record.options).items()
        if key not in specs or (not specs[key].house_rule and specs[key].applies_to(live.record.mode))
    }


def house_rules_lines(live: LiveTable) -> str:
    """The lobby's House rules heading with the house rules on (nothing when it plays as printed)."""
    names = names_on(live.engine.meta, live.record.mode, live.record.options)
    if not names:
        return ""
    rules = "\n".join(f"- {plain(name)}" for name in names)
    return f"\n**🏠 House rules** (changes to the printed rules; see `/rules`)\n{rules}"


def waiting_line(live: LiveTable) -> str:
    """Who must decide what, with the turn timer."""
    decisions = live.decisions()
    if not decisions:
        return ""
    by_prompt: dict[str, list[str]] = {}
    for decision in decisions:
        user_id = live.record.seats[decision.seat].user_id if not live.is_automatic(decision.seat) else None
        name = f"<@{user_id}>" if user_id else plain(live.seat_name(decision.seat))
        by_prompt.setdefault(decision.prompt, []).append(name)
    lines = [f"**{', '.join(names)}**: {plain(clip(prompt))}" for prompt, names in by_prompt.items()]
    timed = {(d.seat, d.key) for d in decisions if d.deadline is not None}
    ends = [c.opened_at + live.record.turn_timer for c in live.runtime.clocks if (c.seat, c.key) not in timed]
    ends += [d.deadline for d in decisions if d.deadline is not None]
    if ends:
        lines.append(f"-# ⏳ time runs out <t:{int(min(ends))}:R>")
    return "\n".join(lines)


def hand_label(live: LiveTable) -> str:
    """The table button that opens a player's private panel (a live console in live-play games)."""
    return "Open console" if live.engine.meta.live_play else "Open my hand"


def hand_emoji(live: LiveTable) -> str:
    """That button's emoji: fully-qualified Unicode emoji only, or Discord refuses the whole message."""
    return "🎮" if live.engine.meta.live_play else "🃏"


def table_view(live: LiveTable, filename: str, alt: str) -> ui.LayoutView:
    """The table message: image, whose turn, the last events, and the table buttons."""
    record = live.record
    status = {"finished": "🏁 Game over", "cancelled": "🛑 Cancelled"}.get(record.status, "")
    header = f"## {live.title} · {live.mode_label}" + (f" — {status}" if status else "")
    parts: list[ui.Item[ui.LayoutView]] = [ui.TextDisplay(header), gallery(filename, alt)]
    turn = waiting_line(live)
    if turn:
        parts.append(ui.TextDisplay(turn))
    if live.runtime.log:
        parts.append(ui.TextDisplay("\n".join(f"-# {plain(line)}" for line in live.runtime.log[-5:])))
    if record.status == "active" and (watchers := watching_line(live)):
        parts.append(ui.TextDisplay(watchers))
    if record.status == "active":
        buttons = [
            button(
                hand_label(live),
                ids.table(record.id, "hand"),
                discord.ButtonStyle.primary,
                emoji=hand_emoji(live),
            ),
            button("Rules", ids.table(record.id, "rules"), emoji="📖"),
            button("Forfeit", ids.table(record.id, "forfeit"), discord.ButtonStyle.danger),
            watch_button(record.id),
        ]
        if has_sheet(record.game):
            buttons.insert(1, cards_button(record.id))
        if live.runtime.away:
            buttons.insert(1, button("I'm back", ids.table(record.id, "back"), discord.ButtonStyle.success))
        parts += [ui.ActionRow(*buttons[i : i + MAX_BUTTONS]) for i in range(0, len(buttons), MAX_BUTTONS)]
    return layout(*parts)


def closed_lobby_view(live: LiveTable, text: str) -> ui.LayoutView:
    """A lobby or table that was cancelled: no buttons any more."""
    return layout(ui.TextDisplay(f"## {live.title} · {live.mode_label}\n{text}"), accent=None)


def panel_view(
    live: LiveTable,
    seat: int,
    filename: str,
    alt: str,
    *,
    notice: str = "",
    picked: tuple[int, ...] | None = None,
    now: float | None = None,
) -> ui.LayoutView:
    """A player's private hand panel: their view and their open decision (`now`, the bot's clock,
    times a live console's countdowns; the wall clock when not given)."""
    record = live.record
    parts: list[ui.Item[ui.LayoutView]] = []
    if notice:
        parts.append(ui.TextDisplay(f"-# {notice}"))
    title = "Your console" if live.engine.meta.live_play else "Your hand"
    parts += [ui.TextDisplay(f"## {title} · {live.title}"), gallery(filename, alt)]
    private = live.runtime.private.get(seat)
    if private:
        parts.append(ui.TextDisplay("\n".join(f"-# 🔒 {plain(line)}" for line in private)))
    decisions = live.decisions_for(seat)
    version = live.version
    if record.status != "active":
        parts.append(
            ui.TextDisplay("This game is over." if record.status == "finished" else "This table is closed.")
        )
    elif seat in live.runtime.forfeited:
        parts.append(ui.TextDisplay("You forfeited; the AI finishes your seat."))
    elif seat in live.runtime.away:
        parts.append(ui.TextDisplay("The AI is playing for you while you are away."))
        parts.append(
            ui.ActionRow(button("I'm back", ids.table(record.id, "back"), discord.ButtonStyle.success))
        )
    elif decisions and live.engine.meta.live_play:
        return live_console(
            parts, live, seat, decisions, wall_clock() if now is None else now, cards_row(live)
        )
    elif decisions:
        shown = one_question(decisions)
        parts += question_items(record.id, version, shown, picked)
        if len(decisions) > len(shown):
            more = len(decisions) - len(shown)
            parts.append(ui.TextDisplay(f"-# {counted(more, 'more decision')} after this one."))
    else:
        waiting = waiting_line(live)
        parts.append(
            ui.TextDisplay("Nothing to decide right now." + (f"\nWaiting for {waiting}" if waiting else ""))
        )
        parts.append(ui.ActionRow(button("Refresh", ids.table(record.id, "refresh"), emoji="🔄")))
    if record.status == "active" and (takeback := takeback_row(live, seat)) is not None:
        parts.append(takeback)
    return layout(*parts, *cards_row(live))


def cards_row(live: LiveTable) -> list[ui.Item[ui.LayoutView]]:
    """A panel's Cards button (every card in play as text), while the game runs and after it."""
    if live.record.status not in ("active", "finished") or not has_sheet(live.record.game):
        return []
    return [ui.ActionRow(cards_button(live.id))]


def one_question(decisions: list[Decision]) -> list[Decision]:
    """The first decision with the parts it was split into (keys `move`, `move.2`...: one list of
    more than 25 choices, split by a game into menus shown together, any of which answers it)."""
    return picks.question(decisions, decisions[0].seat, decisions[0].key)


def question_items(
    table_id: int, version: int, shown: list[Decision], picked: tuple[int, ...] | None
) -> list[ui.Item[ui.LayoutView]]:
    """One question on a hand panel: its menus, and (with several picks) what is picked so far
    and a Confirm. `picked` counts every option of the question, its menus in order. A question
    split over several menus has one Confirm for the picks made in any of them."""
    if not picks.is_split(shown):
        items: list[ui.Item[ui.LayoutView]] = []
        for decision in shown:
            items += decision_items(table_id, version, decision, picked if decision is shown[0] else None)
        return items
    chosen = tuple(sorted(set(picked or ())))
    items = []
    start = 0
    for decision in shown:
        mine = tuple(i - start for i in chosen if start <= i < start + len(decision.options))
        items += decision_items(table_id, version, decision, mine, footer=False)
        start += len(decision.options)
    return items + picks_footer(table_id, version, shown, chosen)


def picks_footer(
    table_id: int, version: int, shown: list[Decision], chosen: tuple[int, ...]
) -> list[ui.Item[ui.LayoutView]]:
    """What is picked so far, how many more are needed, and a Confirm enabled only for a count the
    question takes (it answers under the question's first key)."""
    low, high = picks.pick_count(shown)
    confirm = button(
        f"Confirm ({len(chosen)})",
        ids.confirm(table_id, version, shown[0].key, chosen),
        discord.ButtonStyle.success,
        disabled=not low <= len(chosen) <= high,
    )
    return [ui.TextDisplay(f"-# {picks.count_line(shown, chosen)}"), ui.ActionRow(confirm)]


def live_console(
    parts: list[ui.Item[ui.LayoutView]],
    live: LiveTable,
    seat: int,
    decisions: list[Decision],
    now: float,
    tail: Sequence[ui.Item[ui.LayoutView]] = (),
) -> ui.LayoutView:
    """A real-time console: the status lines the game gives the seat (its view's `console`), then
    every open decision at once, one click each, with the time left on timed ones. Single choices
    are buttons (rows of five, coloured by each option's tone) while the message stays within
    Discord's 40 components (the longest lists become menus first); there is no Skip or Confirm,
    since doing nothing is always allowed. `tail` ends the console (its Cards button)."""
    lines = "\n".join(plain(str(line)) for line in live.view(seat).get("console") or ())
    status: list[ui.Item[ui.LayoutView]] = [ui.TextDisplay(clip(lines, MAX_DETAILS))] if lines else []
    version = live.version
    limits = [LIVE_BUTTONS] * len(decisions)
    largest_first = sorted(range(len(decisions)), key=lambda i: -len(decisions[i].options))
    for menu in [None, *largest_first]:
        if menu is not None:
            limits[menu] = MAX_BUTTONS  # too many components: the longest list becomes a menu
        controls = [
            item
            for decision, limit in zip(decisions, limits, strict=True)
            for item in decision_items(live.id, version, decision, None, live_now=now, max_buttons=limit)
        ]
        try:
            return layout(*parts, *status, *controls, *tail)
        except ValueError:
            continue
    raise ValueError("a live console does not fit in one message")


def time_left(deadline: float, now: float) -> str:
    """A live console's countdown: one clock, Discord's own, which counts on by itself (a second
    one, the seconds left when the console was drawn, soon disagreed with it)."""
    if deadline <= now:
        return "⏱️ time is up"
    return f"⏱️ time runs out <t:{round(deadline)}:R>"


def decision_items(
    table_id: int,
    version: int,
    decision: Decision,
    picked: tuple[int, ...] | None,
    *,
    live_now: float | None = None,
    max_buttons: int = MAX_BUTTONS,
    footer: bool = True,
) -> list[ui.Item[ui.LayoutView]]:
    """Buttons (up to `max_buttons` single choices, five a row) or a select menu, with a confirm step
    for several choices and a Skip for optional ones (not with `footer` off: one menu of a question
    split over several, confirmed once for all). `live_now` is the bot's clock on a live console: no
    Skip, the time left on a timed decision, and buttons coloured by their tone."""
    hint = ""
    if decision.max_choices > 1 and decision.whole is None:  # a split question's prompt says it
        low, high = decision.min_choices, min(decision.max_choices, len(decision.options))
        hint = f" (choose {low}-{high})" if low != high else f" (choose {low})"
    if live_now is not None and decision.deadline is not None:
        hint += f" · {time_left(decision.deadline, live_now)}"
    items: list[ui.Item[ui.LayoutView]] = [ui.TextDisplay(f"**{plain(clip(decision.prompt))}**{hint}")]
    single = decision.max_choices == 1
    if single and len(decision.options) <= max_buttons:
        tones = {} if live_now is None else TONE_STYLES
        buttons = [
            button(
                o.label,
                ids.option_button(table_id, version, decision.key, o.id),
                tones.get(o.tone, discord.ButtonStyle.primary),
                emoji=TONE_EMOJI.get(o.tone) if tones else None,
            )
            for o in decision.options
        ]
        items += [ui.ActionRow(*buttons[i : i + MAX_BUTTONS]) for i in range(0, len(buttons), MAX_BUTTONS)]
        details = [f"-# **{plain(o.label)}**: {plain(o.detail)}" for o in decision.options if o.detail]
        if details:
            items.append(ui.TextDisplay(clip("\n".join(details), MAX_DETAILS)))
        if decision.min_choices == 0 and live_now is None:
            items.append(ui.ActionRow(button("Skip", ids.confirm(table_id, version, decision.key, ()))))
        return items
    chosen = set(picked or ())
    menu = ids.option_select(table_id, version, decision.key)
    select: ui.Select[ui.LayoutView] = ui.Select(
        custom_id=menu,
        id=ids.menu_id(menu),
        placeholder="Choose…" if single else "Choose, then confirm…",
        min_values=0 if not single else 1,
        max_values=min(decision.max_choices, len(decision.options)),
        options=[
            discord.SelectOption(
                label=o.label, value=o.id, description=o.detail[:100] or None, default=i in chosen
            )
            for i, o in enumerate(decision.options)
        ],
    )
    items.append(ui.ActionRow(select))
    if footer and (not single or (decision.min_choices == 0 and live_now is None)):
        items += picks_footer(table_id, version, [decision], tuple(sorted(chosen)))
    return items


def rules_view(game: str, title: str, pages: Sequence[str], page: int) -> ui.LayoutView:
    """One page of a game's rules, with previous/next buttons."""
    if not pages:
        return layout(ui.TextDisplay(f"## 📖 {title}\nThe rules of this game are not written yet."))
    page = max(0, min(page, len(pages) - 1))
    text = f"## 📖 {title} — rules ({page + 1}/{len(pages)})\n{pages[page]}"
    row = ui.ActionRow(
        button("Previous", ids.rules(game, page - 1), disabled=page == 0),
        button("Next", ids.rules(game, page + 1), disabled=page >= len(pages) - 1),
    )
    return layout(ui.TextDisplay(text), row)


def notice_view(text: str) -> ui.LayoutView:
    """A short message in the V2 style."""
    return layout(ui.TextDisplay(text), accent=None)


def offer_view(
    text: str, label: str, custom_id: str, style: discord.ButtonStyle = discord.ButtonStyle.danger
) -> ui.LayoutView:
    """A short message with one button for the next step (a confirmation, a setting)."""
    view = notice_view(text)
    view.add_item(ui.ActionRow(button(label, custom_id, style)))
    return view
