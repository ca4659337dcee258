"""Discord's refusals that the bot answers by itself: rate limits and archived threads."""

from __future__ import annotations

import discord

from bot.coalesce import RetryLater

RATE_LIMITED = 429
THREAD_ARCHIVED = 50083
DMS_CLOSED = 50007
DEFAULT_RETRY = 5.0  # seconds, when a 429 says nothing of when to come back
MAX_RETRY = 60.0


def retry_after(exc: discord.HTTPException) -> float | None:
    """Seconds to wait before trying again, when Discord refused for a rate limit (else None).

    discord.py waits out the rate limits it is told about and raises only the others: a 429
    without a `Via` header (a limit at Cloudflare's edge) or one still there after its retries.
    """
    if exc.status != RATE_LIMITED:
        return None
    headers = getattr(exc.response, "headers", None) or {}
    try:
        delay = float(headers.get("Retry-After", DEFAULT_RETRY))
    except (TypeError, ValueError):
        delay = DEFAULT_RETRY
    return min(max(delay, 0.0), MAX_RETRY)


def as_retry(exc: discord.HTTPException) -> RetryLater | None:
    """The RetryLater for a coalesced edit refused by a rate limit, or None for other refusals."""
    delay = retry_after(exc)
    return RetryLater(delay) if delay is not None else None
