---- MODULE Ovr ----
\* Magic is 0 in TLA+; the Java override Ovr.class (compiled by the test) makes it 7.
EXTENDS Naturals
VARIABLE x
Magic == 0
Init == x = Magic
Next == x' = x
IsZero == x = 0
====
