"""The rule profiles a tournament can use, as the director's pages list
them: with what the browser needs of each one's game (its variant's
:class:`~floorman.engine.variants.VariantUI`), so no page asks which game."""

from __future__ import annotations

from typing import Any

from floorman.engine.variants import variant_for
from floorman.profiles import load_profile, profile_names


def profile_listing() -> list[dict[str, Any]]:
    listing = []
    for name in profile_names():
        profile = load_profile(name)
        variant = variant_for(profile)
        listing.append(
            {
                "name": name,
                "title": profile.title,
                "game": variant.game,
                "ui": variant.ui.to_json(),
            }
        )
    return listing
