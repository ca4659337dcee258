"""Pure game rules. Nothing here imports discord, bot, cogs or renderers.

REGISTRY maps a game id to its engine; each product game adds its entry here.
"""

from typing import Any

from engines.core import Engine
from engines.letopsulle.engine import Letopsulle
from engines.punchfighter.engine import PunchFighter
from engines.smashmasters.engine import SmashMasters
from engines.superhot.engine import Superhot
from engines.supernova.engine import Supernova

REGISTRY: dict[str, Engine[Any]] = {
    "superhot": Superhot(),
    "smashmasters": SmashMasters(),
    "supernova": Supernova(),
    "punchfighter": PunchFighter(),
    "letopsulle": Letopsulle(),
}
