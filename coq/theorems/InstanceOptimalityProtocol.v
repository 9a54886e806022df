(* InstanceOptimalityProtocol.v -- Theorem B3 (ours, docs/budgeted.md section 4) on ONE tree,
   the protocol's, without B2 (b)'s bridge as a premise. InstanceOptimality.v's theorem_B3_rhoT
   reads rho_T on a certificate tree Tc separate from the protocol's tree T and assumes the
   bridge honestBudget T == beta(Tc); HonestBridge.v proves that bridge (theorem_B2b: with Bob
   knowing constant subtrees from R(v), knownR, and Bob's weighted dual optimal at every node,
   the honest root budget is rho_T of the protocol's tree read with its leaves as variables,
   `toC T` at the oracle's answers `alphaO oracle T`). Composed here: with rho_T that value,
   1 <= rho_T and (1 - 1/rho_T)^R <= delta, (i) R runs against lying Alices all miss with
   probability <= delta, (ii) the honest Alice with beta_max = rho_T is never caught (model's
   and engine's rule), (iii) every checker right w.p. >= 1 - eps on F_T makes
   m >= (1 - 2 eps) rho_T queries. theorem_B3_protocol_queries: the same with rho_T read on the
   queries (the fbs of the function of the oracle's answers), when the leaf queries are
   pairwise distinct. Only the witness n for R = ceil(rho_T ln(1/delta)) (log_free_runs) stays
   on paper (docs/formal.md section 17). Checked by coqc 8.16 (coq/check.sh); every Print
   Assumptions at the end must answer "Closed under the global context". *)

From Coq Require Import QArith Lqa Psatz List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert TreeStatements LowerBound Completeness
  HonestBudgets BudgetedLeaves HonestBridge InstanceOptimality.
Import ListNotations.
Open Scope Q_scope.

(* THEOREM B3 ON THE PROTOCOL'S TREE (ours, docs/budgeted.md section 4). On one protocol tree T
   (any oracle), with Bob's knowledge R(v) (knownR), Bob's weighted duals feasible everywhere
   and optimal at every node of T, rho_T the global fbs of F_T (T's leaves as variables) at the
   oracle's answers, 1 <= rho_T, and R runs with (1 - 1/rho_T)^R <= delta:
   (i) R independent runs with beta_max = rho_T catch every randomised lying Alice except
       with probability <= delta;
   (ii) the honest root budget is rho_T, and the honest Alice is never caught (under the
        model's rule and the engine's rule);
   (iii) every checker right with probability >= 1 - eps under every assignment of F_T's
        leaves makes m >= (1 - 2 eps) rho_T queries. *)
Theorem theorem_B3_protocol :
  forall (Query : Type) (oracle : Query -> bool) (bobw : Agg -> list bool -> list Q -> list Q)
         (T : tree Query) (rhoT delta : Q) (R : nat),
  Valid oracle T -> BobwFeasible bobw -> BobOptimalNodes oracle bobw T ->
  RhoT (toC T) (alphaO oracle T) rhoT -> 1 <= rhoT -> qpow (1 - / rhoT) R <= delta ->
  (forall runs, length runs = R -> (forall mix, In mix runs -> LyingMix oracle T mix) ->
     allMiss (map (catchMix oracle knownR bobw rhoT T) runs) <= delta) /\
  honestBudget oracle knownR bobw T == rhoT /\
  catchRoot oracle knownR (budgetRule knownR bobw) rhoT T (val oracle T)
    (honestBudget oracle knownR bobw T) (honestBudgeted oracle knownR bobw T) == 0 /\
  catchRoot oracle knownR (budgetRuleE knownR bobw) rhoT T (val oracle T)
    (honestBudget oracle knownR bobw T) (honestBudgeted oracle knownR bobw T) == 0 /\
  (forall (C : checker) (m : nat) (eps : Q), CoinsOK C -> QueriesAtMost C m ->
     (forall O, (F (toC T) O = true -> 1 - eps <= accept O C) /\
                (F (toC T) O = false -> accept O C <= eps)) ->
     (1 - 2 * eps) * rhoT <= qn m).
Proof.
  intros Query oracle bobw T rhoT delta R HV Hb HO HR H1 HD.
  assert (HG : GlobalFbsAtLeast rhoT (toC T) (alphaO oracle T)) by exact (proj2 HR).
  destruct (theorem_B3 Query oracle knownR bobw (knownR_sound oracle) Hb T (toC T)
              (alphaO oracle T) rhoT delta R HV H1 HG HD) as [Hs [_ Hl]].
  destruct (theorem_B2b Query oracle bobw T rhoT HV HO HR) as [E [Hc Hc']].
  split; [exact Hs |]. split; [exact E |]. split; [exact Hc |]. split; [exact Hc' | exact Hl].
Qed.

(* With distinct leaf queries, rho_T on the queries is rho_T on the leaves (for an optimal
   Bob: both are the honest root budget, theorem_B2b_queries' step). *)
Lemma rhoT_of_rhoQ :
  forall (Query : Type) (eqQ : forall x y : Query, {x = y} + {x <> y}) (oracle : Query -> bool)
         (bobw : Agg -> list bool -> list Q -> list Q) (T : tree Query) (rhoT : Q),
  BobOptimalNodes oracle bobw T -> NoDup (leafQs T) -> RhoQ oracle T (leafQs T) rhoT ->
  RhoT (toC T) (alphaO oracle T) rhoT.
Proof.
  intros Query eqQ oracle bobw T rhoT HO HN HR.
  assert (HT := honest_budget_rhoT_protocol Query oracle bobw T HO).
  assert (E : honestBudget oracle knownR bobw T == rhoT)
    by exact (rhoQ_unique _ _ _ _ _ _ (rhoQ_of_rhoT eqQ oracle T _ HN HT) HR).
  destruct HT as [[t [Ht Hv]] HG]. split; [exists t; split; [exact Ht | rewrite Hv; exact E] |].
  intros t' Ht'. rewrite <- E. exact (HG t' Ht').
Qed.

(* THEOREM B3 ON THE PROTOCOL'S TREE, rho_T ON THE QUERIES (ours): the same conclusions when
   the leaf queries are pairwise distinct (paper Section 5, Setup) and rho_T is the global fbs
   of the function o |-> val o T of the oracle's answers, at the oracle (RhoQ). *)
Theorem theorem_B3_protocol_queries :
  forall (Query : Type) (eqQ : forall x y : Query, {x = y} + {x <> y}) (oracle : Query -> bool)
         (bobw : Agg -> list bool -> list Q -> list Q) (T : tree Query) (rhoT delta : Q) (R : nat),
  Valid oracle T -> BobwFeasible bobw -> BobOptimalNodes oracle bobw T -> NoDup (leafQs T) ->
  RhoQ oracle T (leafQs T) rhoT -> 1 <= rhoT -> qpow (1 - / rhoT) R <= delta ->
  (forall runs, length runs = R -> (forall mix, In mix runs -> LyingMix oracle T mix) ->
     allMiss (map (catchMix oracle knownR bobw rhoT T) runs) <= delta) /\
  honestBudget oracle knownR bobw T == rhoT /\
  catchRoot oracle knownR (budgetRule knownR bobw) rhoT T (val oracle T)
    (honestBudget oracle knownR bobw T) (honestBudgeted oracle knownR bobw T) == 0 /\
  catchRoot oracle knownR (budgetRuleE knownR bobw) rhoT T (val oracle T)
    (honestBudget oracle knownR bobw T) (honestBudgeted oracle knownR bobw T) == 0 /\
  (forall (C : checker) (m : nat) (eps : Q), CoinsOK C -> QueriesAtMost C m ->
     (forall O, (F (toC T) O = true -> 1 - eps <= accept O C) /\
                (F (toC T) O = false -> accept O C <= eps)) ->
     (1 - 2 * eps) * rhoT <= qn m).
Proof.
  intros Query eqQ oracle bobw T rhoT delta R HV Hb HO HN HR.
  exact (theorem_B3_protocol Query oracle bobw T rhoT delta R HV Hb HO
           (rhoT_of_rhoQ Query eqQ oracle bobw T rhoT HO HN HR)).
Qed.

Print Assumptions theorem_B3_protocol.
Print Assumptions rhoT_of_rhoQ.
Print Assumptions theorem_B3_protocol_queries.
