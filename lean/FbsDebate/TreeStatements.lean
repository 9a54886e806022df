/-!
# Statements over arbitrary finite trees (mirror of coq/FbsTrees.v and coq/FbsTreeCert.v)

**Unchecked, and statements only.** These definitions and `Prop`s mirror the Coq development
that proves them (`coq/FbsTrees.v`, `coq/FbsTreeCert.v`, checked by `coqc` in CI; the
statements are quoted in docs/formal.md). No Lean proof is given: the `Prop`s below are
definitions, not theorems, so nothing here claims to be proved in Lean.

The Coq files use the rationals `Q`; core Lean has no ordered field, so the statements are
written over any type `K` with the operations they use, meant to be instantiated with the
rationals (Mathlib's `ℚ`, or `Lean.Rat`).
-/

namespace FbsDebate.Trees

variable {K : Type} [Add K] [Sub K] [Mul K] [Div K] [LE K] [Max K] [OfNat K 0] [OfNat K 1]
  [DecidableEq K] [DecidableRel (fun a b : K => a ≤ b)]

/-- Sum over the indices 0 .. n-1. -/
def qsum : Nat → (Nat → K) → K
  | 0, _ => 0
  | n + 1, g => qsum n g + g n

def qpow (r : K) : Nat → K
  | 0 => 1
  | n + 1 => r * qpow r n

abbrev Agg := List Bool → Bool

/-- z^B: flip the coordinates of z selected by the mask B. -/
def flip (z B : List Bool) : List Bool :=
  (List.range z.length).map fun i => Bool.xor (z.getD i false) (B.getD i false)

def Sensitive (f : Agg) (z B : List Bool) : Prop := f (flip z B) ≠ f z

def blockWeight (q : Nat) (t : List K) (B : List Bool) : K :=
  qsum q fun i => if B.getD i false then t.getD i 0 else 0

def totalWeight (q : Nat) (t : List K) : K := qsum q fun i => t.getD i 0

/-- Paper Definition 3.4's LP constraints: t ≥ 0, t(B) ≥ 1 on every sensitive block. -/
def DualFeasible (f : Agg) (z : List Bool) (t : List K) : Prop :=
  (∀ i, 0 ≤ t.getD i 0) ∧ ∀ B, Sensitive f z B → 1 ≤ blockWeight z.length t B

def lying (z g : List Bool) : List Bool :=
  (List.range z.length).map fun i => Bool.xor (z.getD i false) (g.getD i false)

def probBlock (q : Nat) (t : List K) (B : List Bool) : K := blockWeight q t B / totalWeight q t

/-- Decomposition trees with menus: alternative k of a node has aggregator `agg k` over
`arity k` children `kids k i`. -/
inductive Tree (Query : Type) where
  | leaf : Query → Tree Query
  | node : (m : Nat) → (agg : Nat → Agg) → (arity : Nat → Nat) → (kids : Nat → Nat → Tree Query) →
      Tree Query

variable {Query : Type}

def DepthLe : Tree Query → Nat → Prop
  | .leaf _, _ => True
  | .node _ _ _ _, 0 => False
  | .node m _ arity kids, d + 1 => ∀ k i, k < m → i < arity k → DepthLe (kids k i) d

def val (oracle : Query → Bool) : Tree Query → Bool
  | .leaf x => oracle x
  | .node _ agg arity kids => agg 0 ((List.range (arity 0)).map fun i => val oracle (kids 0 i))

def Valid (oracle : Query → Bool) : Tree Query → Prop
  | .leaf _ => True
  | t@(.node m agg arity kids) =>
      0 < m ∧ ∀ k, k < m →
        agg k ((List.range (arity k)).map fun i => val oracle (kids k i)) = val oracle t ∧
        ∀ i, i < arity k → Valid oracle (kids k i)

/-- Alice at the node reached by a path: menu choice, children's claims, children's budgets. -/
abbrev Strategy (K : Type) := List Nat → Nat × List Bool × List K

def shift (s : Strategy K) (i : Nat) : Strategy K := fun p => s (i :: p)

abbrev Rule (K Query : Type) :=
  Agg → (Nat → Tree Query) → Nat → List Bool → K → List K → Option (List K)

/-- The exact catch probability, by recursion over Bob's sampling. -/
def catch (oracle : Query → Bool) (r : Rule K Query) : Tree Query → Bool → K → Strategy K → K
  | .leaf x, a, _, _ => if a = oracle x then 0 else 1
  | .node m agg arity kids, a, beta, s =>
      let (k, z, bs) := s []
      if k < m ∧ z.length = arity k ∧ agg k z = a then
        match r (agg k) (kids k) (arity k) z beta bs with
        | none => 1
        | some w =>
            let W := totalWeight (arity k) w
            if W = 0 then 0 else
            qsum (arity k) fun i => w.getD i 0 / W *
              catch oracle r (kids k i) (z.getD i false) (bs.getD i 0) (shift s i)
      else 1

def paperRule (bob : Agg → List Bool → List K) (rho : K) : Rule K Query :=
  fun f _ q z _ _ => let t := bob f z; if totalWeight q t ≤ rho then some t else none

def BobFeasible (bob : Agg → List Bool → List K) : Prop := ∀ f z, DualFeasible f z (bob f z)

def capacity (known : Tree Query → Option Bool) (kids : Nat → Tree Query) (bs : List K) (i : Nat) : K :=
  match known (kids i) with
  | some _ => 0
  | none => max (bs.getD i 0) 1

def constantsOK (known : Tree Query → Option Bool) (kids : Nat → Tree Query) (q : Nat)
    (z : List Bool) : Bool :=
  (List.range q).all fun i => match known (kids i) with
    | some b => z.getD i false == b
    | none => true

def budgetRule (known : Tree Query → Option Bool) (bobw : Agg → List Bool → List K → List K) :
    Rule K Query :=
  fun f kids q z beta bs =>
    let c := (List.range q).map (capacity known kids bs)
    let t := bobw f z c
    let w := (List.range q).map fun i => c.getD i 0 * t.getD i 0
    if constantsOK known kids q z ∧ totalWeight q w ≤ beta then some w else none

def KnownSound (oracle : Query → Bool) (known : Tree Query → Option Bool) : Prop :=
  ∀ T b, Valid oracle T → known T = some b → val oracle T = b

def BobwFeasible (bobw : Agg → List Bool → List K → List K) : Prop :=
  ∀ f z c, DualFeasible f z (bobw f z c)

/-- g(beta) = min(1, 1/beta), with g(beta) = 1 for beta ≤ 1. -/
def guarantee (beta : K) : K := if beta ≤ 1 then 1 else 1 / beta

def rootChecks (known : Tree Query → Option Bool) (betaMax : K) (T : Tree Query) (a : Bool)
    (beta : K) : Bool :=
  (match known T with | some b => a == b | none => true) && decide (beta ≤ betaMax)

def catchRoot (oracle : Query → Bool) (known : Tree Query → Option Bool) (r : Rule K Query)
    (betaMax : K) (T : Tree Query) (a : Bool) (beta : K) (s : Strategy K) : K :=
  if rootChecks known betaMax T a beta then catch oracle r T a beta s else 1

def bothChecks (bob : Agg → List Bool → List K) (rho : K) (known : Tree Query → Option Bool)
    (bobw : Agg → List Bool → List K → List K) (sampleByPaper : Bool) : Rule K Query :=
  fun f kids q z beta bs =>
    match paperRule bob rho f kids q z beta bs, budgetRule known bobw f kids q z beta bs with
    | some w1, some w2 => some (if sampleByPaper then w1 else w2)
    | _, _ => none

def catchMixed (oracle : Query → Bool) (bob : Agg → List Bool → List K) (rho : K)
    (known : Tree Query → Option Bool) (bobw : Agg → List Bool → List K → List K)
    (lambda betaMax : K) (T : Tree Query) (a : Bool) (beta : K) (s : Strategy K) : K :=
  lambda * catchRoot oracle known (bothChecks bob rho known bobw true) betaMax T a beta s
  + (1 - lambda) * catchRoot oracle known (bothChecks bob rho known bobw false) betaMax T a beta s

/-- `core_lemma` (Coq): the lying children form a non-empty sensitive block, t(J) ≥ 1 and
P[Bob samples a liar] ≥ 1 / sum t. -/
def CoreLemma : Prop :=
  ∀ (f : Agg) (z g : List Bool) (t : List K) (a : Bool),
    DualFeasible f z t → g.length = z.length → f z = a → a ≠ f g →
    (∃ i, i < z.length ∧ (lying z g).getD i false = true) ∧
    Sensitive f z (lying z g) ∧
    1 ≤ blockWeight z.length t (lying z g) ∧
    1 / totalWeight z.length t ≤ probBlock z.length t (lying z g)

/-- `theorem_4_2` (Coq): Theorem 4.2 over every finite tree with menus. -/
def Theorem42 : Prop :=
  ∀ (oracle : Query → Bool) (bob : Agg → List Bool → List K) (rho : K),
    BobFeasible bob → 1 ≤ rho →
    ∀ (T : Tree Query) (d : Nat) (a : Bool) (s : Strategy K),
      Valid oracle T → DepthLe T d → a ≠ val oracle T →
      1 / qpow rho d ≤ catch oracle (paperRule bob rho) T a 0 s

/-- `theorem_B1` (Coq; ours): the budgeted protocol's soundness. -/
def TheoremB1 : Prop :=
  ∀ (oracle : Query → Bool) (known : Tree Query → Option Bool)
    (bobw : Agg → List Bool → List K → List K),
    KnownSound oracle known → BobwFeasible bobw →
    ∀ (T : Tree Query) (a : Bool) (beta betaMax : K) (s : Strategy K),
      Valid oracle T → a ≠ val oracle T →
      guarantee beta ≤ catch oracle (budgetRule known bobw) T a beta s ∧
      guarantee betaMax ≤ catchRoot oracle known (budgetRule known bobw) betaMax T a beta s

/-- `theorem_B4` (Coq; ours): the mixed protocol. -/
def TheoremB4 : Prop :=
  ∀ (oracle : Query → Bool) (bob : Agg → List Bool → List K) (rho : K)
    (known : Tree Query → Option Bool) (bobw : Agg → List Bool → List K → List K),
    BobFeasible bob → 1 ≤ rho → KnownSound oracle known → BobwFeasible bobw →
    ∀ (lambda betaMax : K) (T : Tree Query) (d : Nat) (a : Bool) (beta : K) (s : Strategy K),
      0 ≤ lambda → lambda ≤ 1 → Valid oracle T → DepthLe T d → a ≠ val oracle T →
      lambda * (1 / qpow rho d) + (1 - lambda) * guarantee betaMax
        ≤ catchMixed oracle bob rho known bobw lambda betaMax T a beta s

/-! ## The factored tree certificate (coq/FbsTreeCert.v) -/

inductive CTree where
  | leaf : CTree
  | node : (phi : Agg) → (q : Nat) → (kids : Nat → CTree) → CTree

abbrev Path := List Nat

def sub {A : Type} (x : Path → A) (i : Nat) : Path → A := fun p => x (i :: p)

def F : CTree → (Path → Bool) → Bool
  | .leaf, x => x []
  | .node phi q kids, x => phi ((List.range q).map fun i => F (kids i) (sub x i))

def leaves : CTree → List Path
  | .leaf => [[]]
  | .node _ q kids => (List.range q).flatMap fun i => (leaves (kids i)).map (i :: ·)

def SensitiveF (T : CTree) (alpha H : Path → Bool) : Prop :=
  F T (fun p => Bool.xor (alpha p) (H p)) ≠ F T alpha

def qlsum : List K → K
  | [] => 0
  | x :: r => x + qlsum r

def dualValue (T : CTree) (t : Path → K) : K := qlsum ((leaves T).map t)

def dualBlock (T : CTree) (t : Path → K) (H : Path → Bool) : K :=
  qlsum ((leaves T).map fun p => if H p then t p else 0)

def GlobalDualFeasible (T : CTree) (alpha : Path → Bool) (t : Path → K) : Prop :=
  (∀ p, 0 ≤ t p) ∧ ∀ H, SensitiveF T alpha H → 1 ≤ dualBlock T t H

abbrev Records (K : Type) := Path → K × List K

def accepted : CTree → Records K → K
  | .leaf, _ => 1
  | .node _ _ _, rec => (rec []).1

def DualChecked : CTree → (Path → Bool) → Records K → Prop
  | .leaf, _, _ => True
  | .node phi q kids, alpha, rec =>
      DualFeasible phi ((List.range q).map fun i => F (kids i) (sub alpha i)) (rec []).2 ∧
      qsum q (fun i => accepted (kids i) (sub rec i) * (rec []).2.getD i 0) = (rec []).1 ∧
      ∀ i, i < q → DualChecked (kids i) (sub alpha i) (sub rec i)

abbrev Primals (K : Type) := Path → List (List Bool × K)

def load (ws : List (List Bool × K)) (i : Nat) : K :=
  qlsum (ws.map fun Jw => if Jw.1.getD i false then Jw.2 else 0)

def PrimalChecked : CTree → (Path → Bool) → Records K → Primals K → Prop
  | .leaf, _, _, _ => True
  | .node phi q kids, alpha, rec, prim =>
      (∀ Jw ∈ prim [], 0 ≤ Jw.2 ∧
        Sensitive phi ((List.range q).map fun i => F (kids i) (sub alpha i)) Jw.1) ∧
      (∀ i, i < q → load (prim []) i ≤ accepted (kids i) (sub rec i)) ∧
      qlsum ((prim []).map (·.2)) = (rec []).1 ∧
      ∀ i, i < q → PrimalChecked (kids i) (sub alpha i) (sub rec i) (sub prim i)

def productDual : CTree → Records K → Path → K
  | .leaf, _, [] => 1
  | .node _ q kids, rec, i :: p => if i < q then (rec []).2.getD i 0 * productDual (kids i) (sub rec i) p else 0
  | _, _, _ => 0

/-- `tree_certificate` (Coq): locally checked records certify V = rho_T, the minimum of the
global dual LP of F_T at alpha. -/
def TreeCertificate : Prop :=
  ∀ (T : CTree) (alpha : Path → Bool) (rec : Records K) (prim : Primals K),
    DualChecked T alpha rec → PrimalChecked T alpha rec prim →
    (GlobalDualFeasible T alpha (productDual T rec) ∧
      dualValue T (productDual T rec) = accepted T rec) ∧
    ∀ t, GlobalDualFeasible T alpha t → accepted T rec ≤ dualValue T t

end FbsDebate.Trees
