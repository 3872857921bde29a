"""End-to-end tests: the real bot against the fake Discord in ``tests/fakediscord``."""
