package org.rdmacheck.fluid.stability;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.rdmacheck.fluid.FluidInputException;

/**
 * One simplification that the published stability analysis of DCQCN (Zhu, Ghobadi, Misra, Padhye,
 * "ECN or Delay: Lessons Learnt from Analysis of DCQCN and TIMELY", CoNEXT 2016, §3.2 and appendix A)
 * makes against the exact linearisation of seed 004 (5)-(9). The set of all of them
 * ({@link #CONEXT16}) reproduces the authors' released phase-margin data (all eleven curves,
 * N = 2..100, within 0.1°); the empty set is the exact linearisation ({@link Linearisation#at}).
 * Each is a switch in one linearisation ({@link SimplifiedLinearisation}), so any subset can be
 * evaluated and the difference between the two analyses attributed term by term.
 * <p>
 * Where they come from. The appendix shows the linearised (9) and says the exponential forms
 * (1-p)^x are simplified "using Taylor series" ({@link #SMALL_P}), with A = 1/B + 1/(T R_C*)
 * treated as a constant ({@link #FROZEN_TIMER_RATE}); its Laplace form puts the present rate where
 * (9)'s increase terms have the delayed one and vice versa ({@link #SWAPPED_INCREASE_DELAYS});
 * §3.2 gives p* in closed form ({@link #CLOSED_FORM_P}). The linearised (7) and (8) are not printed;
 * their form ({@link #FROZEN_ALPHA_RATE}, {@link #ALPHA_DECAY_PER_PACKET}, {@link #EXTRA_AI_TERM})
 * and the continuation past P_max ({@link #UNCAPPED_RED}) are read off the loop transfer function
 * of the authors' released analysis, which is the only reading under which the published values
 * come out (see {@code docs/dcqcn.md}).
 */
public enum Simplification {

    /** p* from the closed form ∛(R_AI N²/(τ' C²) (1/B + N/(T C))²) (§3.2, eq. 12) instead of the exact root of (9) */
    CLOSED_FORM_P("closed-form-p", true),
    /**
     * the probability terms of (7)-(9) but the byte counter's ({@link #SMALL_P_BYTE_COUNTER}) to first
     * order in p around p = 0: 1-(1-p)^{τR} ≈ τRp,
     * 1-(1-p)^{τ'R} ≈ τ'Rp, p/((1-p)^{-x} - 1) ≈ 1/x - (1/2 + 1/(2x))p, (1-p)^{Fx} ≈ 1 - Fxp, so
     * that R(b + d) ≈ R(A - (1 + A/2)p) and R(c + e) ≈ R(A - (1 + 2F + A/2)p); their slopes in p
     * and R are taken from these forms (the operating point's α*, R_T* stay the exact ones at p*)
     */
    SMALL_P("small-p", true),
    /**
     * the byte-counter terms p/((1-p)^{-B} - 1) and (1-p)^{FB} to first order in p as in
     * {@link #SMALL_P} (kept apart from it because B p is far from small: B = 10 MB is 10,000
     * packets, so B p* ≈ 58 at N = 8, where the first-order form 1/B - (1/2 + 1/(2B)) p is negative
     * while the term itself is about p e^{-Bp} ≈ 10^-28)
     */
    SMALL_P_BYTE_COUNTER("small-p-byte-counter", true),
    /** the delayed rate in the timer's exponents T R_C and F T R_C of (8), (9) frozen at R_C* (A held constant); the prefactor R_C(t - τ*) stays */
    FROZEN_TIMER_RATE("frozen-timer-rate", true),
    /** the delayed rate in α's exponent τ' R_C of (7) frozen at R_C*: (7) loses its δR_C(t - τ*) term */
    FROZEN_ALPHA_RATE("frozen-alpha-rate", true),
    /**
     * (9)'s increase terms (R_T - R_C)/2 · R_C(t - τ*)(b + d) linearised as (R_T - R_C(t - τ*))/2 · R_C(t)(b + d):
     * the present and the delayed rate trade places (same sum of slopes, so the same fixed point)
     */
    SWAPPED_INCREASE_DELAYS("swapped-increase-delays", true),
    /**
     * (8)'s additive increase R_AI R_C(t - τ*)(c + e) contributes its leading slope R_AI·A to the
     * present rate as well as to the delayed one: an extra R_AI (1/B + 1/(T R_C*)) δR_C(t)
     */
    EXTRA_AI_TERM("extra-ai-term", true),
    /** (7) relaxes at g·R_C* (once per packet) instead of g/τ' (once per α timer): δα̇ = g R_C* δp(t - τ*) - g R_C* δα */
    ALPHA_DECAY_PER_PACKET("alpha-decay-per-packet", true),
    /**
     * RED's slope P_max/(K_max - K_min) is used past P_max as well (the published curves run to
     * N = 100, p* up to 0.17): points with p* > P_max get a margin, marked as past P_max; where
     * p* ≤ P_max this changes nothing
     */
    UNCAPPED_RED("uncapped-red", false);

    /** Every simplification of the published analysis. */
    public static final Set<Simplification> CONEXT16 = Collections.unmodifiableSet(EnumSet.allOf(Simplification.class));

    /** None: the exact linearisation. */
    public static final Set<Simplification> EXACT = Collections.unmodifiableSet(EnumSet.noneOf(Simplification.class));

    private final String key;
    private final boolean changesValues;

    Simplification(String key, boolean changesValues) {
        this.key = key;
        this.changesValues = changesValues;
    }

    /** @return the command-line name, e.g. {@code small-p} */
    public String key() {
        return key;
    }

    /** @return whether it changes margins where p* ≤ P_max ({@link #UNCAPPED_RED} only extends the domain) */
    public boolean changesValues() {
        return changesValues;
    }

    /** @return the simplifications that change values, in declaration order (the attribution's k = 8) */
    public static Simplification[] valueChanging() {
        return Arrays.stream(values()).filter(Simplification::changesValues).toArray(Simplification[]::new);
    }

    /**
     * @param text {@code exact}, {@code conext16}, or simplification names joined by {@code +}
     *             (e.g. {@code small-p+closed-form-p})
     * @return the set
     * @throws FluidInputException for an unknown name (one line naming it and the choices)
     */
    public static Set<Simplification> parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("exact")) {
            return EXACT;
        }
        if (t.equals("conext16")) {
            return CONEXT16;
        }
        Set<Simplification> out = EnumSet.noneOf(Simplification.class);
        for (String part : t.split("\\+", -1)) {
            String name = part.trim();
            Simplification s = Arrays.stream(values()).filter(v -> v.key.equals(name)).findFirst()
                    .orElseThrow(() -> new FluidInputException("--linearisation '" + text + "': unknown part '" + name
                            + "'; expected exact, conext16, or names joined by '+' from "
                            + Arrays.stream(values()).map(Simplification::key).collect(Collectors.joining(", "))));
            out.add(s);
        }
        return Collections.unmodifiableSet(out);
    }

    /**
     * @param set a set of simplifications
     * @return {@code exact}, {@code conext16}, or the names joined by {@code +} in declaration order
     */
    public static String name(Set<Simplification> set) {
        if (set.isEmpty()) {
            return "exact";
        }
        if (set.containsAll(CONEXT16)) {
            return "conext16";
        }
        return Arrays.stream(values()).filter(set::contains).map(Simplification::key).collect(Collectors.joining("+"));
    }
}
