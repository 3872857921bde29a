"""Turning a die into a chance item, so engines ask for rolls in one shared way."""

from __future__ import annotations

from engines.core.chance import ChanceItem
from engines.dice.model import Die, Face


def die_item(die: Die, key: str) -> ChanceItem:
    """A chance item whose options are the die's distinct face labels, weighted by
    how many faces carry each label. A physical-mode player reports what the die
    shows ("2", "Skull"), which is exactly a label."""
    weights: dict[str, int] = {}
    for face in die.faces:
        weights[face.label] = weights.get(face.label, 0) + 1
    return ChanceItem(
        key=key,
        label=die.title,
        options=list(weights),
        weights=list(weights.values()),
    )


def face_of(die: Die, label: str) -> Face:
    """The face a reported or sampled label stands for (first face with that label)."""
    for face in die.faces:
        if face.label == label:
            return face
    raise KeyError(f"{die.title} has no face '{label}'")
