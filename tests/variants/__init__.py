"""Games that live in the tests only: they prove that a game is added by
the variant contract alone (:mod:`floorman.engine.variants`,
:mod:`floorman.formats.variants`), without editing floorman."""
