"""The `/rules game:punchfighter` pages: Super Punch Fighter explained in our own words.

Each page is Discord markdown of at most 1,800 characters; the fine print is in
docs/rulings/punchfighter.md.
"""

from __future__ import annotations

RULES: tuple[str, ...] = (
    # 1. Overview
    "**Super Punch Fighter: a brawl on a hex board, first to 9 stars.**\n"
    "3 to 6 players each pick a fighter and a deck of 14 fighter cards. Everyone starts with a "
    "**control pad** of four buttons: **A** Attack, **B** Block, **C** Charge, **D** Draw. Fighter "
    "cards with a button cost are **combos**: pay by pushing those buttons (a thumb token on each) "
    "and the card's effects happen in order. Cards without a cost are **defences**, played when "
    "you are hit.\n\n"
    "**Stars** come from hurting people: every time your attack turns a rival's health dial to a "
    "new colour (the skull too) you earn one, knocking someone off the board earns one, and so "
    "does each achievement you claim. The first to 9 wins at once. When the button deck runs "
    "out, the game ends as the first player's next turn would begin: most stars wins, then most "
    "health; a tie after that is shared.",
    # 2. A turn
    "**Your turn, in five steps**\n"
    "1. **Revive**: off the board (at the start, or after a K.O.)? Enter on a free space next to "
    "a spawn point with full health.\n"
    "2. **Power up**: on a yellow space draw 1 card, on a red one draw 2.\n"
    "3. **Action**: one of **Move** up to 4 spaces, **Draw** 2 cards, or **Launch** a combo; and "
    "as many free actions as you like: **push** a button for its own effect, **chain** another "
    "combo right after one resolves, **discard** an unpushed button.\n"
    "4. **Reset**: take the thumb tokens off up to 4 buttons.\n"
    "5. **Discard**: buttons still pushed go to the discard pile.\n\n"
    "**Drawing** always lets you pick: your fighter deck, the top of the button deck, or one of "
    "the five face-up buttons of the **offer** (it is refilled). Buttons join your pad at once, "
    "ten at most. Buttons are never reshuffled; your fighter discard is.\n\n"
    "**Chaining**: when a chained card's first button matches the last button of the card before "
    "it, you skip that button. A **W** (wild) button pays for any letter. When more than one set "
    "of your buttons could pay, you are asked which (the plainest set is suggested). A button "
    "pushed for its own recharge stays pushed until your reset.",
    # 3. Fighting
    "**Attacks, defence and the board**\n"
    "An attack hits one fighter within its **range** (spaces counted hex by hex) and in **line "
    "of sight**: the straight line between the two centres may not cross a space with another "
    "fighter or a spawn point (pits are fine). When you are attacked you may answer with **one** "
    "defence card or **one** Block button: it blocks that much damage of that attack.\n\n"
    "Attack extras: **push** (straight away from the attacker, each space farther), **pull** "
    "(each space closer), **throw** (anywhere exactly that far) and **stagger** (the victim "
    "pushes that many of their own buttons for nothing). A fighter moved into a pit or off the "
    "edge is **K.O.'d**, as is one whose dial reaches the skull; they come back on their next turn.\n\n"
    "**Achievements**: four are face up. At the end of each turn, every player who met one may "
    "claim one (never the same twice) for a star.\n\n"
    "The spaces you may move to, enter or be thrown to are labelled on the table image.",
    # 4. Minion Rush
    "**Minion Rush (1 or 2 players)**\n"
    "The other side of the board, four minions (A, B, C, D; 4 health each) and no achievements. "
    "Before each turn, four buttons are turned over from the button deck: a letter brings its "
    "minion onto a yellow space of the outer ring (you choose), it attacks a fighter next to it "
    "for 4 and steps closer to the nearest fighter; a **W** makes every minion attack.\n\n"
    "Fighters may only attack minions; after each range-1 attack you may move up to 2 spaces. "
    "A K.O.'d minion earns a star, a K.O.'d fighter loses one.\n\n"
    "**Solo** and **co-op** (stars added together) play until the button deck runs out (the "
    "house rule `two_decks` gives co-op two decks, so each of you gets about as many turns as a "
    "solo player), then rank you: 1 player: Amateur up to 6, Semi-Pro 7-8, Pro 9, Ranked 10, "
    "Champion 11, Grand Champion 12+; 2 players: Amateur up to 10, Semi-Pro 11-12, Pro 13-14, "
    "Ranked 15-16, Champion 17-19, Grand Champion 20+. **Competitive** Minion Rush uses the standard ending.",
)
