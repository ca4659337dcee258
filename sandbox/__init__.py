"""The offline sandbox: the real, unmodified bot inside SimCord's simulated Discord, in a browser.

`python -m bot sandbox` (see `sandbox.cli`) boots a server "SuperTable Sandbox" with a #games
channel and four members, and serves SimCord's local preview so each member can be played from
their own browser tab. Nothing in `bot/` or `cogs/` knows about it.

This module imports nothing: `sandbox.cli` checks that SimCord's preview runtime is installed
before anything imports simcord.
"""
