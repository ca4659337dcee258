"""The heuristic AI: sensible choices in set positions, a clear edge over random play, and the
AI vs Random report script."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.core import Decision
from engines.smashmasters.ai import LEVELS, SmashAI
from engines.smashmasters.cards import CARDS
from engines.smashmasters.report import END, START, main, measure
from engines.smashmasters.state import SmashState, Token
from tests.engines.smashmasters.positions import (
    ENGINE,
    arrange,
    begin,
    cid,
    decision,
    duel,
    game,
    play,
    smashes,
    space,
    teamups,
)

SALLY, CHEESE, BAGUETTE, SAM, MAX = "kc-c2", "kc-c3", "kc-c4", "kc-c5", "kc-c6"
PHOTO, GNOME, COMPOST, WENDY, BEE = "ld-c1", "ld-c2", "ld-c3", "ld-c4", "ld-c6"
AI = SmashAI()


def choice(state: SmashState) -> list[str]:
    """What the AI answers to the open decision."""
    asked: Decision = decision(state)
    return AI.choose(ENGINE, state, asked)


def test_the_ai_finishes_off_a_stunned_rival() -> None:
    state = duel([SALLY, MAX], [PHOTO, COMPOST, WENDY], hands=(smashes("kc", 5), None))
    space(state, WENDY).stunned = True
    assert choice(state) == ["smash"]
    play(state, "action", "smash")
    play(state, "attacker", choice(state)[0])
    assert choice(state) == [WENDY]


def test_the_ai_counters_and_answers_a_team_up_with_a_team_up() -> None:
    hands = ([*smashes("kc", 3), teamups("kc")[0]], [*smashes("ld", 4), teamups("ld")[0]])
    state = duel([SALLY, MAX, CHEESE], [PHOTO, COMPOST, WENDY], hands=hands)
    play(state, "action", "smash")
    play(state, "attacker", SALLY)
    play(state, "target", WENDY)
    assert choice(state) == ["smash"]  # Bob keeps his Team-Up
    play(state, "counter", "teamup")
    assert choice(state) == ["teamup"]  # Ann saves Sally from defeat


def test_the_ai_cancels_a_story_that_hurts_it() -> None:
    cleaning = cid("Spring Cleaning")
    state = game(2, decks="ld,kc")
    arrange(state, 0, team=[WENDY, GNOME], hand=[cleaning, *smashes("ld", 4)])
    arrange(state, 1, team=[BAGUETTE, SAM, CHEESE])
    begin(state)
    play(state, "action", cleaning)
    assert decision(state).key == "react"
    assert choice(state) == ["pass"]  # it only refreshes Ann's hand: not worth a stunned Baguette
    state = game(2, decks="mm,kc")
    arrange(state, 0, team=["mm-c5", "mm-c6"], hand=[cid("Magic Hangover"), *smashes("mm", 4)])
    arrange(state, 1, team=[BAGUETTE, SAM, CHEESE])
    begin(state)
    play(state, "action", cid("Magic Hangover"))
    assert choice(state) == [f"p.{BAGUETTE}"]  # only Bob's Baguette and Cheese would be stunned


def test_the_ai_prefers_supers_that_help_it() -> None:
    ding = cid("Ding! Ding! Ding!")
    idle = [cid("Second Helping"), cid("Fondue Fury"), cid("Rise Again")]
    state = duel([MAX, SALLY], [PHOTO, COMPOST, WENDY], hands=([ding, *smashes("kc", 1), *idle], None))
    assert choice(state) == [ding]


def test_the_ai_brings_back_a_character_when_it_is_nearly_out() -> None:
    """With one character left and five in the Defeated Pile, Abra-Cadaver beats discarding."""
    state = game(2, decks="mm,kc")
    wizzo = "mm-c2"
    others = [c for c in CARDS.character_stack("mm") if c != wizzo]
    arrange(state, 0, team=[wizzo, "", ""], defeated=others, hand=smashes("mm", 5))
    arrange(state, 1, team=[SALLY, MAX, CHEESE])
    begin(state)
    assert f"p.{wizzo}" in [o.id for o in decision(state).options]
    assert choice(state) == [f"p.{wizzo}"]


def test_the_ai_does_not_spend_a_team_up_on_a_defeat_proof_target() -> None:
    """A Team-Up only stuns a character safe from defeat: the AI aims it elsewhere, or keeps it."""
    hand = [*teamups("kc", 1), *smashes("kc", 4)]
    state = duel([SALLY, MAX], [WENDY, PHOTO], hands=(hand, None))
    space(state, WENDY).tokens.append(Token(danger="defeat", seat=1))
    play(state, "action", "teamup")
    play(state, "attacker", SALLY)
    assert choice(state) == [PHOTO]


def test_the_ai_does_not_attack_into_a_ready_swarm_shield() -> None:
    """Bee-atrice's Swarm Shield makes an attack on a stunned teammate do nothing: the AI, which
    sees the react power ready, attacks someone else."""
    state = duel([SALLY, MAX], [WENDY, BEE, PHOTO], hands=(smashes("kc", 5), None))
    space(state, WENDY).stunned = True
    play(state, "action", "smash")
    play(state, "attacker", choice(state)[0])
    assert choice(state) != [WENDY]


def test_the_draft_follows_the_hand() -> None:
    """The AI drafts a character whose Super it holds ahead of the same draft without it."""
    plain = game(2)
    first = AI.choose(ENGINE, plain, decision_for(plain, 0))
    held = game(2)
    super_of = {CARDS.super_of(c).id: c for c in CARDS.character_stack("kc")}
    wanted = next(c for s, c in super_of.items() if c != first[0])
    arrange(held, 0, hand=[CARDS.super_of(wanted).id, *smashes("kc", 4)])
    assert AI.choose(ENGINE, held, decision_for(held, 0)) == [wanted]


def test_the_table_chooses_the_level() -> None:
    """The `ai` option (easy, normal, hard) is declared for /play and read by the AI seats."""
    declared = {option.id: option for option in ENGINE.meta.options}
    assert declared["ai"].choices == ("easy", "normal", "hard") and declared["ai"].default == "normal"
    assert LEVELS["easy"].slip > LEVELS["normal"].slip > LEVELS["hard"].slip == 0.0
    assert LEVELS["hard"].search and not LEVELS["normal"].search
    with pytest.raises(ValueError, match="AI players"):
        game(2, ai="genius")


def test_the_ai_is_a_function_of_the_table() -> None:
    """Same table, same answer (slips included): replays and restarts see the same choices."""
    for level in LEVELS:
        state = duel([SALLY, MAX], [WENDY, PHOTO], hands=(smashes("kc", 5), None))
        state.options["ai"] = level
        answers = {tuple(SmashAI().choose(ENGINE, state, decision(state))) for _ in range(3)}
        assert len(answers) == 1


def test_normal_beats_easy_in_a_small_seeded_sample() -> None:
    """Mirrored decks, seats alternating: normal wins most of 32 games against easy (the bench
    measures every level over hundreds of games)."""
    wins = sum(level_game(seed, ("normal", "easy")) == "normal" for seed in range(32))
    assert wins >= 18, f"normal won {wins} of 32"


def level_game(seed: int, levels: tuple[str, str]) -> str:
    """One mirrored game between two AI levels (the first in seat 0 on even seeds); the winner."""
    deck = ("kc", "ld", "ga", "mm")[seed % 4]
    order = levels if seed % 2 == 0 else (levels[1], levels[0])
    state = game(2, seed=seed, decks=f"{deck},{deck}")
    players = [SmashAI(level) for level in order]
    while found := ENGINE.decisions(state):
        asked = found[0]
        ENGINE.apply(state, asked.seat, asked.key, players[asked.seat].choose(ENGINE, state, asked))
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return order[outcome.placements[0][0]] if len(outcome.placements[0]) == 1 else ""


def decision_for(state: SmashState, seat: int) -> Decision:
    """The open decision of one seat (the draft asks every seat at once)."""
    return next(d for d in ENGINE.decisions(state) if d.seat == seat)


@pytest.mark.parametrize(("players", "games", "at_least"), [(2, 36, 0.8), (3, 24, 0.6)])
def test_the_ai_beats_random_play_clearly(players: int, games: int, at_least: float) -> None:
    report = measure(players, games)
    assert report.win_rate >= at_least, f"{players} players: AI won {report.win_rate:.0%}"


def test_the_report_script_replaces_its_section_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = tmp_path / "smashmasters.md"
    doc.write_text(f"# Rulings\nkept above\n{START}\nold numbers\n{END}\nkept below\n", encoding="utf-8")
    main(["--games", "2", "--write", str(doc)])
    text = doc.read_text(encoding="utf-8")
    assert "old numbers" not in text and "kept above" in text and "kept below" in text
    assert "| 1 AI + 1 Random | 2 |" in text and "| 1 AI + 3 Random | 2 |" in text
    assert "| 1 AI + 2 Random | 2 |" in capsys.readouterr().out
