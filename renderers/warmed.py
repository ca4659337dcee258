"""Imported by the render workers' fork server: draws each built-in game once, so that every
worker forked from it starts with fonts loaded and its text-mask and card-face caches filled, and a
worker started again after one died is warm at once."""

from __future__ import annotations

from renderers import BUILT_IN
from renderers.worker import warm

warm(sorted(BUILT_IN))
