"""Simulation: whole tournaments played by bots (the batch evaluator is
:mod:`floorman.batch`)."""
