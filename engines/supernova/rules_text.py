"""The `/rules game:supernova` pages: Super Nova Smash! explained in our own words.

Each page is Discord markdown of at most 1,800 characters; the fine print is in
docs/rulings/supernova.md.
"""

from __future__ import annotations

from engines.supernova.ai import REACTION
from engines.supernova.clock import OPTIONS


def _options_text() -> str:
    """The table options with their choices and defaults, and what each AI level means."""
    lines = [f"- `{o.id}={'|'.join(o.choices)}`: {o.label}, default {o.default}" for o in OPTIONS]
    speeds = ", ".join(f"{level} {low:g}-{high:g} s" for level, (low, high) in REACTION.items())
    return (
        "**Table options** (e.g. `/play game:supernova options:go=5,ai=hard`):\n"
        + "\n".join(lines)
        + f"\nAI players react in {speeds}; the easier they are, the more mistakes they make."
    )


RULES: tuple[str, ...] = (
    # 1. Overview
    "**Super Nova Smash!: empty your hand first, then outrun the supernova.**\n"
    "A real-time card race for 2 to 8 players. The cards are numbered 0 to 5. Every **Play Pile** "
    "starts with a card off the deck, face up; everyone gets an equal share of the rest: a hand of "
    "5 and a face-down **Draw Pile**. With 2 players each has two Play Piles; from 6 players on, "
    "neighbours share a pile.\n\n"
    "The bot is the app: it runs the clock and tells every player when to go. Each round, the "
    "order in which players get rid of all their cards moves them along a race board. The first "
    "ship over the finish line wins.",
    # 2. GO! and HOLD!
    "**Playing on GO!**\n"
    "After a short launch countdown, each player's screen shows **GO!** or **HOLD!**, and changes "
    "every few seconds. The table shows how long the current turn lasts.\n"
    "- When your screen says GO!, play as many cards as you can on any pile whose owner's screen "
    "says GO!, your own included.\n"
    "- A card must be **one higher or one lower** than the top card. Values wrap: a 0 goes on a 5 "
    "and a 5 on a 0.\n"
    "- You draw back up to 5 automatically after every card.\n"
    "- **Zeros are damage.** Keep them off your own pile and give them to rivals.\n\n"
    "**Payback.** A card played while your screen says HOLD!, on a pile that says HOLD!, between "
    "turns, before you solve a shockwave, or with the wrong value is not refused: it lands **face "
    "down on your own pile** and counts as a 0 (the next card there must be a 1 or a 5); the log "
    "says why. A lag allowance (2 s) judges your click by what your console showed: a card that "
    "fitted a pile a moment ago but no longer does, because someone played first, goes back to "
    "your hand, and a click made on GO! still counts if the screens changed while it travelled.\n\n"
    "**Why 2 s.** Discord is slower than a table: your console is redrawn about once a second and a "
    "click takes a moment to arrive, so what you acted on can be about 1.5 s old. The allowance "
    "stretches your GO! by that much, which the printed game does not need. In 400 seeded duels "
    "against the normal AI, a modelled player on Discord won 80% with 2 s and 80% with 1.5 s: the "
    "last half second is a margin for slow connections. `grace=1.5` (or 1) plays tighter.",
    # 3. Quick draw, shockwaves, showdown
    "**When nobody can play: quick draw.** Play pauses and everyone draws a card, again and again, "
    "until somebody can play. A short countdown later, play resumes. If nobody has cards left to "
    "draw, the bot names a pile and everyone may drop any one card on it.\n\n"
    "**Shockwaves.** Now and then every screen turns into a mini-game, one of three kinds: press "
    "the symbols in the order shown, find the symbol that appears only once, or pick the right "
    "sum. Everyone gets their own puzzle with the buttons shuffled. Solve it and you may play on "
    "**any** pile until the shockwave ends (when everyone has solved it, or time runs out). A "
    "wrong press only costs you time.\n\n"
    "**Showdown.** When only two players are left in a round (a duel from the start), turns get "
    "shorter, shockwaves come "
    "more often, and between turns the bot names a pile on which each of the two may drop **any "
    "one card**, whatever its value.",
    # 4. Scoring and damage
    "**Going out.** When your hand and Draw Pile are both empty you are out, automatically. Going "
    "out 1st moves you 5 spaces, 2nd 4, 3rd 3, 4th 2, later 1. The last player still in goes out "
    "last.\n\n"
    "**Scoring.** Players may now use **Boosters** (move someone forward) and **Tractor Beams** "
    "(pull another ship that many spaces towards yours). Press Done when finished; the window has "
    "a time limit. If anyone is over the finish line now, the race is over: the furthest ahead "
    "wins, and equal positions share a place.\n\n"
    "**Damage assessment.** Each player counts the zeros and face-down cards in their own pile(s) "
    "(shared piles count for both owners). **Blasters** add damage and **RepairBots** remove it. "
    "The most damaged ship(s) go back to the nearest repair station behind them, unless already "
    "on one. Everybody on a repair station then picks up a random power-up.\n\n"
    "Then the cards are gathered, reshuffled and dealt again for the next round.",
    # 5. On Discord
    "**Your console.** Press **Open console** on the table: your private console shows your hand, "
    "every pile with its GO!/HOLD! screen, a button per play (card and pile in one click: green "
    "lands now, red is a zero on your own pile, grey would not land), the time left before the "
    "screens change, how your last card was judged and the damage on your piles. In a shockwave, "
    "press the whole sequence without waiting. It updates itself at every change; after about 12 minutes "
    "it asks you to press Open console again, because Discord lets the bot edit it for 15.\n\n"
    + _options_text(),
)
