"""Shared by every layer: typed errors and exit codes, exact numbers as text, progress bars,
and file input/output (bounded reads, versioned JSON, atomic and safe writes)."""
