"""Super Powered Smash Masters: four pre-sorted decks of silly super-hero brawlers.

`engines.smashmasters.cards` holds the card schema, the shared effect vocabulary and the card
catalogue loaded from `cards.toml`; the semantics are written down in `docs/rulings/smashmasters.md`.
"""
