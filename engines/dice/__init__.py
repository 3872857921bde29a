"""Dice as data: every die of the four games, shared by the roller and the engines."""
