"""The FBS Debate protocol (paper Section 4): the engine, Bob's rules, Alice debaters, the
exact worst-case liar (Theorem 4.2), completeness (Theorem 4.1), sampled runs and repetitions."""
