"""The instance-wise lower bound (paper Section 5): the global function F_T and rho_T, the
weighted recursion with its factored certificate, light sensitive blocks (Lemmas 5.2 and 5.4)
and the adversarial oracles of Theorems 5.3 and 5.1."""
