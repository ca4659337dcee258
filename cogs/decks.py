"""/deck: build, check and bring custom decks, saved per user and game (Super Powered Smash Masters
and Letopsulle; what each game allows is its `cogs.deck_books.DeckBook`)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.runtime import clip
from bot.storage.records import DeckRecord
from bot.user_text import DECK_NAME_LENGTH, clean_name, plain
from cogs.deck_books import (
    BOOKS,
    GAME_CHOICES,
    MAX_CODE,
    SMASH,
    START_CHOICES,
    DeckBook,
    book_of,
    pool_choices,
)
from cogs.deck_text import listing, read_code, summary, verdict
from cogs.replies import guarded, tell
from cogs.shelf import DeckShelf, deck_ref, require_ready

if TYPE_CHECKING:
    from bot.app import SuperTableBot

MAX_DECKS = 25  # in all games together, so `/deck list` and autocomplete show every one
MAX_NAME = 32


def deck_choices(
    shelf: DeckShelf, user_id: int, current: str, game: str | None = None
) -> list[app_commands.Choice[str]]:
    """The user's decks whose name matches (of `game` only, when given), for autocomplete, answered
    from the shelf at once. With decks of several games each is labelled with its game; a name held
    in two games is sent as `game:name`, so the command knows which deck was picked."""
    decks = [deck for deck in shelf.known(user_id) if game is None or deck.game == game]
    several = len({deck.game for deck in decks}) > 1
    names = [deck.name.casefold() for deck in decks]
    return [
        app_commands.Choice(
            name=clip(f"{deck.name} · {book_of(deck.game).short}" if several else deck.name, 100),
            value=deck_ref(deck) if names.count(deck.name.casefold()) > 1 else deck.name,
        )
        for deck in decks
        if current.lower() in deck.name.lower()
    ][:25]


def build_book(game: str | None, start: str | None, cards: list[str] | None) -> DeckBook:
    """The game a new deck is for: as chosen, else the one its start or every card of its code is of,
    else Smash Masters."""
    if game is not None:
        return book_of(game)
    if start is not None:
        return next((book for book in BOOKS.values() if book.start(start)), SMASH)
    if cards:
        return next((book for book in BOOKS.values() if all(map(book.knows, cards))), SMASH)
    return SMASH


def starting_cards(book: DeckBook, start: str | None, cards: list[str] | None) -> list[str]:
    """The cards a new deck starts with (a deck code's, a ready-made deck, or none), or a UserError."""
    if cards is not None:
        unknown = [card for card in dict.fromkeys(cards) if not book.knows(card)]
        if unknown:
            shown = ", ".join(plain(clip(card, 20)) for card in unknown[:5])
            other = next((b for b in BOOKS.values() if b is not book and all(map(b.knows, cards))), None)
            hint = f" It is a {other.short} deck code: choose `game:` {other.title}." if other else ""
            raise UserError(f"That deck code has cards I don't know: {shown}.{hint}")
        if len(cards) > book.max_cards:
            raise UserError(
                f"That deck code lists {len(cards)} cards; a deck holds at most {book.max_cards} while "
                f"you build it (a finished one has {book.finished})."
            )
        return cards
    chosen = book.start(start) if start is not None else book.starts[0]
    if chosen is None:
        offered = " or ".join(f"“{s.label}”" for s in book.starts)
        raise UserError(f"That start is not a {book.short} deck: for {book.title} pick {offered}.")
    return list(chosen.cards)


def deck_title(name: str) -> str:
    """A deck name as one short line (bot.user_text.clean_name), or a UserError when nothing is left."""
    title = clean_name(name, DECK_NAME_LENGTH, fallback="")
    if not title:
        raise UserError("Give the deck a name with some letters in it.")
    return title


class DeckCommands(commands.Cog):
    """Custom decks for the games played with them."""

    deck = app_commands.Group(name="deck", description="Your custom decks (Smash Masters, Letopsulle)")

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
        return deck_choices(self.shelf, interaction.user.id, current)

    def named_deck(self, interaction: discord.Interaction) -> list[DeckRecord]:
        """The remembered decks the `name` typed into the command may mean."""
        return self.shelf.recall(interaction.user.id, str(getattr(interaction.namespace, "name", "") or ""))

    async def pool_cards(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = self.named_deck(interaction)
        return pool_choices([book_of(d.game) for d in found] if len(found) == 1 else BOOKS.values(), current)

    async def deck_cards(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = self.named_deck(interaction)
        if len(found) != 1:
            return []
        return pool_choices([book_of(found[0].game)], current, list(dict.fromkeys(found[0].cards)))

    # ------------------------------------------------------------------ commands

    @deck.command(
        name="build", description="Start a new deck: a copy of a ready-made deck, empty, or from a deck code"
    )
    @app_commands.describe(
        name="A name for the deck",
        game="Which game it is for (Super Powered Smash Masters unless its start says otherwise)",
        start="What it starts as",
        code="A deck code from `/deck show` (card ids; `id*3` for 3 copies)",
    )
    @app_commands.choices(game=GAME_CHOICES, start=START_CHOICES)
    async def build(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, MAX_NAME],
        game: app_commands.Choice[str] | None = None,
        start: app_commands.Choice[str] | None = None,
        code: app_commands.Range[str, 1, MAX_CODE] | None = None,
    ) -> None:
        async def work() -> None:
            user = interaction.user.id
            title = deck_title(name)
            begun = start.value if start else None
            coded = read_code(code) if code else None
            book = build_book(game.value if game else None, begun, coded)
            decks = await self.shelf.all(user)
            same = [deck for deck in decks if deck.name.casefold() == title.casefold()]
            if any(deck.game == book.game for deck in same):
                raise UserError(
                    f"You already have a deck called “{plain(title)}” for {book.short}: "
                    "edit it, or `/deck delete` it first."
                )
            if len(decks) >= MAX_DECKS:
                raise UserError(f"You can keep {MAX_DECKS} decks; `/deck delete` one first.")
            deck = DeckRecord(user, book.game, title, starting_cards(book, begun, coded))
            await self.save(deck)
            twin = f"\n-# You also have a {book_of(same[0].game).short} deck of this name." if same else ""
            await tell(interaction, summary(deck) + twin)

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
            if not any(book.knows(card) for book in BOOKS.values()):
                raise UserError("Pick the card from the list as you type its name.")
            deck = await self.load(interaction.user.id, name)
            book = book_of(deck.game)
            if not book.knows(card):
                raise UserError(
                    f"That card is not in {book.title}, and “{plain(deck.name)}” is a {book.short} deck: "
                    "pick one from the list as you type its name."
                )
            if len(deck.cards) + copies > book.max_cards:
                raise UserError(
                    f"A deck holds at most {book.max_cards} cards while you build it (a finished one has "
                    f"{book.finished}); “{plain(deck.name)}” has {len(deck.cards)}. Take some out first."
                )
            deck.cards += [card] * copies
            await self.save(deck)
            await tell(interaction, f"Added {book.label(card)} ×{copies}.\n{summary(deck)}")

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
            book = book_of(deck.game)
            alike = book.same_card(card) if book.knows(card) else set()
            where = [i for i, held in enumerate(deck.cards) if held in alike]
            if not where:
                raise UserError(f"“{plain(deck.name)}” has no such card; pick one from the list as you type.")
            taken = where[-copies:]  # the latest copies added go first
            deck.cards = [held for i, held in enumerate(deck.cards) if i not in taken]
            await self.save(deck)
            await tell(interaction, f"Took out {book.label(card)} ×{len(taken)}.\n{summary(deck)}")

        await guarded(interaction, work)

    @deck.command(name="validate", description="Check a deck against the deck-building rules")
    @app_commands.autocomplete(name=deck_names)
    async def validate(self, interaction: discord.Interaction, name: str) -> None:
        async def work() -> None:
            deck = await self.load(interaction.user.id, name)
            await tell(interaction, f"**{plain(deck.name)}**: {verdict(book_of(deck.game), deck.cards)}")

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
            await tell(interaction, listing(decks))

        await guarded(interaction, work)

    @deck.command(name="rename", description="Give one of your decks a new name")
    @app_commands.describe(name="Your deck", new_name="Its new name")
    @app_commands.autocomplete(name=deck_names)
    async def rename(
        self, interaction: discord.Interaction, name: str, new_name: app_commands.Range[str, 1, MAX_NAME]
    ) -> None:
        async def work() -> None:
            deck = await self.load(interaction.user.id, name)
            renamed = await self.shelf.rename(deck, deck_title(new_name))
            await tell(interaction, f"“{plain(deck.name)}” is now called “{plain(renamed.name)}”.")

        await guarded(interaction, work)

    @deck.command(name="delete", description="Delete one of your decks")
    @app_commands.autocomplete(name=deck_names)
    async def delete(self, interaction: discord.Interaction, name: str) -> None:
        async def work() -> None:
            deck = await self.load(interaction.user.id, name)
            await self.shelf.delete(deck)
            await tell(interaction, f"Deleted the {book_of(deck.game).short} deck “{plain(deck.name)}”.")

        await guarded(interaction, work)

    @deck.command(name="use", description="Bring one of your decks to the lobby here")
    @app_commands.guild_only()
    @app_commands.autocomplete(name=deck_names)
    async def use(self, interaction: discord.Interaction, name: str) -> None:
        async def work() -> None:
            service = self.bot.service
            table_id = await service.storage.live_in(interaction.channel_id or 0)
            live = await service.get(table_id) if table_id is not None else None
            lobby = live if live is not None and live.record.status == "lobby" else None
            if lobby is not None and lobby.record.game not in BOOKS:
                raise UserError(f"{lobby.title} is played without custom decks.")
            deck = await self.shelf.find(interaction.user.id, name, lobby.record.game if lobby else None)
            if lobby is None:
                raise UserError(
                    f"Use this in the thread of a {book_of(deck.game).title} lobby, before it starts."
                )
            require_ready(deck)
            await service.bring_deck(lobby.id, interaction.user.id, deck.name, deck.cards)
            await tell(interaction, f"You bring “{plain(deck.name)}” to this game.")

        await guarded(interaction, work)
