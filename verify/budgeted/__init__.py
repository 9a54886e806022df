"""Budgeted FBS Debate: THIS PROJECT'S EXTENSION of the paper (not the paper's protocol).

Alice's claim at every node carries a budget; Bob checks it against a weighted fbs LP and
samples children in proportion to capacity times dual weight. A lying Alice loses with
probability >= min(1, 1/beta_max), and with beta_max = rho_T (Section 5) the honest Alice
always wins: the catch probability meets Theorem 5.3's lower bound. The protocol, the theorem
and its full proof are in docs/budgeted.md; the paper's protocol (verify/protocol/) stays the
default everywhere.
"""
