------------------------------- MODULE MCSpec -------------------------------
(* Model-checking wrapper: the constants of the default configuration of   *)
(* `rdmacheck check partition` (size 3, chunk 2, qps 2, transfers 2, ids 2, *)
(* receiveWrs 1, errors 1).  Other configurations (manifest.json) override  *)
(* these via the cfg file.                                                  *)
EXTENDS Spec

MC_Size == 3
MC_Chunk == 2
MC_QPCount == 2
MC_Transfers == 2
MC_Ids == 2
MC_ReceiveWrs == 1
MC_Errors == 1
MC_Variant == "paper"
=============================================================================
