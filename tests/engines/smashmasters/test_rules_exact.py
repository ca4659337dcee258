"""Rules made exact (issue 18): hand top-ups, Safe, ruling 15 for every player, the true stakes
of a battle, fluff, and the wording of prompts and labels. Each test names its rulebook section."""

from __future__ import annotations

from engines.smashmasters.state import SmashState, Token
from tests.engines.smashmasters.positions import (
    arrange,
    begin,
    cid,
    decision,
    game,
    options,
    play,
    said,
    smashes,
    space,
    teamups,
    view,
)

CASSEROLE, SALLY, CHEESE, BAGUETTE, SAM, MAX = (f"kc-c{n}" for n in range(1, 7))
PHOTO, GNOME, COMPOST, WENDY, NURTURE, BEE = (f"ld-c{n}" for n in range(1, 7))
KC_SMASH, LD_SMASH = smashes("kc", 5), smashes("ld", 5)


def _kitchen_v_lawn(
    ann: list[str], bob: list[str], hand: list[str], bob_hand: list[str] | None = None
) -> SmashState:
    state = game(2)
    arrange(state, 0, team=ann, hand=hand)
    arrange(state, 1, team=bob, hand=bob_hand)
    return begin(state)


def _protect(state: SmashState, char: str, danger: str, seat: int) -> None:
    """A safe token on a character, lasting until `seat`'s next turn."""
    space(state, char).tokens.append(Token(danger=danger, seat=seat))


# --- hand size -------------------------------------------------------------------------------


def test_sourdough_sam_tops_up_the_hand_when_he_wakes() -> None:
    """§3 RULE (keep a full hand) with §3 Guidelines (a revived power returns the next turn):
    Sam, revived on Bob's turn, wakes when Ann's turn starts, and her hand is topped up to his 6
    before she acts."""
    state = game(2)
    arrange(state, 0, team=[CASSEROLE, SAM], stunned=[SAM], hand=KC_SMASH)
    arrange(state, 1, team=[PHOTO, WENDY])
    begin(state, turn=1)
    space(state, SAM).stunned, space(state, SAM).waking = False, True  # revived this turn
    assert view(state, 0)["seats"][0]["hand_min"] == 5 and len(state.players[0].hand) == 5
    play(state, "action", "discard")
    play(state, "discard", state.players[1].hand[0])
    assert decision(state).seat == 0 and decision(state).key == "action"
    assert len(state.players[0].hand) == 6 and view(state, 0)["seats"][0]["hand_min"] == 6


# --- Safe ------------------------------------------------------------------------------------


def test_safe_from_story_cards_keeps_out_harm_but_lets_help_in() -> None:
    """§7 Safe ("protected from a specified danger"): Secret Recipe keeps Ann's team safe from
    Story cards, yet Bob's April Showers still revives her stunned Sam; a Story with nothing to
    do says so."""
    showers = cid("April Showers")
    state = _kitchen_v_lawn([CASSEROLE, SAM], [PHOTO, WENDY], KC_SMASH, [showers, *LD_SMASH[:4]])
    begin(state, turn=1)
    space(state, SAM).stunned = True
    for char in (CASSEROLE, SAM):
        _protect(state, char, "story", 0)
    events = play(state, "action", showers)
    assert not space(state, SAM).stunned and "Sourdough Sam (Ann) is revived." in said(events)


def test_a_harmful_story_says_who_it_cannot_touch_and_why() -> None:
    """§7 Safe, and the log: Firmware Glitch cannot stun Ann's team (safe from Story cards);
    the log names each character it leaves alone and why."""
    glitch = cid("Firmware Glitch")
    state = game(2, decks="kc,ga")
    arrange(state, 0, team=[CASSEROLE, SAM])
    arrange(state, 1, team=["ga-c1", "ga-c3"], hand=[glitch, *smashes("ga", 4)])
    begin(state, turn=1)
    for char in (CASSEROLE, SAM):
        _protect(state, char, "story", 0)
    events = said(play(state, "action", glitch))
    assert "Captain Casserole (Ann) is safe from Story cards: Firmware Glitch leaves it alone." in events
    assert "Sourdough Sam (Ann) is safe from Story cards" in events
    assert not space(state, CASSEROLE).stunned and not space(state, SAM).stunned


def test_a_story_with_nothing_to_do_says_so() -> None:
    """§1 Story cards affect all teams; when none has a target, the log says the card did nothing."""
    showers = cid("April Showers")
    state = _kitchen_v_lawn([CASSEROLE, SAM], [PHOTO, WENDY], KC_SMASH, [showers, *LD_SMASH[:4]])
    begin(state, turn=1)
    assert "April Showers: no character to revive." in said(play(state, "action", showers))


# --- you may not cause yourself to lose: the card's player only ----------------------------------


def test_a_rival_your_card_forces_to_choose_can_be_knocked_out() -> None:
    """§3 Guidelines ("illegal to cause yourself to lose") protects whoever plays the card: Ann's
    Banishment makes Bob defeat his last, stunned character, and he is out, as Grease Fire would
    knock him out; Ann's own last stunned character is spared."""
    banishment = cid("Banishment")
    state = game(2, decks="mm,kc")
    arrange(state, 0, team=["mm-c1", "", ""], stunned=["mm-c1"], hand=[banishment, *smashes("mm", 4)])
    arrange(state, 1, team=[CHEESE, "", ""], stunned=[CHEESE])
    state.players[0].stack, state.players[1].stack = [], []
    begin(state)
    play(state, "action", banishment)
    assert state.over and state.players[1].out and CHEESE in state.players[1].defeated
    assert space(state, "mm-c1").char == "mm-c1"


# --- the true stakes -------------------------------------------------------------------------


def test_a_team_up_against_a_defeat_proof_target_only_stuns() -> None:
    """§4 (a Team-Up win defeats) with §7 Safe: Wendy is safe from defeat, so the menu, the
    target label, the counter prompt and the battle panel all say a win only stuns her."""
    hand = [*teamups("kc", 2), *KC_SMASH[:3]]
    state = _kitchen_v_lawn([SALLY, MAX], [WENDY], hand, LD_SMASH[:2])
    _protect(state, WENDY, "defeat", 1)
    labels = {o.id: o.label for o in decision(state).options}
    assert "every target is safe from defeat: a win stuns" in labels["teamup"]
    play(state, "action", "teamup")
    play(state, "attacker", SALLY)
    assert next(o.label for o in decision(state).options).endswith(": a win stuns")
    play(state, "target", WENDY)
    assert "Weed Whacker Wendy is stunned. Counter?" in decision(state).prompt
    assert view(state)["battle"]["leader"]["fate"] == "stunned"
    events = said(play(state, "counter", "pass"))
    assert space(state, WENDY).stunned and "safe from defeat, so only stunned" in events


def test_a_smash_against_a_stun_proof_target_does_nothing() -> None:
    """§4 (a Smash win stuns) with §7 Safe: against a character safe from stuns every place says
    the attack can do nothing, and nothing happens."""
    state = _kitchen_v_lawn([SALLY, MAX], [WENDY, PHOTO], KC_SMASH, LD_SMASH[:2])
    _protect(state, WENDY, "stun", 1)
    play(state, "action", "smash")
    play(state, "attacker", SALLY)
    labels = {o.id: o.label for o in decision(state).options}
    assert labels[WENDY].endswith("it is safe: no effect") and labels[PHOTO].endswith("a win stuns")
    play(state, "target", WENDY)
    assert "Weed Whacker Wendy is unharmed (it is safe)" in decision(state).prompt
    assert view(state)["battle"]["leader"]["fate"] == "unharmed"
    events = said(play(state, "counter", "pass"))
    assert not space(state, WENDY).stunned and "shrugs it off" in events


def test_attacking_a_stunned_character_is_shown_as_a_defeat() -> None:
    """§4 ("If you attack a previously stunned rival, they are automatically defeated"): the
    target label and, while Bob may react, the battle panel say the target will be defeated."""
    state = _kitchen_v_lawn([SALLY, MAX], [WENDY, BEE], KC_SMASH, LD_SMASH[:2])
    space(state, WENDY).stunned = True
    play(state, "action", "smash")
    play(state, "attacker", SALLY)
    labels = {o.id: o.label for o in decision(state).options}
    assert labels[WENDY].endswith("defeated outright")
    play(state, "target", WENDY)
    assert decision(state).key == "react" and view(state)["battle"]["leader"]["fate"] == "defeated"


# --- what players read -----------------------------------------------------------------------


def test_characters_carry_their_fluff_wherever_they_are_shown() -> None:
    """§1 (anatomy of a Character card: the fluff): the team, the stack and the Defeated Pile
    views show each character's fluff."""
    state = _kitchen_v_lawn([SALLY, MAX], [WENDY, BEE], KC_SMASH)
    ann = view(state, 0)
    assert ann["seats"][0]["team"][0]["fluff"] == "Low and slow wins the brawl. Eventually."
    assert all(card["fluff"] for card in ann["stack_cards"])


def test_prompts_and_log_read_right() -> None:
    """§4 Free Smashes and §7 React: "with a free smash", "your Gnome Ranger" (never "your The")."""
    ding = cid("Ding! Ding! Ding!")
    state = _kitchen_v_lawn([CHEESE, MAX], [GNOME, NURTURE, PHOTO], [ding, *KC_SMASH[:4]])
    play(state, "action", ding)
    play(state, "choose", GNOME)
    play(state, "choose", PHOTO)
    assert decision(state).prompt == "React? Your Gnome Ranger was stunned."
    state = _kitchen_v_lawn([CHEESE, MAX], [WENDY, PHOTO], KC_SMASH)
    play(state, "action", f"p.{CHEESE}")
    events = said(play(state, "target", WENDY))
    assert "attacks Weed Whacker Wendy (Bob) with a free smash!" in events and "Smash free" not in events


def test_a_discard_prompt_says_what_the_card_draws_afterwards() -> None:
    """§3 Discarding with a Story that discards then draws: the prompt names the card and the
    cards it will draw after the refill."""
    cleaning = cid("Spring Cleaning")
    state = _kitchen_v_lawn([SALLY, MAX], [WENDY, PHOTO], KC_SMASH, [cleaning, *LD_SMASH[:4]])
    begin(state, turn=1)
    play(state, "action", cleaning)
    prompt = decision(state).prompt
    assert prompt.startswith("Spring Cleaning: discard 2 cards") and "then 3 more" in prompt


def test_the_discard_action_can_go_back() -> None:
    """§3 action 5 on Discord: the Discard action offers Back, which returns to the action menu
    with nothing discarded (Back picked with cards still goes back)."""
    state = _kitchen_v_lawn([SALLY, MAX], [WENDY, PHOTO], KC_SMASH)
    space(state, MAX).stunned = True  # one more card may be swapped: Back can be picked with one
    before = list(state.players[0].hand)
    play(state, "action", "discard")
    assert "back" in options(state) and decision(state).max_choices == 2
    play(state, "discard", "back", before[0])
    assert decision(state).key == "action" and state.players[0].hand == before
    assert state.players[0].discard == []
