"""Imported by the render workers' fork server: chooses each built-in game's palette (apart) and
draws each game's first sample once, so that every worker forked from it starts with fonts loaded
and its text-mask and common layer caches filled, shared copy-on-write, and a worker started again
after one died is warm at once (see `renderers.worker.warm_server`)."""

from __future__ import annotations

from renderers import BUILT_IN
from renderers.worker import warm_server

warm_server(sorted(BUILT_IN))
