"""Turning table outcomes and engine events into embeds, text and pictures."""
