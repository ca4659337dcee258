"""Letopsulle: a super hero card game where every player runs a hero team and a villain deck."""
