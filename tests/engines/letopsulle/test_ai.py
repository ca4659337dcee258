"""The Letopsulle AI plays by what its player may know: it tries its answers on copies of the table
whose hidden cards are dealt anew from what is known."""

from __future__ import annotations

from engines.core import Rng
from engines.letopsulle.ai import unknown_shuffled
from tests.engines.letopsulle.kit import ENGINE, table


def test_the_ais_copy_of_the_table_depends_only_on_what_its_player_knows() -> None:
    """Two tables alike but for the order of every draw pile and which of the rival's hero cards
    are in hand: the copies the AI tries its answers on are the same, its own hand untouched."""
    copies = []
    for flip in (False, True):
        state = table(heroes=("night", "paragon"))
        for team in state.teams:
            team.hero_pile = ["hardcase", "kion", "h_heal", "h_weapon1", "cinaed", "h_trap3"]
            team.villain_pile = ["zeus", "clubs", "v_bomb4", "surprise", "mafiosa"]
            if flip:
                team.hero_pile.reverse()
                team.villain_pile.reverse()
        state.teams[0].hand = ["escudo", "h_gadget4"]
        rival = state.teams[1]
        rival.hand = [rival.hero_pile.pop(), rival.hero_pile.pop()]  # different cards, same count
        copies.append(unknown_shuffled(state, 0, Rng(11)))
    assert ENGINE.encode(copies[0]) == ENGINE.encode(copies[1])
    assert copies[0].teams[0].hand == ["escudo", "h_gadget4"]
    assert len(copies[0].teams[1].hand) == 2
