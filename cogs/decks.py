"""/deck: build, check and bring custom Super Powered Smash Masters decks (saved per user)."""

from __future__ import annotations

import time
from collections import Counter
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.runtime import clip
from bot.storage.records import DeckRecord
from cogs.replies import guarded, tell
from cogs.shelf import GAME, DeckShelf
from engines.smashmasters.cards import CARDS
from engines.smashmasters.decks import parse_deck, validate_deck

if TYPE_CHECKING:
    from bot.app import SuperTableBot

MAX_DECKS = 25
MAX_NAME = 32
MAX_CARDS = 60  # room to build past 46 and trim, while a deck's summary and code always fit a message
MAX_CODE = 8 * MAX_CARDS  # a deck code: card ids of up to 7 characters, each with a comma
MAX_SUMMARY = 1_800  # a summary leaves room for a line before it within Discord's 2,000 characters
KIND_NAMES = {
    "character": ("Character", "Characters"),
    "super": ("Super", "Supers"),
    "story": ("Story", "Stories"),
    "smash": ("Smash", "Smash"),
    "teamup": ("Team-Up", "Team-Up"),
}
STARTS = [
    *(
        app_commands.Choice(name=f"a copy of {deck.name}", value=deck_id)
        for deck_id, deck in CARDS.decks.items()
    ),
    app_commands.Choice(name="empty", value="empty"),
]


def card_label(card_id: str) -> str:
    """A card as people read it: name, kind and deck."""
    card = CARDS.card(card_id)
    return f"{card.name} ({KIND_NAMES[card.kind][0]}, {CARDS.decks[card.deck].name})"


def same_card(card_id: str) -> set[str]:
    """Every id of this card: Smash and Team-Up copies have an id each but are the same card."""
    label = card_label(card_id)
    return {other for other in CARDS.by_id if card_label(other) == label}


def pool_choices(current: str, among: list[str] | None = None) -> list[app_commands.Choice[str]]:
    """Cards whose name matches, one per name and deck (Smash and Team-Up copies are alike)."""
    seen: dict[str, str] = {}
    for card_id in among if among is not None else list(CARDS.by_id):
        label = card_label(card_id)
        if current.lower() in label.lower() and label not in seen:
            seen[label] = card_id
    return [app_commands.Choice(name=label[:100], value=card_id) for label, card_id in seen.items()][:25]


def summary(deck: DeckRecord, limit: int = MAX_SUMMARY) -> str:
    """The deck by kind, its rule check and its code (the card ids, to share or rebuild it), within
    `limit` characters: when a deck is too long to list whole, each kind lists its first cards."""
    counts: Counter[tuple[str, str]] = Counter(
        (CARDS.card(c).kind, CARDS.card(c).name) for c in deck.cards if c in CARDS.by_id
    )
    by_kind = {
        kind: [name + (f" ×{n}" if n > 1 else "") for (of_kind, name), n in counts.items() if of_kind == kind]
        for kind in KIND_NAMES
    }
    code = f"-# Deck code: `{','.join(deck.cards)}`" if deck.cards else ""
    if len(code) > limit // 2:
        code = "-# The deck code is too long to show; trim the deck with `/deck remove`."
    for shown in (None, 12, 6, 3, 0):
        lines = [f"## 🃏 {deck.name} · {len(deck.cards)} cards"]
        for kind, (_, title) in KIND_NAMES.items():
            names = by_kind[kind][:shown] if shown is not None else by_kind[kind]
            more = len(by_kind[kind]) - len(names)
            listed = ", ".join(names) + (f" … and {more} more" if more else "")
            total = sum(n for (of_kind, _), n in counts.items() if of_kind == kind)
            lines.append(f"**{title} ({total})**: {listed or '—'}")
        lines += [verdict(deck.cards), code]
        text = "\n".join(line for line in lines if line)
        if len(text) <= limit:
            return text
    return clip(text, limit)


def verdict(cards: list[str]) -> str:
    """Ready to play, or every rule the deck breaks."""
    problems = validate_deck(cards)
    if not problems:
        return "✅ Ready to play: `/play game:smashmasters deck:<name>` or `/deck use` in a lobby."
    return "❌ Not ready yet:\n" + "\n".join(f"- {problem[0].upper()}{problem[1:]}" for problem in problems)


async def deck_choices(shelf: DeckShelf, user_id: int, current: str) -> list[app_commands.Choice[str]]:
    """The user's decks whose name matches, for autocomplete (answered from the shelf at once)."""
    decks = shelf.known(user_id)
    return [
        app_commands.Choice(name=d.name, value=d.name) for d in decks if current.lower() in d.name.lower()
    ][:25]


class DeckCommands(commands.Cog):
    """Custom decks for Super Powered Smash Masters."""

    deck = app_commands.Group(name="deck", description="Your custom Super Powered Smash Masters decks")

    def __init__(self, bot: SuperTableBot, shelf: DeckShelf) -> None:
        self.bot = bot
        self.shelf = shelf

    async def load(self, user_id: int, name: str) -> DeckRecord:
        """One of the user's decks, or a UserError saying how to find their decks."""
        return await self.shelf.find(user_id, name)

    async def save(self, deck: DeckRecord) -> None:
        deck.updated_at = time.time()
        await self.shelf.save(deck)

    # ------------------------------------------------------------------ autocomplete

    async def deck_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await deck_choices(self.shelf, interaction.user.id, current)

    async def pool_cards(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return pool_choices(current)

    async def deck_cards(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        name = str(getattr(interaction.namespace, "name", "") or "").casefold()
        found = next((d for d in self.shelf.known(interaction.user.id) if d.name.casefold() == name), None)
        cards = [c for c in dict.fromkeys(found.cards) if c in CARDS.by_id] if found else []
        return pool_choices(current, cards)

    # ------------------------------------------------------------------ commands

    @deck.command(
        name="build", description="Start a new deck: a copy of a ready-made deck, empty, or from a deck code"
    )
    @app_commands.describe(
        name="A name for the deck", start="What it starts as", code="A deck code from `/deck show` (card ids)"
    )
    @app_commands.choices(start=STARTS)
    async def build(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, MAX_NAME],
        start: app_commands.Choice[str] | None = None,
        code: app_commands.Range[str, 1, MAX_CODE] | None = None,
    ) -> None:
        async def work() -> None:
            user = interaction.user.id
            title = " ".join(name.split())
            if not title:
                raise UserError("Give the deck a name with some letters in it.")
            decks = await self.shelf.all(user)
            if any(deck.name.casefold() == title.casefold() for deck in decks):
                raise UserError(
                    f"You already have a deck called “{title}”: edit it, or `/deck delete` it first."
                )
            if len(decks) >= MAX_DECKS:
                raise UserError(f"You can keep {MAX_DECKS} decks; `/deck delete` one first.")
            if code:
                cards = parse_deck(code.replace(" ", ","))
                unknown = [c for c in cards if c not in CARDS.by_id]
                if unknown:
                    shown = ", ".join(clip(card, 20) for card in unknown[:5])
                    raise UserError(f"That deck code has cards I don't know: {shown}.")
                if len(cards) > MAX_CARDS:
                    raise UserError(
                        f"That deck code lists {len(cards)} cards; a deck holds at most {MAX_CARDS} while "
                        "you build it (a finished one has 46)."
                    )
            elif start is None or start.value != "empty":
                cards = list(CARDS.deck(start.value if start else next(iter(CARDS.decks))))
            else:
                cards = []
            deck = DeckRecord(user, GAME, title, cards)
            await self.save(deck)
            await tell(interaction, summary(deck))

        await guarded(interaction, work)

    @deck.command(name="add", description="Add a card to one of your decks")
    @app_commands.describe(name="Your deck", card="The card to add", copies="How many copies")
    @app_commands.autocomplete(name=deck_names, card=pool_cards)
    async def add(
        self,
        interaction: discord.Interaction,
        name: str,
        card: str,
        copies: app_commands.Range[int, 1, 25] = 1,
    ) -> None:
        async def work() -> None:
            if card not in CARDS.by_id:
                raise UserError("Pick the card from the list as you type its name.")
            deck = await self.load(interaction.user.id, name)
            if len(deck.cards) + copies > MAX_CARDS:
                raise UserError(
                    f"A deck holds at most {MAX_CARDS} cards while you build it (a finished one has 46); "
                    f"“{deck.name}” has {len(deck.cards)}. Take some out first."
                )
            deck.cards += [card] * copies
            await self.save(deck)
            await tell(interaction, f"Added {card_label(card)} ×{copies}.\n{summary(deck)}")

        await guarded(interaction, work)

    @deck.command(name="remove", description="Take a card out of one of your decks")
    @app_commands.describe(name="Your deck", card="The card to take out", copies="How many copies")
    @app_commands.autocomplete(name=deck_names, card=deck_cards)
    async def remove(
        self,
        interaction: discord.Interaction,
        name: str,
        card: str,
        copies: app_commands.Range[int, 1, 25] = 1,
    ) -> None:
        async def work() -> None:
            deck = await self.load(interaction.user.id, name)
            alike = same_card(card) if card in CARDS.by_id else set()
            where = [i for i, held in enumerate(deck.cards) if held in alike]
            if not where:
                raise UserError(f"“{deck.name}” has no such card; pick one from the list as you type.")
            taken = where[-copies:]  # the latest copies added go first
            deck.cards = [held for i, held in enumerate(deck.cards) if i not in taken]
            await self.save(deck)
            await tell(interaction, f"Took out {card_label(card)} ×{len(taken)}.\n{summary(deck)}")

        await guarded(interaction, work)

    @deck.command(name="validate", description="Check a deck against the deck-building rules")
    @app_commands.autocomplete(name=deck_names)
    async def validate(self, interaction: discord.Interaction, name: str) -> None:
        async def work() -> None:
            deck = await self.load(interaction.user.id, name)
            await tell(interaction, f"**{deck.name}**: {verdict(deck.cards)}")

        await guarded(interaction, work)

    @deck.command(name="show", description="Every card of a deck, and its deck code")
    @app_commands.autocomplete(name=deck_names)
    async def show(self, interaction: discord.Interaction, name: str) -> None:
        async def work() -> None:
            await tell(interaction, summary(await self.load(interaction.user.id, name)))

        await guarded(interaction, work)

    @deck.command(name="list", description="Your decks")
    async def list_decks(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            decks = await self.shelf.all(interaction.user.id)
            if not decks:
                raise UserError("You have no decks yet. Start one with `/deck build`.")
            lines = [
                f"- **{d.name}**: {len(d.cards)} cards, "
                + ("not ready ❌" if validate_deck(d.cards) else "ready ✅")
                for d in decks
            ]
            await tell(interaction, "## Your Smash Masters decks\n" + "\n".join(lines))

        await guarded(interaction, work)

    @deck.command(name="delete", description="Delete one of your decks")
    @app_commands.autocomplete(name=deck_names)
    async def delete(self, interaction: discord.Interaction, name: str) -> None:
        async def work() -> None:
            if not await self.shelf.delete(interaction.user.id, name):
                raise UserError(f"You have no deck called “{name}”. `/deck list` shows yours.")
            await tell(interaction, f"Deleted the deck “{name}”.")

        await guarded(interaction, work)

    @deck.command(name="use", description="Bring one of your decks to the Smash Masters lobby here")
    @app_commands.guild_only()
    @app_commands.autocomplete(name=deck_names)
    async def use(self, interaction: discord.Interaction, name: str) -> None:
        async def work() -> None:
            service = self.bot.service
            table_id = await service.storage.live_in(interaction.channel_id or 0)
            live = await service.get(table_id) if table_id is not None else None
            if live is None or live.record.game != GAME or live.record.status != "lobby":
                raise UserError(
                    "Use this in the thread of a Super Powered Smash Masters lobby, before it starts."
                )
            deck = await self.shelf.ready(interaction.user.id, name)
            await service.bring_deck(live.id, interaction.user.id, deck.name, deck.cards)
            await tell(interaction, f"You bring “{deck.name}” to this game.")

        await guarded(interaction, work)
