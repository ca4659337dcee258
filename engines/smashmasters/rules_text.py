"""The `/rules game:smashmasters` pages: Super Powered Smash Masters explained in our own words.

Each page is Discord markdown of at most 1,800 characters. Card texts live in cards.toml; the fine
print (every ruling SuperTable takes) is in docs/rulings/smashmasters.md.
"""

from __future__ import annotations

RULES: tuple[str, ...] = (
    # 1. Overview
    "**Super Powered Smash Masters: the last team standing wins.**\n"
    "A free-for-all card brawl for 2 to 4 players (5 or 6 in a Big brawl). Everyone leads a team of "
    "goofy superheroes and tries to knock every rival hero out of the game.\n\n"
    "**Your cards.** Each player has a deck of 46 cards:\n"
    "- 6 **characters** (red): your *Character Stack*. Each one has a power type (Gadget, Magic, "
    "Mutant or Nature) and one power.\n"
    "- 40 blue cards, shuffled into your *Deck*: **Smash** cards (plain attacks), **Team-Up** cards "
    "(stronger attacks), **Supers** (one for each of your characters) and **Stories** (events that "
    "can hit everybody).\n\n"
    "**Getting ready.** Everyone draws 5 cards and, all at the same time and face down, picks 3 "
    "characters from their stack. The picks are revealed together and become your team, left to "
    "right in the order you picked them. The other characters wait in the stack as replacements.\n\n"
    "**Winning.** A player with no character on the table and none left in the stack is out. Be the "
    "last one with a hero standing. Players knocked out earlier place lower.",
    # 2. A turn
    "**Your turn: exactly one action**\n"
    "1. **Attack**: aim a Smash card (needs one active hero on your side) or a Team-Up card (needs "
    "two) at a rival character.\n"
    "2. **Use a power** of one of your active characters (powers marked *action*).\n"
    "3. **Play a Story.**\n"
    "4. **Play a Super**, when its hero is on your team.\n"
    "5. **Discard and draw**: swap one card, plus one more for each of your stunned characters; if "
    "your whole team is stunned you may swap up to five.\n"
    "6. **Retire** a stunned character to the Defeated Pile and summon a fresh one from your stack.\n\n"
    "**Your hand.** Every card you play is replaced at once from your Deck, and your hand is always "
    "topped back up to 5. It never holds more than 10. An empty Deck is rebuilt by shuffling your "
    "Discard Pile.\n\n"
    "**No self-destruction.** Your own cards and powers never knock you out; a rival's card "
    "that makes you choose can.\n\n"
    "Turns go round the table in seat order; the first player is drawn at random.",
    # 3. Smash Battles
    "**Smash Battles**\n"
    "An attack pits one of your active characters against one rival character. The defender may "
    "**counter** with a card, then you may counter that, and so on, one card at a time. Only the two "
    "players in the fight may play cards, and the target never changes.\n\n"
    "- A Smash card can be answered by a Smash or a Team-Up.\n"
    "- A Team-Up can only be answered by another Team-Up, and needs two active characters on the "
    "team of whoever plays it.\n"
    "- Whoever played the **last card wins**. The losing character is **stunned**, or **defeated** "
    "if the last card was a Team-Up. Yes, the attacker can lose!\n"
    "- A character that is already stunned has no defence: attacking it defeats it outright.\n"
    "- A **free smash** (from some powers and Supers) opens a battle without spending a card. It "
    "can never be used as a counter.\n\n"
    "While a battle runs, the table shows every card played, who played it and who would win if it "
    "stopped now. Battle cards go to their players' Discard Piles afterwards.",
    # 4. Stunned and defeated
    "**Stunned and defeated**\n"
    "**Stunned** characters lie sideways. They cannot counter and their powers are switched off, "
    "passive ones too. A Story, a power or a Super can **revive** them, but a revived hero's power "
    "only comes back when the next turn starts.\n\n"
    "**Defeated** characters go to their owner's Defeated Pile. Their empty space is filled straight "
    "away from the Character Stack, at no cost. Lose several at once and you choose which newcomer "
    "goes where. Characters never slide along the row: a space keeps its place.\n\n"
    "**Bring back** takes a character out of your own Defeated Pile, to the table or the stack. "
    "Brought back to a full team, it gets a new space at either end. "
    "**Summon** lets you look through a pile and pick the card you like.\n\n"
    "**Extra characters.** Some cards add a space at either end of your team (5 at most) and put a "
    "new hero in it.\n\n"
    "**Turned around** heroes (shown upside down) have a temporary boost until the card says it "
    "ends. **Safe** heroes are shielded from one named danger for a while; safe from Story "
    "cards (or rivals' powers) keeps out their harm, not their help.",
    # 5. Supers, Stories and reacts
    "**Supers, Stories and reacts**\n"
    "**Supers** are big moves tied to one character, who must be on your team (active or stunned). "
    "Playing the Super also revives that character before anything else happens.\n\n"
    "**Stories** hit **every** team, yours included, unless the card says otherwise. Read them "
    "carefully before you play one!\n\n"
    "**Reacts** are powers and Supers used on somebody else's turn, when something happens: a rival "
    "plays a Story or a Super or uses a power, one of your heroes is attacked, stunned or defeated, "
    "or wins a fight. When you can react, the bot asks you (use it, or don't); everyone else waits "
    "one decision at a time. Some reacts **cancel** what triggered them: the card or power does "
    "nothing, but the turn is still spent.\n\n"
    "A react power works once a round (it recharges when its owner's turn starts), a stunned "
    "hero cannot react, and reacting never sets off another react. During a Smash Battle only "
    "Smash and Team-Up cards are played: no Super.",
    # 6. Variants
    "**Variants** (set with `/play` options)\n"
    "- **Big brawl** (mode `big`): 5 or 6 players. The box holds four decks, so the fifth and sixth "
    "players get second copies of two different decks.\n"
    "- **characters=9**: a longer game. Every stack gets 3 more characters (with their Supers), "
    "taken from decks nobody plays while there are some.\n"
    "- **speed=on**: no Character Stack. You play only the 3 heroes you pick; the rest sit out.\n"
    "- **decks=kc,ld,...**: choose each seat's deck instead of dealing them at random. The decks "
    "are Kitchen Crusaders (kc), Lawn & Disorder (ld), Gadgeteers Anonymous (ga) and Mildly Mystic "
    "Society (mm).\n"
    "- **Custom decks** built with the deck commands: 6 different characters and 40 cards, with "
    "no more than 25 Smash and 5 Team-Up cards, and no Super or Story twice.\n\n"
    "- **ai=easy|normal|hard**: how well the AI players play.\n\n"
    "A game that somehow lasts 500 turns ends in a draw among the players still in.",
)
