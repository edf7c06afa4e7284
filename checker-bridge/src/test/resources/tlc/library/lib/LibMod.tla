---- MODULE LibMod ----
EXTENDS Naturals
Bound == 3
====
