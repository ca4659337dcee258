"""Super Powered Smash Masters: four pre-sorted decks of silly super-hero brawlers.

`engines.smashmasters.card_schema` holds the card schema and the shared effect vocabulary,
`card_checks` its validation, and `cards` the card catalogue loaded from `cards.toml`; the semantics
are written down in `docs/rulings/smashmasters.md`.
"""
