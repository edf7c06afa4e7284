---------------------- MODULE HourClock ----------------------
(* An hour clock in the style of Lamport's "Specifying Systems",  *)
(* written without this project's conventions: no MC wrapper, a   *)
(* SPECIFICATION, a THEOREM and a temporal property.              *)
EXTENDS Naturals
VARIABLE hr
HCini  ==  hr \in (1 .. 12)
HCnxt  ==  hr' = IF hr # 12 THEN hr + 1 ELSE 1
HC  ==  HCini /\ [][HCnxt]_hr /\ WF_hr(HCnxt)
TypeInvariant == hr \in (1 .. 12)
AlwaysTicks == []<>(hr = 12)
--------------------------------------------------------------
THEOREM  HC => []HCini
==============================================================
