"""Thin slash-command cogs: parse input, call the table service, render."""
