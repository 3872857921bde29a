"""Hellraiser, the fan game by curufea (CC BY-NC-SA 2.5 AU), as a pure engine."""
