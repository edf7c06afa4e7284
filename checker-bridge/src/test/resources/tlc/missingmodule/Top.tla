---- MODULE Top ----
\* Extends Mid, which extends a module that exists nowhere.
EXTENDS Naturals, Mid
====
