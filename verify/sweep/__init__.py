"""Sweeps: many certified computations on Dask, stored in Parquet, summarised by a census."""
