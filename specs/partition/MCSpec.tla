------------------------------- MODULE MCSpec -------------------------------
(* Model-checking wrapper: the constants of the default configuration of   *)
(* `rdmacheck check partition` (size 5, chunk 2, qps 3, transfers 2).      *)
(* Other configurations (manifest.json) override these via the cfg file.   *)
EXTENDS Spec

MC_Size == 5
MC_Chunk == 2
MC_QPCount == 3
MC_Transfers == 2
MC_Variant == "paper"
=============================================================================
