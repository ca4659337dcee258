"""The result message of a finished game: placements, scores, rating changes, how it counts."""

from __future__ import annotations

import discord
from discord import ui

from bot.live import LiveTable
from bot.storage.records import ResultRecord
from bot.user_text import plain
from cogs import ids
from cogs.cards_ids import cards_button
from cogs.ui import MEDALS, button, layout
from engines.core.boards import board_label, board_of
from engines.core.house_rules import changes_difficulty, names_on
from renderers.sheets import has_sheet

LOST, WON, TOGETHER = "✖️", "🏆", "⭐"  # every seat's mark when the players lost, won or scored together


def result_view(live: LiveTable, result: ResultRecord) -> ui.LayoutView:
    """The result message: placements, scores, a Rematch button and Cards (the cards in play at
    the end, each asker's own view of them)."""
    lines = []
    shared = shared_place(live, result)
    for seat in sorted(result.seats, key=lambda s: (s.placement, s.seat)):
        medal = shared or MEDALS.get(seat.placement, f"{seat.placement}.")
        who = f"<@{seat.user_id}>" if seat.user_id else f"🤖 {plain(seat.name)}"
        score = f" — {seat.score:g}" if seat.score else ""
        change = result.changes.get(seat.user_id or 0)
        rating = f" · rating {change[0]} → {change[1]} ({change[1] - change[0]:+d})" if change else ""
        lines.append(f"{medal} {who}{score}{rating}")
    text = (
        f"## 🏁 {live.title} · {live.mode_label}: results\n"
        + "\n".join(lines)
        + f"\n\n{plain(result.summary)}"
    )
    house = names_on(live.engine.meta, live.record.mode, live.record.options)
    if house:
        text += f"\n🏠 Played with house rules: {', '.join(plain(name) for name in house)}."
    note = records_note(live, result)
    if note:
        text += f"\n-# {note}"
    buttons = [button("Rematch", ids.table(live.id, "rematch"), discord.ButtonStyle.primary, emoji="🔁")]
    if has_sheet(live.record.game):  # the final table (and each player's last hand) as text
        buttons.append(cards_button(live.id))
    return layout(ui.TextDisplay(text), ui.ActionRow(*buttons))


def shared_place(live: LiveTable, result: ResultRecord) -> str:
    """The mark of every seat when the players won, lost or scored together (a solo or co-operative
    game: a gold medal there would say nothing, or the opposite of a loss); "" for a ranking."""
    won = result.won
    if won is None and live.state is not None:
        outcome = live.engine.outcome(live.state)
        won = outcome.won if outcome is not None else None
    if won is False:
        return LOST
    if any(seat.placement != 1 for seat in result.seats):
        return ""
    return WON if won else TOGETHER


def records_note(live: LiveTable, result: ResultRecord) -> str:
    """How the game counts: rated, on a high-score board, or why it is not rated."""
    meta = live.engine.meta
    if result.kind == "rated":
        return f"Rated: see /leaderboard game:{meta.id}."
    if result.kind == "high_score":
        board = result.board or result_board(live, result)
        where = board_label(meta, board)
        return f"Recorded on the {meta.high_score} board ({where}): /leaderboard game:{meta.id} mode:{board}."
    if meta.records(result.mode) == "rated" and live.runtime.takebacks_unagreed:
        return "Not rated: a move was taken back that not every player could agree to."
    if meta.records(result.mode) == "rated" and changes_difficulty(meta, result.mode, live.record.options):
        return "Not rated: played with a house rule that changes the difficulty."
    if meta.records(result.mode) == "rated":
        return "Not rated: rated games need two people and no AI seat (a server setting can allow AI)."
    return ""


def result_board(live: LiveTable, result: ResultRecord) -> str:
    """The high-score board a stored result went to (storage keeps it with the high scores only)."""
    outcome = live.engine.outcome(live.state) if live.state is not None else None
    variant = outcome.board if outcome is not None else ""
    return board_of(live.engine.meta, result.mode, variant, live.record.options)
