package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.rdmacheck.checker.thresholds.Beta;
import org.rdmacheck.checker.thresholds.BetaBound;
import org.rdmacheck.checker.thresholds.ConfigCheck;
import org.rdmacheck.checker.thresholds.DynamicDerivation;
import org.rdmacheck.checker.thresholds.EcnMarking;
import org.rdmacheck.checker.thresholds.ExactBytes;
import org.rdmacheck.checker.thresholds.HeadroomTerm;
import org.rdmacheck.checker.thresholds.Inequality;
import org.rdmacheck.checker.thresholds.Link;
import org.rdmacheck.checker.thresholds.PaperFigure;
import org.rdmacheck.checker.thresholds.StaticDerivation;
import org.rdmacheck.checker.thresholds.SwitchSpec;
import org.rdmacheck.checker.thresholds.ThresholdConfig;
import org.rdmacheck.checker.thresholds.ThresholdReport;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * A threshold report as a JSON tree (schema {@code docs/json-schema/thresholds.schema.json}): every
 * figure it derives (headroom, buffer shares, the largest thresholds, solver times) as
 * {@code {"value", "unit"}}; the switch and the configuration checked as given (plain numbers whose
 * key names the unit); β as its fraction and its value.
 */
final class ThresholdJson {

    private ThresholdJson() {
    }

    /** @param r a report  @return its JSON */
    static ObjectNode report(ThresholdReport r) {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        o.set("switch", switchJson(r.sw()));
        ObjectNode h = o.putObject("headroom");
        bytes(h, "tFlightBytes", r.headroom().bytes());
        h.put("given", r.headroom().given());
        ArrayNode terms = h.putArray("terms");
        for (HeadroomTerm t : r.headroom().terms()) {
            ObjectNode n = terms.addObject();
            n.put("name", t.name());
            n.put("formula", t.formula());
            JsonValues.figure(n, "bitTimes", t.bitTimes().doubleValue(), Quantity.Unit.BIT_TIMES);
        }
        bytes(o, "reservedHeadroomBytes", r.reservedHeadroom());
        bytes(o, "sharedBufferBytes", r.sharedBuffer());
        o.put("derivationVerdict", r.derivationVerdict().name());
        StaticDerivation s = r.staticDerivation();
        ObjectNode st = o.putObject("static");
        st.put("status", s.status().name());
        bytes(st, "tPfcMaxBytes", s.tPfcMax());
        bytes(st, "tEcnMaxBytes", s.tEcnMax());
        st.put("feasible", s.feasible());
        DynamicDerivation d = r.dynamicDerivation();
        ObjectNode dyn = o.putObject("dynamic");
        dyn.put("status", d.status().name());
        if (d.beta().isPresent()) {
            beta(dyn, d.beta().get());
        } else {
            dyn.putNull("beta");
            dyn.putNull("betaValue");
        }
        bytes(dyn, "tEcnMaxBytes", d.tEcnMax());
        dyn.put("feasible", d.feasible());
        ArrayNode per = dyn.putArray("perBeta");
        for (BetaBound b : d.perBeta()) {
            ObjectNode n = per.addObject();
            beta(n, b.beta());
            bytes(n, "tEcnMaxBytes", b.tEcnMax());
        }
        r.check().ifPresent(c -> o.set("check", check(c)));
        return o;
    }

    /** @param o where  @param key the figure's name  @param bytes a size the derivation computed */
    static void bytes(ObjectNode o, String key, long bytes) {
        JsonValues.figure(o, key, bytes, Quantity.Unit.BYTES);
    }

    /**
     * An inequality: each side a figure in B (a fraction also as its exact text) or a marking as its enum,
     * the outcome an enum beside {@code holds}.
     *
     * @param i an inequality
     * @return its JSON
     */
    static ObjectNode inequality(Inequality i) {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        o.put("name", i.name());
        o.put("formula", i.formula());
        o.put("note", i.note());
        side(o.putObject("lhs"), i.lhs());
        side(o.putObject("rhs"), i.rhs());
        o.put("outcome", i.outcome().name());
        o.put("holds", i.holds());
        o.put("source", i.source());
        return o;
    }

    private static void side(ObjectNode o, Inequality.Side side) {
        if (side instanceof ExactBytes b) {
            if (b.isWhole()) {
                o.put("value", b.numerator());
            } else {
                o.put("value", b.doubleValue());
            }
            o.put("unit", Quantity.Unit.BYTES.symbol());
            if (!b.isWhole()) {
                o.put("exact", b.toString());
            }
        } else {
            o.put("ecnMarking", ((EcnMarking) side).name());
        }
    }

    /**
     * A figure of the worked example: the printed text and what the formula yields as text for people,
     * each also as a figure ({@code paperValue}, {@code computedValue}; null when it is not one figure).
     *
     * @param o where
     * @param f the figure
     */
    static void paperFigure(ObjectNode o, PaperFigure f) {
        o.put("figure", f.figure());
        o.put("paper", f.paper());
        amount(o, "paperValue", f.paperValue());
        o.put("formula", f.formula());
        o.put("computed", f.computed());
        amount(o, "computedValue", f.computedValue());
        o.put("status", f.status().name());
        o.put("note", f.note());
    }

    private static void amount(ObjectNode o, String key, java.util.Optional<PaperFigure.Amount> a) {
        if (a.isEmpty()) {
            o.putNull(key);
        } else {
            JsonValues.figure(o, key, a.get().value().doubleValue(),
                    a.get().unit() == PaperFigure.Amount.Unit.BYTES ? Quantity.Unit.BYTES : Quantity.Unit.RATIO);
        }
    }

    private static void beta(ObjectNode o, Beta b) {
        o.put("beta", b.toString());
        o.put("betaValue", (double) b.numerator() / b.denominator());
    }

    private static ObjectNode switchJson(SwitchSpec sw) {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        o.put("name", sw.name());
        o.put("bufferBytes", sw.bufferBytes());
        o.put("ports", sw.ports());
        o.put("priorities", sw.priorities());
        o.put("mtuBytes", sw.mtuBytes());
        if (sw.link().isPresent()) {
            Link l = sw.link().get();
            ObjectNode n = o.putObject("link");
            n.put("bitsPerSecond", l.bitsPerSecond());
            n.put("cableMetres", l.cableMetres());
            n.put("nsPerMetre", l.nsPerMetre());
            n.put("responseQuanta", l.responseQuanta());
            n.put("interfaceDelayBitTimes", l.interfaceDelayBitTimes());
        } else {
            o.putNull("link");
            o.put("tFlightGivenBytes", sw.tFlightGiven());
        }
        ArrayNode betas = o.putArray("betas");
        sw.betas().forEach(b -> betas.add(b.toString()));
        ArrayNode values = o.putArray("betaValues"); // the numbers beside their exact text, as beta and betaValue
        sw.betas().forEach(b -> values.add((double) b.numerator() / b.denominator()));
        o.put("betaDivisor", sw.betaDivisor());
        return o;
    }

    private static ObjectNode check(ConfigCheck c) {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        ThresholdConfig cfg = c.config();
        ObjectNode n = o.putObject("config");
        n.put("name", cfg.name());
        n.put("mode", cfg.mode().name());
        if (cfg.beta().isPresent()) {
            beta(n, cfg.beta().get());
        } else {
            n.put("tPfcBytes", cfg.tPfc());
        }
        n.put("tEcnBytes", cfg.tEcn());
        n.put("kMaxBytes", cfg.kMax());
        n.put("deflectionBytes", cfg.deflection());
        o.put("verdict", c.verdict().name());
        ArrayNode ineq = o.putArray("inequalities");
        for (Inequality i : c.inequalities()) {
            ineq.add(inequality(i));
        }
        o.put("solverStatus", c.witnessSearch().status().name());
        JsonValues.figure(o, "solverMillis", c.witnessSearch().millis(), Quantity.Unit.MILLISECONDS);
        o.put("solverAgrees", c.solverAgrees());
        o.set("witness", c.witnessSearch().witness().map(TraceJson::toJson).orElse(null));
        if (c.deflectionSearch().isPresent()) {
            o.put("deflectionSolverStatus", c.deflectionSearch().get().status().name());
            JsonValues.figure(o, "deflectionSolverMillis", c.deflectionSearch().get().millis(),
                    Quantity.Unit.MILLISECONDS);
            o.set("deflectionWitness", c.deflectionSearch().get().witness().map(TraceJson::toJson).orElse(null));
        } else {
            o.putNull("deflectionSolverStatus");
            o.putNull("deflectionSolverMillis");
            o.putNull("deflectionWitness");
        }
        return o;
    }
}
