"""Errors a player may see. Their message says what happened and what to do."""

from __future__ import annotations


class UserError(Exception):
    """Something the user asked for cannot be done; shown to them, ephemeral."""


class StaleChoice(UserError):
    """A button from an older state of the table; the user gets a fresh panel."""

    def __init__(self, table_id: int) -> None:
        super().__init__("The table has moved on since that panel was drawn. Here is a fresh one.")
        self.table_id = table_id


class TableUnavailable(UserError):
    """The table does not exist, is finished, or its saved data is broken."""


class TableMoved(UserError):
    """The table was saved elsewhere (another process) since this copy was loaded; the copy is
    dropped, and the request may run once more on the fresh one."""

    def __init__(self) -> None:
        super().__init__("Someone else changed this table at the same moment. Please try again.")
