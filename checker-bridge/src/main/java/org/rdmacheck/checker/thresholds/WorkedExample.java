package org.rdmacheck.checker.thresholds;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Seed 004 §4's worked example (Arista 7050QX32, Broadcom Trident II): every figure the paper
 * prints beside what its own formulas yield, in exact decimal arithmetic. Units are decimal
 * (1 KB = 1000 B): that reading reproduces the paper's 24.47 KB, the binary one would not.
 */
public final class WorkedExample {

    private static final MathContext MC = MathContext.DECIMAL128;
    private static final BigDecimal KB = BigDecimal.valueOf(1000);

    private WorkedExample() {
    }

    /** @return the figures, in the paper's order */
    public static List<PaperFigure> figures() {
        BigDecimal b = BigDecimal.valueOf(12_000_000);
        BigDecimal n = BigDecimal.valueOf(32);
        BigDecimal eight = BigDecimal.valueOf(8);
        BigDecimal tf = BigDecimal.valueOf(22_400);
        BigDecimal beta = eight;
        BigDecimal shared = b.subtract(eight.multiply(n).multiply(tf));
        BigDecimal tPfc = shared.divide(eight.multiply(n), MC);
        BigDecimal ecnStatic = tPfc.divide(n, MC);
        BigDecimal ecnDynamic = beta.multiply(shared).divide(eight.multiply(n).multiply(beta.add(BigDecimal.ONE)), MC);
        // the text's step s <= n*t_ECN substituted into t_PFC = beta(B - 8n t_flight - s)/8
        BigDecimal ecnAsStated = beta.multiply(shared).divide(n.multiply(eight.add(beta)), MC);
        List<PaperFigure> out = new ArrayList<>();
        out.add(new PaperFigure("B, n, priorities", "12MB, 32 ports, 8 priorities", Optional.empty(), "-",
                "12,000,000 B", Optional.of(PaperFigure.Amount.bytes(b)), PaperFigure.Status.GIVEN, "decimal units; with B = 12 MiB and t_flight = 22.4 KiB the bound below "
                + "would be 26,214 B, not 24.47 KB, so the paper's KB/MB are decimal"));
        out.add(tFlight());
        out.add(compare("static t_PFC bound", "24.47", "(B - 8n*t_flight)/(8n)", tPfc, ""));
        out.add(compare("static t_ECN bound", "0.85", "t_PFC/n (from t_PFC > n*t_ECN)", ecnStatic,
                "the conclusion stands: below one MTU (1.5 KB), so static thresholds are infeasible"));
        out.add(compare("dynamic t_ECN bound, beta = 8", "21.75", "beta(B - 8n*t_flight)/(8n(beta + 1))", ecnDynamic,
                ""));
        out.add(compare("dynamic bound via the text's s <= n*t_ECN", "21.75",
                "beta(B - 8n*t_flight)/(n(8 + beta)) (t_PFC = beta(B - 8n*t_flight - s)/8 at s = n*t_ECN)",
                ecnAsStated, "the printed formula does not follow from the stated step s <= n*t_ECN; it follows from "
                + "s <= 8n*t_ECN (all 8 priorities' egress queues just below t_ECN), the sound worst case, "
                + "which rdmacheck uses"));
        BigDecimal ratio = BigDecimal.valueOf(120).divide(new BigDecimal("24.47"), 3, RoundingMode.HALF_UP);
        out.add(new PaperFigure("§6 misconfiguration t_ECN", "120KB, \"five times\" t_PFC = 24.47KB", Optional.empty(),
                "120 / 24.47", ratio.toPlainString() + " times",
                Optional.of(new PaperFigure.Amount(ratio, PaperFigure.Amount.Unit.RATIO)), PaperFigure.Status.FOLLOWS,
                "about five times; rdmacheck finds a witness that PFC fires before ECN"));
        return out;
    }

    private static PaperFigure tFlight() {
        Link l = new Link(40_000_000_000L, BigDecimal.ZERO, BigDecimal.valueOf(5), 118, 24576, 20, 64);
        BigDecimal fixedBits = Headroom.terms(l, 1500).stream().map(HeadroomTerm::bitTimes)
                .reduce(BigDecimal.ZERO, BigDecimal::add);
        BigDecimal fixed = fixedBits.divide(BigDecimal.valueOf(8), MC);
        BigDecimal perMetre = BigDecimal.valueOf(2 * 5 * 40).divide(BigDecimal.valueOf(8), MC);
        BigDecimal metres = BigDecimal.valueOf(22_400).subtract(fixed).divide(perMetre, 1, RoundingMode.HALF_UP);
        return new PaperFigure("headroom t_flight", "22.4KB",
                Optional.of(PaperFigure.Amount.bytes(BigDecimal.valueOf(22_400))),
                "standard PFC headroom terms ([8]), 40 Gb/s, MTU 1500",
                Units.kbNumber(fixed) + " KB + 0.05 KB per metre of cable", Optional.empty(), PaperFigure.Status.GIVEN,
                "the paper gives no cable length; the standard terms reach 22.4 KB at " + metres.toPlainString()
                + " m of cable");
    }

    private static PaperFigure compare(String what, String paperKb, String formula, BigDecimal bytes, String note) {
        BigDecimal paper = new BigDecimal(paperKb);
        BigDecimal kb = bytes.divide(KB, MC);
        PaperFigure.Status s;
        if (kb.setScale(paper.scale(), RoundingMode.HALF_UP).compareTo(paper) == 0) {
            s = PaperFigure.Status.FOLLOWS;
        } else if (kb.setScale(paper.scale(), RoundingMode.DOWN).compareTo(paper) == 0) {
            s = PaperFigure.Status.FOLLOWS_TRUNCATED;
        } else {
            s = PaperFigure.Status.DOES_NOT_FOLLOW;
        }
        String computed = kb.setScale(4, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString() + " KB ("
                + bytes.setScale(2, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString() + " B)";
        String n = note;
        if (s == PaperFigure.Status.FOLLOWS_TRUNCATED) {
            n = "the paper truncates rather than rounds" + (note.isEmpty() ? "" : "; " + note);
        } else if (s == PaperFigure.Status.DOES_NOT_FOLLOW && note.isEmpty()) {
            n = "differs from the formula's value";
        }
        return new PaperFigure(what, paperKb + "KB", Optional.of(PaperFigure.Amount.bytes(paper.multiply(KB))), formula,
                computed, Optional.of(PaperFigure.Amount.bytes(bytes)), s, n);
    }
}
