"""floorman's tests.  A package so that the shared helpers import as
``tests.helpers.*`` from the repository root (pytest's ``pythonpath``)."""
