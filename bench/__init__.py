"""Benchmarks that print figures; not part of the test run."""
