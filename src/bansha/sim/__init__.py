"""Bots and game drivers built on the engine's public API only."""
