"""Imported by the render workers' fork server: imports the renderers and chooses each built-in
game's palette (apart), so that every worker forked from it, and one started again after one died,
starts with them, shared copy-on-write (see `renderers.worker.warm_server`)."""

from __future__ import annotations

from renderers import BUILT_IN
from renderers.worker import warm_server

warm_server(sorted(BUILT_IN))
