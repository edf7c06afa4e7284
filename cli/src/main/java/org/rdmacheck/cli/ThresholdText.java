package org.rdmacheck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import org.rdmacheck.checker.thresholds.BetaBound;
import org.rdmacheck.checker.thresholds.ConfigCheck;
import org.rdmacheck.checker.thresholds.DerivationVerdict;
import org.rdmacheck.checker.thresholds.DynamicDerivation;
import org.rdmacheck.checker.thresholds.HeadroomTerm;
import org.rdmacheck.checker.thresholds.EcnMarking;
import org.rdmacheck.checker.thresholds.ExactBytes;
import org.rdmacheck.checker.thresholds.Inequality;
import org.rdmacheck.checker.thresholds.PaperFigure;
import org.rdmacheck.checker.thresholds.SolveStatus;
import org.rdmacheck.checker.thresholds.StaticDerivation;
import org.rdmacheck.checker.thresholds.SwitchSpec;
import org.rdmacheck.checker.thresholds.ThresholdMode;
import org.rdmacheck.checker.thresholds.ThresholdReport;
import org.rdmacheck.checker.thresholds.DeflectionWitnesses;
import org.rdmacheck.checker.thresholds.Witnesses;
import org.rdmacheck.checker.trace.TraceJson;

/** Formats threshold reports as readable text and as JSON. */
public final class ThresholdText {

    private ThresholdText() {
    }

    /** @param r a report  @return its text */
    public static String report(ThresholdReport r) {
        return report(r, true);
    }

    /**
     * @param r          a report
     * @param derivation whether to include the switch, headroom and derivation (false: the check only,
     *                   for a further configuration of a switch already printed)
     * @return its text
     */
    static String report(ThresholdReport r, boolean derivation) {
        StringBuilder sb = new StringBuilder();
        if (!derivation) {
            r.check().ifPresent(c -> checkPart(sb, r, c));
            return sb.append('\n').toString();
        }
        SwitchSpec sw = r.sw();
        sb.append(String.format(Locale.ROOT, "%s: buffer B = %s, n = %d ports, p = %d lossless %s, MTU %s%n",
                sw.name().equals("switch") ? "switch" : "switch " + sw.name(), bytes(sw.bufferBytes()), sw.ports(),
                sw.priorities(), sw.priorities() == 1 ? "priority" : "priorities", bytes(sw.mtuBytes())));
        sb.append("headroom t_flight per port per priority = ").append(bytes(r.headroom().bytes()))
                .append(r.headroom().given() ? " (given)" : " (IEEE 802.1Qbb delay model)").append('\n');
        for (HeadroomTerm t : r.headroom().terms()) {
            BigDecimal bytes = t.bitTimes().divide(BigDecimal.valueOf(8), 1, RoundingMode.HALF_UP);
            sb.append(String.format(Locale.ROOT, "  %-27s %-42s %,14.1f bit times = %,10.1f B%n", t.name(),
                    t.formula(), t.bitTimes(), bytes));
        }
        sb.append(String.format(Locale.ROOT, "reserved headroom p*n*t_flight = %s; shared B - p*n*t_flight = %s%n",
                bytes(r.reservedHeadroom()), r.sharedBuffer() > 0 ? bytes(r.sharedBuffer())
                        : bytes(r.sharedBuffer()) + ": the headroom alone does not fit in the buffer"));
        staticPart(sb, sw, r.staticDerivation());
        dynamicPart(sb, sw, r.dynamicDerivation());
        if (r.derivationVerdict() == DerivationVerdict.INFEASIBLE) {
            sb.append("derivation: INFEASIBLE: neither static nor dynamic thresholds let a t_ECN of one MTU (")
                    .append(bytes(sw.mtuBytes())).append(") fire before PFC in the worst case\n");
        }
        r.check().ifPresent(c -> checkPart(sb, r, c));
        sb.append('\n');
        return sb.toString();
    }

    private static final String TIMED_OUT = "  INCONCLUSIVE: the solver's time limit (--time-limit) was reached before "
            + "the optimum was proven; nothing derived\n";

    private static void staticPart(StringBuilder sb, SwitchSpec sw, StaticDerivation d) {
        sb.append("static t_PFC (seed 004 §4: t_PFC <= (B - p*n*t_flight)/(p*n), t_PFC > n*t_ECN):\n");
        if (d.status() == SolveStatus.TIMED_OUT) {
            sb.append(TIMED_OUT);
            return;
        }
        if (d.tPfcMax() <= 0) {
            sb.append("  INFEASIBLE: no positive t_PFC fits beside the headroom (").append(d.status()).append(")\n");
            return;
        }
        sb.append("  largest safe t_PFC = ").append(bytes(d.tPfcMax())).append('\n');
        sb.append("  largest safe t_ECN = ").append(d.tEcnMax() < 0 ? "none" : bytes(d.tEcnMax()))
                .append(d.feasible() ? ": feasible" : ": INFEASIBLE, no t_ECN of at least one MTU ("
                        + bytes(sw.mtuBytes()) + ") fires before PFC in the worst case").append('\n');
    }

    private static void dynamicPart(StringBuilder sb, SwitchSpec sw, DynamicDerivation d) {
        sb.append("dynamic t_PFC = beta(B - p*n*t_flight - s)/").append(sw.betaDivisor())
                .append(", worst case s = p*n*t_ECN (beta from the chip's set):\n");
        StringBuilder row = new StringBuilder("  beta  ");
        for (BetaBound b : d.perBeta()) {
            row.append(String.format(Locale.ROOT, " %9s", b.beta()));
        }
        sb.append(row).append('\n');
        row = new StringBuilder("  t_ECN <");
        for (BetaBound b : d.perBeta()) {
            row.append(String.format(Locale.ROOT, " %9s", b.tEcnMax() < 0 ? "none" : String.format(Locale.ROOT, "%,d",
                    b.tEcnMax() + 1)));
        }
        sb.append(row).append(" B\n");
        if (d.status() == SolveStatus.TIMED_OUT) {
            sb.append(TIMED_OUT);
            return;
        }
        if (d.beta().isEmpty()) {
            sb.append("  INFEASIBLE: no allowed beta admits any t_ECN (").append(d.status()).append(")\n");
            return;
        }
        sb.append("  best beta = ").append(d.beta().get()).append(": largest safe t_ECN = ").append(bytes(d.tEcnMax()))
                .append(d.feasible() ? "; set DCQCN K_min = t_ECN, K_max >= K_min"
                        : ": INFEASIBLE, below one MTU (" + bytes(sw.mtuBytes()) + ")").append('\n');
    }

    private static void checkPart(StringBuilder sb, ThresholdReport r, ConfigCheck c) {
        String pfc = c.config().mode() == ThresholdMode.STATIC ? "static t_PFC = " + bytes(c.config().tPfc())
                : "dynamic beta = " + c.config().beta().orElseThrow();
        sb.append("check '").append(c.config().name()).append("' (").append(pfc).append(", t_ECN = ")
                .append(bytes(c.config().tEcn())).append("): ").append(c.verdict()).append('\n');
        for (Inequality i : c.inequalities()) {
            sb.append(String.format(Locale.ROOT, "  %-4s %-19s %-62s %s vs %s  (%s)%n", i.holds() ? "ok" : "FAIL",
                    i.name(), i.formula() + (i.note().isEmpty() ? "" : "; " + i.note()), side(i.lhs()), side(i.rhs()),
                    i.source()));
        }
        var ws = c.witnessSearch();
        sb.append("  Choco witness search: ").append(ws.status()).append(" in ").append(ws.millis()).append(" ms")
                .append(c.solverAgrees() ? "" : " -- DISAGREES with the closed-form EcnBeforePfc").append('\n');
        ws.witness().ifPresent(w -> sb.append("  witness").append(ws.minimal() ? " (least ingress occupancy)" : "")
                .append(": ").append(Witnesses.evaluate(r.sw(), r.headroom().bytes(), c.config(), w).message())
                .append("; fed egress queues: ").append(w.fedQueues().stream().filter(q -> q.bytes() > 0)
                        .map(q -> "port " + q.port() + " = " + bytes(q.bytes())).toList())
                .append(w.otherQueues().isEmpty() ? "" : "; " + w.otherQueues().size()
                        + " other priorities' queues hold " + bytes(w.sharedOccupancy() - w.ingressBytes()))
                .append('\n'));
        c.deflectionSearch().ifPresent(ds -> {
            sb.append("  Choco search for ECN before deflection (seed 000 §IV-B): ").append(ds.status()).append(" in ")
                    .append(ds.millis()).append(" ms\n");
            ds.witness().ifPresent(w -> sb.append("  witness (least occupancy): ").append(DeflectionWitnesses.evaluate(
                    r.sw(), r.headroom().bytes(), c.config(), w).message()).append('\n'));
        });
    }

    /** @param n a number of bytes  @return it in bytes, digits grouped: one unit for every size of the output */
    static String bytes(long n) {
        return String.format(Locale.ROOT, "%,d B", n);
    }

    /** An inequality's side: a number of bytes in the output's one unit (a fraction exactly), a marking in words. */
    private static String side(Inequality.Side side) {
        if (side instanceof ExactBytes b) {
            return b.isWhole() ? bytes(b.numerator()) : b + " B";
        }
        return ((EcnMarking) side).name().toLowerCase(Locale.ROOT);
    }

    /** @param figures the worked example  @return its table */
    public static String workedExample(List<PaperFigure> figures) {
        StringBuilder sb = new StringBuilder("seed 004 §4 worked example (Arista 7050QX32 / Trident II; decimal units,"
                + " 1 KB = 1000 B)\n");
        sb.append(String.format(Locale.ROOT, "%-44s %-38s %-36s %s%n", "figure", "paper", "its formulas give",
                "status"));
        for (PaperFigure f : figures) {
            sb.append(String.format(Locale.ROOT, "%-44s %-38s %-36s %s%n", f.figure(), f.paper(), f.computed(),
                    f.status()));
            sb.append("    formula: ").append(f.formula()).append(f.note().isEmpty() ? "" : "; " + f.note()).append('\n');
        }
        return sb.append('\n').toString();
    }

    /**
     * @param figures the worked example (may be empty)
     * @param reports reports
     * @param saved   witness files written
     * @return JSON text
     */
    static String json(List<PaperFigure> figures, List<ThresholdReport> reports, List<String> saved) {
        ObjectNode root = TraceJson.MAPPER.createObjectNode();
        if (!figures.isEmpty()) {
            ArrayNode worked = root.putArray("workedExample");
            figures.forEach(f -> ThresholdJson.paperFigure(worked.addObject(), f));
        }
        ArrayNode arr = root.putArray("reports");
        for (ThresholdReport r : reports) {
            arr.add(ThresholdJson.report(r));
        }
        ArrayNode files = root.putArray("witnessFiles");
        saved.forEach(files::add);
        try {
            return TraceJson.MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
