---- MODULE Lib ----
\* Foo is cut short: the parse error is in this module, not in Main, which extends it.
EXTENDS Naturals
Foo == 1 +
====
