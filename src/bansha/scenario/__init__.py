"""Scenario files (the public contract in shared/docs/scenario-format.md)."""
