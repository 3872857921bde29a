"""The games: pure rules and data packs, one package per game, plus the shared core.

Nothing under this package may import discord, touch a file after start-up,
read the clock or use the global random module: engines are pure functions over
pydantic state, so every game can be replayed exactly from its log.
"""
