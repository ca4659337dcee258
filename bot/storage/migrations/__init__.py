"""Versioned SQL migrations, applied in order by `bot.storage.migrate` (files NNNN_name.sql)."""
