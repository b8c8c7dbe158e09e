"""The rule profiles shipped with floorman, one TOML file per rulebook (the
Norwegian and German rules stay separate, OQ-02).

>>> load_profile("nm-holdem").small_blind_antes, load_profile("nm-holdem").big_blind_antes
(1, 2)
>>> sorted(profile_names())
['de-holdem', 'nm-draw', 'nm-holdem', 'phh-nt', 'tda']
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from floorman.engine.errors import ProfileError
from floorman.engine.profile import RuleProfile, profile_from_mapping


def profile_names() -> list[str]:
    return sorted(
        entry.name.removesuffix(".toml")
        for entry in resources.files(__package__).iterdir()
        if entry.name.endswith(".toml")
    )


@cache
def load_profile(name: str) -> RuleProfile:
    """The shipped profile called ``name`` (``nm-draw``, ``nm-holdem``, ``de-holdem``, ``tda``)."""
    if name not in profile_names():
        raise ProfileError(
            f"no rule profile called {name!r}; choose one of {', '.join(profile_names())}"
        )
    text = resources.files(__package__).joinpath(f"{name}.toml").read_text(encoding="utf-8")
    return profile_from_toml(text, source=f"{name}.toml")


def profile_from_toml(text: str, source: str = "profile") -> RuleProfile:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ProfileError(f"{source}: not valid TOML: {error}") from None
    return profile_from_mapping(data)
