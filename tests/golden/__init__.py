"""Whole-board snapshots: every listed game's board as Discord receives it.

Each snapshot is the board message of a table in one state (the embed's
`to_dict()`, the components as Discord gets them, the name of an attached
picture, and for a physical report the form the report button opens), played
through the real table service on a fixed seed and a fixed clock. They are
stored as JSON beside this file, so a change of wording or layout shows up in
review as a diff of those files.

Refresh them after a deliberate change with one command (also `make golden`):

    .venv/bin/python -m tests.golden --update
"""
