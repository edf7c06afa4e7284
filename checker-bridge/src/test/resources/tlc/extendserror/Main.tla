---- MODULE Main ----
\* Extends Lib, whose parse error must be reported against Lib.tla.
EXTENDS Lib
VARIABLE x
Init == x = 0
Next == x' = x
Inv == x = 0
====
