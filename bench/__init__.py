"""Benchmarks: each `*_bench.py` module prints its figures from `main()`."""
