---- MODULE Other ----
\* The module header names another module than the file: SANY refuses it.
VARIABLE x
Init == x = 0
Next == x' = x
====
