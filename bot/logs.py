"""Logging set-up: one readable line per record, and the token never appears."""

from __future__ import annotations

import logging

REDACTED = "[token hidden]"


class RedactSecrets(logging.Filter):
    """Replaces secrets in formatted log messages."""

    def __init__(self, *secrets: str) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if any(secret in message for secret in self.secrets):
            for secret in self.secrets:
                message = message.replace(secret, REDACTED)
            record.msg, record.args = message, None
        return True


def setup_logging(level: str, *secrets: str) -> None:
    """Root logging to stderr at `level`, redacting secrets from every record."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s"))
    handler.addFilter(RedactSecrets(*secrets))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level if level in logging.getLevelNamesMapping() else "INFO")
