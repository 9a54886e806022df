(* Mixed FBS Debate: the arithmetic of Theorem B4 (THIS PROJECT'S EXTENSION, not the paper's).

   docs/budgeted.md, section 7. Before each run Bob flips a private lambda-coin and samples by
   the paper's rule (probability lambda) or by the budgeted rule; Alice's claims must pass
   both protocols' checks. For one Alice strategy the catch probability is
   M = lambda * A + (1 - lambda) * B, where A is her catch probability in the paper branch and
   B in the budgeted branch. If A >= a and B >= b (a = rho^-d by Theorem 4.2, or the paper
   protocol's exact worst case P_star; b = min(1, 1/beta_max) by Theorem B1, or the budgeted
   exact worst case B_star), then M >= lambda a + (1 - lambda) b (MixedBound), and so M is within
   a factor m = min(lambda, 1 - lambda) of each of a and b (MixedWithinFactor).

   Over Q (QArith): constructive, no axioms. The step "each branch is a run of that protocol
   against the same strategy, with extra checks that only add catches" is the meta-level
   argument of docs/budgeted.md; this file checks the inequalities it uses. *)

From Coq Require Import QArith Lqa.
Open Scope Q_scope.

Lemma ScaleBound : forall s x y : Q, 0 <= s -> y <= x -> s * y <= s * x.
Proof.
  intros s x y Hs Hxy. rewrite (Qmult_comm s y), (Qmult_comm s x).
  apply Qmult_le_compat_r; assumption.
Qed.

Theorem MixedBound : forall lam a b A B : Q,
  0 <= lam -> lam <= 1 -> a <= A -> b <= B ->
  lam * a + (1 - lam) * b <= lam * A + (1 - lam) * B.
Proof.
  intros lam a b A B H0 H1 HA HB.
  assert (Ha : lam * a <= lam * A) by (apply ScaleBound; assumption).
  assert (Hb : (1 - lam) * b <= (1 - lam) * B) by (apply ScaleBound; lra).
  lra.
Qed.

Theorem MixedWithinFactor : forall lam a b m : Q,
  0 <= lam -> lam <= 1 -> 0 <= a -> 0 <= b ->
  0 <= m -> m <= lam -> m <= 1 - lam ->
  m * a <= lam * a + (1 - lam) * b /\ m * b <= lam * a + (1 - lam) * b.
Proof.
  intros lam a b m H0 H1 Ha Hb Hm Hl Hr.
  assert (E1 : m * a <= lam * a).
  { rewrite (Qmult_comm m a), (Qmult_comm lam a). apply ScaleBound; assumption. }
  assert (E2 : m * b <= (1 - lam) * b).
  { rewrite (Qmult_comm m b), (Qmult_comm (1 - lam) b). apply ScaleBound; assumption. }
  assert (P1 : 0 <= lam * a) by (apply Qmult_le_0_compat; assumption).
  assert (P2 : 0 <= (1 - lam) * b) by (apply Qmult_le_0_compat; lra).
  split; lra.
Qed.

Theorem MixedGuarantee : forall lam a b A B m : Q,
  0 <= lam -> lam <= 1 -> 0 <= a -> 0 <= b -> a <= A -> b <= B ->
  0 <= m -> m <= lam -> m <= 1 - lam ->
  m * a <= lam * A + (1 - lam) * B /\ m * b <= lam * A + (1 - lam) * B.
Proof.
  intros lam a b A B m H0 H1 Ha Hb HA HB Hm Hl Hr.
  pose proof (MixedBound lam a b A B H0 H1 HA HB) as Hmix.
  destruct (MixedWithinFactor lam a b m H0 H1 Ha Hb Hm Hl Hr) as [F1 F2].
  split; lra.
Qed.

Definition all_mixed_statements := (MixedBound, MixedWithinFactor, MixedGuarantee).
Print Assumptions all_mixed_statements.
