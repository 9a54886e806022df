import Lake
open Lake DSL

-- Core Lean 4 only: no Mathlib, no other dependencies, so `lake build` works offline on a
-- machine that has just the toolchain pinned in `lean-toolchain`.
package «fbs-debate» where
  -- no configuration options

@[default_target]
lean_lib FbsDebate where
  -- builds FbsDebate.lean and every file it imports
