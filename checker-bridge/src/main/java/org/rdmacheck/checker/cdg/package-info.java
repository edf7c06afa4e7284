/**
 * The static deadlock checker (seed 000 §IV-B): channel dependency graphs of routing functions
 * over virtual lanes (up*&#47;down* with ECMP, failure bounce, deflection with tokens, escape
 * lanes), Dally-Seitz acyclicity and Duato's condition, dependency cycles with concrete routes
 * as stored counterexamples, and the large fat-tree benchmark ({@link
 * org.rdmacheck.checker.cdg.CdgBenchmark}). Entry point: {@link
 * org.rdmacheck.checker.cdg.DeadlockChecker#check}.
 */
package org.rdmacheck.checker.cdg;
