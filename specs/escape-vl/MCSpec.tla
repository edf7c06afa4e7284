------------------------------- MODULE MCSpec -------------------------------
(* Model-checking wrapper: the default configuration of                      *)
(* `rdmacheck check escape-vl` (ring of 3 switches, four one-packet          *)
(* messages, capacity 1, 1 token, variant dart). Other configurations        *)
(* (manifest.json) override these via the cfg file.                          *)
EXTENDS Spec

MC_Network == "ring3"
MC_Variant == "dart"
MC_Capacity == 1
MC_Tokens == 1
MC_Knockouts == {}
=============================================================================
