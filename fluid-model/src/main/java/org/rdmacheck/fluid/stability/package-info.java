/**
 * Linear stability of DCQCN's fluid model (seed 004 §5.1, equations (5)-(9) with the feedback
 * delay τ*) around its fixed point for N identical flows, following the approach of Zhu, Ghobadi,
 * Misra and Padhye, "ECN or Delay: Lessons Learnt from Analysis of DCQCN and TIMELY" (CoNEXT 2016,
 * §3 and appendix): linearise, write the loop's open-loop transfer function, read its phase margin.
 *
 * <h2>Derivation</h2>
 * Write the right-hand side of (7)-(9) as f(x(t), x(t - τ*)) with x = (q, R_C, R_T, α). At a fixed
 * point x* (R_C* = C/N, p* from {@link org.rdmacheck.fluid.FixedPoint} or the closed form, α* from
 * (7), R_T* - R_C* from (8), q* from inverting (5)) a small deviation δx obeys
 * <pre>
 *   δẋ(t) = J0 δx(t) + J1 δx(t - τ*),   J0 = ∂f/∂x(t),  J1 = ∂f/∂x(t - τ*)
 * </pre>
 * ({@link org.rdmacheck.fluid.stability.Linearisation}). Only two delayed quantities appear: the
 * marking probability p(t - τ*), whose deviation is K δq(t - τ*) with K = P_max/(K_max - K_min)
 * the slope of RED (5) (so the analysis applies only where p* ≤ P_max and K_min &lt; K_max), and the
 * delayed rate R_C(t - τ*) in the exponents τR_C, τ'R_C, TR_C of (7)-(9). All terms go through
 * L = -ln(1-p): (1-p)^x = e^{-xL}, and the counter terms p/((1-p)^{-x} - 1) = pE/(1-E) with
 * E = e^{-xL}, whose derivatives are ∂/∂p = E/(1-E) - pxE/((1-p)(1-E)²) and ∂/∂x = -pLE/(1-E)².
 * The test {@code LinearisationJacobianTest} checks J0 and J1 against finite differences of the
 * solver's own right-hand side.
 * <p>
 * Break the loop at the delayed queue v(t) = δq(t - τ*). The queue being non-empty at the fixed
 * point, (6) is linear: δq̇ = N δR_C, so the delayed rate is δR_C(t - τ*) = v̇/N and the reaction
 * point's states y = (δR_C, δR_T, δα) see one input:
 * <pre>
 *   ẏ = A y + (b_q + s/N · b_r) v,   A = J0 restricted to (R_C, R_T, α),
 *   b_q = J1[·][q] (contains K),  b_r = J1[·][R_C]
 * </pre>
 * With (sI - A)^{-1} = adj(sI - A)/χ(s) from the Faddeev-LeVerrier recursion, the loop
 * δq → δR_C → δq is closed by δq = (N/s) δR_C and v = e^{-sτ*} δq, and the closed loop is
 * 1 + L(s) = 0 with
 * <pre>
 *   L(s) = -N e_{R_C}ᵀ adj(sI - A) (b_q + s/N b_r) / (s χ(s)) · e^{-sτ*}
 * </pre>
 * a rational part (numerator of degree ≤ 3 over s χ(s), χ the characteristic polynomial of the
 * reaction point) times the pure delay ({@link org.rdmacheck.fluid.stability.LoopTransfer}). This is
 * exact for the linearisation of the symmetric model; it covers the common mode of N identical
 * flows, not the differential modes between flows (those are fairness, see the convergence
 * scenario). When A itself is unstable the margins do not decide
 * ({@link org.rdmacheck.fluid.stability.StabilityVerdict#OPEN_LOOP_UNSTABLE}).
 *
 * <h2>The delayed rate</h2>
 * Freezing R_C(t - τ*) at R_C* wherever it appears (b_r = 0, {@link org.rdmacheck.fluid.stability.RateTerms#FROZEN})
 * leaves the queue as the only delayed quantity. It moves the deployed setting's loss of stability
 * from τ* ≈ 62 µs to below 50 µs at some mid-range N (N = 10: -1.6°), where the delay-differential
 * model converges ({@code StabilityCrossCheckTest}); it is not what the published analysis does and
 * does not reproduce its figures.
 *
 * <h2>The published linearisation</h2>
 * {@link org.rdmacheck.fluid.stability.Simplification} names the eight ways in which the published
 * analysis (Zhu et al., CoNEXT 2016) departs from the linearisation above;
 * {@link org.rdmacheck.fluid.stability.SimplifiedLinearisation} applies any subset of them (all:
 * the published margins, within 0.1° on the authors' released curves; none: the exact ones), and
 * {@link org.rdmacheck.fluid.stability.StabilityAttribution} splits the difference among them. Under
 * the published simplifications the reaction point's own block A has a right-half-plane pole, so the
 * verdict there comes from counting the characteristic roots ({@link org.rdmacheck.fluid.stability.RootCount}).
 *
 * <h2>Margins</h2>
 * {@link org.rdmacheck.fluid.stability.MarginFinder}: every gain crossover |L(jω)| = 1 (the delay
 * does not change |L|), the phase margin 180° + ∠(n/d)(jω_c) wrapped to (-180°, 180°] minus the
 * delay's lag ω_c τ* (not wrapped, so the margin falls linearly with τ*) and the smallest
 * over all crossovers, the gain margin at the phase crossover whose gain is closest to 1, and a
 * plain "no crossover" (|L| &lt; 1 everywhere: small-gain stable) when |L| never reaches 1.
 *
 * <h2>Checks</h2>
 * The sign of the phase margin is checked against the nonlinear delay-differential model
 * ({@link org.rdmacheck.fluid.stability.PerturbedRun}): started at the fixed point with the rates
 * raised by 1 %, a stable point's queue oscillation dies out and an unstable point's persists.
 */
package org.rdmacheck.fluid.stability;
