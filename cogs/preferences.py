"""Preferences: the on/off choices of /settings and /server settings, and how a player's settings
are described back."""

from __future__ import annotations

from discord import app_commands

from bot.storage.records import UserSettings

ON_OFF = [app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]
SPECTATORS = [
    app_commands.Choice(name="never", value="never"),
    app_commands.Choice(name="after the game (default)", value="after"),
    app_commands.Choice(name="live, one round late", value="live"),
]
SPECTATOR_LINES = {
    "never": "Spectators never see your hand.",
    "after": "Spectators see your hand once the game is over.",
    "live": "Spectators see your hand while you play, one round late (where the server allows it).",
}


def settings_text(settings: UserSettings, dms: bool) -> str:
    """What the player's settings are now, one line each (DMs only where the bot sends them)."""
    lines = []
    if dms:
        lines.append(
            "DMs are on: your hand comes to your DMs on your turn."
            if settings.dm
            else "DMs are off: you are pinged in the channel (`/settings dm:on` to change)."
        )
    lines.append(
        "Automatic defence is on: when your time to answer an attack runs out, the AI defends for you."
        if settings.auto_defence
        else "Automatic defence is off: when your time to answer an attack runs out, you take the hit"
        " (`/settings auto_defence:on` to change)."
    )
    lines.append(
        SPECTATOR_LINES.get(settings.spectators, SPECTATOR_LINES["after"]) + " (`/settings spectators`)"
    )
    return "\n".join(lines)
