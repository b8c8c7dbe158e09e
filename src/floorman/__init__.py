"""floorman: poker tournaments dealt and ruled by the NM and German rulebooks."""

__version__ = "0.1.0"
