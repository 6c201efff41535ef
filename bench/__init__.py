"""Benchmarks: scripts people run (`python -m bench`), not part of the test suite."""
