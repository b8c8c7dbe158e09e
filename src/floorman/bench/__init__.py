"""Benchmarks behind ``floorman bench …``: each measures floorman and, where
installed, a peer library in the same run, and reports the ratio."""
