"""Simulation: batch evaluation, whole tournaments played by bots."""
