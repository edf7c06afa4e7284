------------------------------- MODULE MCSpec -------------------------------
(* Model-checking wrapper. The constants come from MCSpec.cfg, which holds    *)
(* the default configuration of `rdmacheck check dasr` (senders=2,            *)
(* messages=2, tenants=1, groups=2, lookahead=on, variant dart); the other    *)
(* configurations are listed in manifest.json. No symmetry reduction: sender  *)
(* 0 is special under the persistent network, and the Java twin explores the  *)
(* full state space, so the counts must agree without it.                     *)
EXTENDS Spec
=============================================================================
