"""Logging set-up: one readable line per record, and the token never appears."""

from __future__ import annotations

import logging

REDACTED = "[token hidden]"


class RedactingFormatter(logging.Formatter):
    """Formats a record, then hides secrets anywhere in the text, tracebacks included."""

    def __init__(self, fmt: str, *secrets: str) -> None:
        super().__init__(fmt)
        self.secrets = [s for s in secrets if s]

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        for secret in self.secrets:
            text = text.replace(secret, REDACTED)
        return text


def setup_logging(level: str, *secrets: str) -> None:
    """Root logging to stderr at `level`, redacting secrets from every line."""
    handler = logging.StreamHandler()
    handler.setFormatter(RedactingFormatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s", *secrets))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level if level in logging.getLevelNamesMapping() else "INFO")
