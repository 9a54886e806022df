"""Fractional block sensitivity fbs_z(f) (paper Section 3.3, Definitions 3.3 and 3.4): sensitive
blocks, the packing LP and its exact optimum, the symmetric and SAT methods, s/bs/C, and the
certificates the stdlib-only checker re-verifies."""
