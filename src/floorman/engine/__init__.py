"""The pure engine: cards, evaluation, betting, pots and hand state machines.

Nothing here reads files, clocks, sockets or global randomness; time and
randomness come in as arguments (a test enforces it).
"""
