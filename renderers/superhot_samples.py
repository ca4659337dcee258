"""Hand-built SUPERHOT views for the gallery and the tests, in the shape the engine's view() returns.

Each sample is a (public view, seat view) pair; the seat view is the public view plus "seat" and
"hand", and the seat's public hand_size and bullets agree with its hand.
"""

from __future__ import annotations

import copy
from typing import Any

from renderers.kit.views import View

Card = dict[str, Any]

_serial = 0


def _id(prefix: str) -> str:
    global _serial
    _serial += 1
    return f"{prefix}{_serial}"


def obstacle(
    name: str,
    kind: str,
    need: str,
    value: int,
    top: str,
    use: str,
    power: int = 0,
    text: str = "",
    top_text: str = "",
    pile: str = "obstacles",
    down: bool = False,
) -> Card:
    """A two-halved obstacle card."""
    return {
        "id": _id("o"),
        "type": "obstacle",
        "name": name,
        "kind": kind,
        "need": need,
        "value": value,
        "text": text,
        "top": top,
        "use": use,
        "power": power,
        "top_text": top_text,
        "pile": pile,
        "down": down,
    }


def bullet(need: str, value: int) -> Card:
    """A bullet card: what it takes to destroy it in The Line."""
    return {
        "id": _id("b"),
        "type": "bullet",
        "name": "Bullet",
        "kind": "bullet",
        "need": need,
        "value": value,
        "text": "",
        "top": "",
        "use": "",
        "power": 0,
        "top_text": "",
        "pile": "",
        "down": False,
    }


def gun(down: bool = False) -> Card:
    return obstacle("Dude with a Gun", "enemy", "fight", 2, "Gun", "fight", 2, "Shoots 1 bullet.", down=down)


def shotgun(down: bool = False) -> Card:
    return obstacle(
        "Dude with a Shotgun", "enemy", "fight", 3, "Shotgun", "fight", 3, "Shoots 2 bullets.", down=down
    )


def unarmed(down: bool = False) -> Card:
    return obstacle(
        "Unarmed Dude",
        "enemy",
        "mixed",
        1,
        "Punch",
        "fight",
        1,
        "Shoots 1 bullet if another enemy shoots.",
        down=down,
    )


def katana(down: bool = False) -> Card:
    return obstacle(
        "Dude with a Katana",
        "enemy",
        "fight",
        2,
        "Katana",
        "katana",
        2,
        "You discard 1 obstacle card from your hand.",
        "2 Fighting, or destroy a bullet in The Line.",
        down=down,
    )


def pillar(down: bool = False) -> Card:
    return obstacle(
        "Pillar", "location", "dodge", 2, "Take Cover", "dodge", 2, "You draw 1 extra card.", down=down
    )


def doorway(down: bool = False) -> Card:
    return obstacle("Doorway", "location", "dodge", 1, "Sidestep", "dodge", 1, down=down)


def bar(down: bool = False) -> Card:
    return obstacle(
        "Bar",
        "location",
        "mixed",
        2,
        "How about a glass?",
        "glass",
        0,
        top_text="1 Dodge for every card in your discard.",
        down=down,
    )


def briefcase(down: bool = False) -> Card:
    return obstacle(
        "Briefcase",
        "object",
        "mixed",
        1,
        "Double Trouble",
        "double",
        0,
        top_text="Play it with another card to use that card twice.",
        down=down,
    )


def toolbox(down: bool = False) -> Card:
    return obstacle(
        "Toolbox",
        "object",
        "dodge",
        1,
        "Pliers",
        "pliers",
        0,
        top_text="Put a bullet from your hand on the Bullets Deck, or draw a card.",
        down=down,
    )


def punch(pile: str = "IT") -> Card:
    return obstacle("Office Chair", "object", "mixed", 1, "Punch", "fight", 1, pile=pile)


def jump(pile: str = "IT") -> Card:
    return obstacle("Railing", "location", "dodge", 1, "Jump", "dodge", 1, pile=pile)


def kick(pile: str = "PZ") -> Card:
    return obstacle("Cubicle", "location", "mixed", 2, "Kick", "fight", 2, pile=pile)


def goal(
    name: str, text: str, done: bool = False, progress: int = 0, count: int = 1, counted: bool = False
) -> dict[str, Any]:
    return {
        "id": _id("g"),
        "name": name,
        "text": text,
        "done": done,
        "progress": progress,
        "count": count,
        "counted": counted,
    }


def seat(
    name: str, role: str, hand_size: int, bullets: int, deck: int, discard: int, top: Card | None = None
) -> dict[str, Any]:
    return {
        "name": name,
        "role": role,
        "hand_size": hand_size,
        "bullets": bullets,
        "deck": deck,
        "discard": discard,
        "discard_top": top,
    }


def _base(mode: str, label: str, **extra: Any) -> dict[str, Any]:
    view: dict[str, Any] = {
        "game": "superhot",
        "mode": mode,
        "mode_label": label,
        "challenges": [],
        "level": 1,
        "levels": 3,
        "phase": "Use cards",
        "turn": 0,
        "seats": [],
        "line": [],
        "deck_top": None,
        "deck": 12,
        "obstacle_discard": 0,
        "discard_top": None,
        "bullets_left": 11,
        "goals": [],
        "goals_deck": 20,
        "used": [],
        "new": [],
        "aid": None,
        "aid_from": None,
        "target": None,
        "system": None,
        "log": [],
        "over": False,
        "won": None,
        "result": "",
    }
    view.update(extra)
    return view


def _pair(
    public: dict[str, Any], seat_index: int, hand: list[Card], picked: list[Card] | None = None
) -> tuple[View, View]:
    """The public view and the seat's view (with the cards it already played on the open target);
    checks that the seat's public counts match its hand."""
    listed = public["seats"][seat_index]
    assert listed["hand_size"] == len(hand), (listed["name"], listed["hand_size"], len(hand))
    assert listed["bullets"] == sum(card["type"] == "bullet" for card in hand)
    private = copy.deepcopy(public)
    private.update(seat=seat_index, hand=hand)
    if picked is not None:
        private["picked"] = picked
    return public, private


def solo_midgame() -> tuple[View, View]:
    """Level 2 of 3, using cards: a bullet and a knocked-out card in The Line, one goal done."""
    hand = [punch(), gun(), pillar(), jump(), bullet("dodge", 1)]
    public = _base(
        "solo",
        "Solo",
        level=2,
        phase="Use cards",
        seats=[seat("Ana", "IT", 5, 1, 3, 4, toolbox())],
        line=[bullet("mixed", 2), gun(), None, shotgun(down=True), doorway(), unarmed()],
        deck_top=katana(),
        deck=11,
        obstacle_discard=5,
        discard_top=briefcase(),
        bullets_left=8,
        goals=[
            goal("Hotline", "Use 4 cards in a single turn.", done=True),
            goal("Kill 'em all", "Destroy 3 enemies.", progress=1, count=3, counted=True),
        ],
        goals_deck=21,
        used=[kick("IT"), punch()],
        new=[gun()],
        log=["Ana used Kick and Punch to destroy Dude with a Gun."],
    )
    return _pair(public, 0, hand)


def coop_aid_target() -> tuple[View, View]:
    """Co-op, Bo's turn: Ana's Aid card between them, Bo halfway through a Dude with a Shotgun
    (his Kick is played on it; his Punch was used earlier this turn)."""
    hand = [jump("PZ"), toolbox(), doorway(), bullet("fight", 2)]
    public = _base(
        "coop",
        "Co-op",
        phase="Use cards",
        turn=1,
        seats=[
            seat("Ana", "IT", 4, 0, 2, 3, pillar()),
            seat("Bartholomew the Unyielding", "PZ", 4, 1, 4, 1, punch("PZ")),
        ],
        line=[doorway(), pillar(), shotgun(), bullet("dodge", 1), gun(), briefcase()],
        deck_top=bar(),
        deck=13,
        obstacle_discard=3,
        discard_top=unarmed(),
        bullets_left=10,
        goals=[
            goal("Pacifist", "Knock out 2 enemies.", progress=1, count=2, counted=True),
            goal("Clean Line", "End a turn with 3 or fewer obstacles in The Line."),
        ],
        goals_deck=22,
        used=[punch("PZ")],
        aid=katana(),
        aid_from=0,
        target={"slot": 2, "fate": "destroy", "need": "fight", "value": 3, "total": 2},
        log=["Ana passed Katana as Aid.", "Bo played Kick on Dude with a Shotgun (2 of 3)."],
    )
    return _pair(public, 1, hand, picked=[kick("PZ")])


def versus_system_turn() -> tuple[View, View]:
    """Versus during the System turn: its four cards from the Obstacles Discard and their pool."""
    hand = [gun(), jump(), katana(), punch()]
    system_cards = [gun(), doorway(), bar(), bullet("mixed", 2)]
    public = _base(
        "versus",
        "Versus",
        levels=2,
        phase="System turn",
        turn=1,
        seats=[seat("Ana", "IT", 4, 0, 1, 6, shotgun()), seat("Glitch", "System", 0, 0, 0, 0)],
        line=[unarmed(), bullet("dodge", 2), pillar(), None, None, gun()],
        deck_top=doorway(),
        deck=9,
        obstacle_discard=2,
        discard_top=toolbox(),
        bullets_left=9,
        goals=[goal("Gunslinger", "Hold 2 Guns in your hand at the end of a turn.")],
        goals_deck=23,
        system={"cards": system_cards, "pool": {"fight": 2, "dodge": 1, "mixed": 4}},
        log=["Ana waited and took Unarmed Dude into her discard.", "The System drew 4 cards."],
    )
    return _pair(public, 0, hand)


def seven_line_infinite() -> tuple[View, View]:
    """Solo Infinite Mode, level 5, Bullet Storm and 7 Line: knocked-out cards, bullets, few left."""
    hand = [
        shotgun(),
        katana(),
        bar(),
        briefcase(),
        pillar(),
        bullet("dodge", 1),
        bullet("mixed", 2),
        bullet("fight", 1),
    ]
    public = _base(
        "solo",
        "Solo",
        challenges=["Bullet Storm", "7 Line"],
        level=5,
        levels=None,
        phase="Wait or move",
        seats=[seat("Ana", "IT", 8, 3, 0, 9, gun())],
        line=[
            bullet("fight", 2),
            katana(down=True),
            bullet("dodge", 1),
            gun(down=True),
            shotgun(),
            unarmed(down=True),
            bullet("mixed", 3),
        ],
        deck_top=shotgun(),
        deck=4,
        obstacle_discard=14,
        discard_top=gun(),
        bullets_left=3,
        goals=[
            goal("Hotline", "Use 4 cards in a single turn.", done=True),
            goal("Kill 'em all", "Destroy 3 enemies.", progress=3, count=3, counted=True, done=True),
            goal("Pacifist", "Knock out 2 enemies.", progress=1, count=2, counted=True),
            goal("Collector", "Hold 6 or more cards in your hand."),
            goal("Marathon", "Destroy 8 obstacles this level.", progress=5, count=8, counted=True),
        ],
        goals_deck=12,
        log=["Dude with a Shotgun shot 2 bullets into the Obstacles Discard."],
    )
    return _pair(public, 0, hand)


def twovone_game() -> tuple[View, View]:
    """2 vs 1 between turns: two players and the System, an Aid card, Level 2 of 2."""
    hand = [gun(), kick("PZ"), doorway(), jump("PZ"), bar()]
    public = _base(
        "twovone",
        "2 vs 1",
        levels=2,
        level=2,
        phase="Veto",
        turn=2,
        seats=[
            seat("Ana", "IT", 4, 1, 5, 2, unarmed()),
            seat("Glitch", "System", 0, 0, 0, 0),
            seat("Chidi", "PZ", 5, 0, 3, 2, gun()),
        ],
        line=[pillar(), gun(), doorway(), shotgun(), unarmed(), toolbox()],
        deck_top=gun(),
        deck=15,
        obstacle_discard=0,
        bullets_left=11,
        goals=[
            goal("Pacifist", "Knock out 2 enemies."),
            goal("Gunslinger", "Hold 2 Guns in your hand at the end of a turn."),
            goal("Clean Line", "End a turn with 3 or fewer obstacles in The Line."),
        ],
        goals_deck=19,
        aid=briefcase(),
        aid_from=0,
        log=["Level 2 begins: 3 goals. Chidi may veto one, if Ana agrees."],
    )
    return _pair(public, 2, hand)


def finished_won() -> tuple[View, View]:
    """A co-op game won: all three levels cleared."""
    hand = [gun(), shotgun(), katana(), pillar()]
    public = _base(
        "coop",
        "Co-op",
        level=3,
        phase="Game over",
        turn=None,
        seats=[seat("Ana", "IT", 4, 0, 6, 5, gun()), seat("Bo", "PZ", 5, 2, 2, 7, bar())],
        line=[gun(down=True), None, doorway(), None, bullet("dodge", 1), pillar()],
        deck_top=unarmed(),
        deck=6,
        obstacle_discard=11,
        discard_top=shotgun(),
        bullets_left=4,
        goals=[
            goal("Pacifist", "Knock out 2 enemies.", done=True, progress=2, count=2, counted=True),
            goal("Hotline", "Use 4 cards in a single turn.", done=True),
            goal("Kill 'em all", "Destroy 3 enemies.", done=True, progress=3, count=3, counted=True),
            goal("Clean Line", "End a turn with 3 or fewer obstacles in The Line.", done=True),
        ],
        goals_deck=17,
        log=["Ana completed Clean Line: level 3 cleared!"],
        over=True,
        won=True,
        result="You won: all 3 levels cleared",
    )
    return _pair(public, 0, hand)


def finished_lost() -> tuple[View, View]:
    """A solo game lost to a fourth bullet in hand."""
    hand = [bullet("dodge", 1), bullet("fight", 2), bullet("mixed", 1), bullet("dodge", 2), punch()]
    public = _base(
        "solo",
        "Solo",
        level=1,
        phase="Game over",
        turn=None,
        seats=[seat("Ana", "IT", 5, 4, 2, 3, jump())],
        line=[None, None, unarmed(), gun(), shotgun(), pillar()],
        deck_top=gun(),
        deck=7,
        obstacle_discard=8,
        discard_top=bullet("mixed", 2),
        bullets_left=5,
        goals=[goal("Kill 'em all", "Destroy 3 enemies.", progress=2, count=3, counted=True)],
        goals_deck=24,
        log=["A fourth bullet reached Ana's hand."],
        over=True,
        won=False,
        result="Game over: 4 bullets in Ana's hand",
    )
    return _pair(public, 0, hand)


SAMPLES: dict[str, tuple[View, View]] = {
    "solo_midgame": solo_midgame(),
    "coop_aid_target": coop_aid_target(),
    "versus_system_turn": versus_system_turn(),
    "seven_line_infinite": seven_line_infinite(),
    "twovone_veto": twovone_game(),
    "finished_won": finished_won(),
    "finished_lost": finished_lost(),
}
"""Every sample by name."""
