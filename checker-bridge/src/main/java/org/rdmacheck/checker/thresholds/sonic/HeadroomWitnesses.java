package org.rdmacheck.checker.thresholds.sonic;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.Provenance;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.Version;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.InputException;

/**
 * Headroom shortfalls as stored counterexamples (kind {@code witness}, model {@value #MODEL}): one
 * step whose state is the {@link HeadroomWitness}; the provenance holds what SONiC's calculation
 * needs (speed, cable, MTU, lanes, ASIC, lossless traffic pattern, gearbox delay: 0 when absent, as
 * files written before it was recorded were computed with none), so replay recomputes it.
 */
public final class HeadroomWitnesses {

    /** The model name in provenance and the counterexample folder. */
    public static final String MODEL = "thresholds-headroom";

    /** The property a witness violates. */
    public static final String PROPERTY = "XoffCoversHeadroom";

    private HeadroomWitnesses() {
    }

    /**
     * @param config the configuration's name
     * @param asic   the ASIC
     * @param t       the lossless traffic pattern
     * @param gearbox the gearbox delay
     * @param p       a priority whose headroom check failed
     * @return the counterexample, variant {@code <config>.<port>.p<priority>.<profile>}
     */
    public static Counterexample of(String config, SpectrumAsic asic, SonicConfig.LosslessTraffic t,
                                    GearboxDelay gearbox, PriorityCheck p) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("port", p.port());
        params.put("priority", Integer.toString(p.priority()));
        params.put("profile", p.profile());
        params.put("speedMbps", Long.toString(p.speedMbps()));
        params.put("cableMetres", p.cableMetres().toPlainString());
        params.put("mtu", Long.toString(p.mtu()));
        params.put("lanes", Integer.toString(p.lanes()));
        params.put("asic", asic.cliName());
        params.put("losslessMtu", Long.toString(t.mtu()));
        params.put("smallPacketPercentage", Integer.toString(t.smallPacketPercentage()));
        params.put("xoff", Long.toString(p.configuredXoff()));
        params.put("pg", Integer.toString(p.pg()));
        params.put("gearboxDelayNanos", gearbox.nanos().toPlainString());
        long arriving = p.sonic().xoffBytes();
        HeadroomWitness w = new HeadroomWitness(p.port(), p.priority(), p.profile(), p.configuredXoff(), arriving,
                arriving - p.configuredXoff());
        return new Counterexample(PROPERTY, Counterexample.Kind.WITNESS, List.of(new TraceStep(null, TraceJson.toJson(w))),
                0, -1, new Provenance(MODEL, config + "." + p.port() + ".p" + p.priority() + "." + p.profile(), params,
                MellanoxHeadroom.SOURCE, Version.VERSION), message(w));
    }

    /**
     * @param cex a counterexample
     * @return whether it is a headroom witness
     */
    public static boolean accepts(Counterexample cex) {
        return MODEL.equals(cex.provenance().model()) && cex.kind() == Counterexample.Kind.WITNESS;
    }

    /**
     * Recomputes SONiC's headroom from the provenance and re-evaluates the witness.
     *
     * @param cex a headroom witness
     * @return Reproduces if the configured xoff is still below what arrives after XOFF
     * @throws InputException if the file does not describe a port and a witness
     */
    public static ReplayResult replay(Counterexample cex) {
        if (cex.steps().size() != 1) {
            throw new InputException("headroom witness: expected exactly one step, found " + cex.steps().size());
        }
        Map<String, String> m = cex.provenance().parameters();
        BigDecimal cable;
        try {
            cable = new BigDecimal(get(m, "cableMetres"));
        } catch (NumberFormatException e) {
            throw new InputException("headroom witness: cableMetres = '" + m.get("cableMetres") + "': expected metres");
        }
        HeadroomCalculation c = MellanoxHeadroom.compute(SpectrumAsic.parse(get(m, "asic")),
                new SonicConfig.LosslessTraffic(number(m, "losslessMtu"), (int) number(m, "smallPacketPercentage")),
                number(m, "speedMbps"), cable, number(m, "mtu"),
                SonicConfigReader.gearboxDelay("headroom witness: gearboxDelayNanos",
                        m.getOrDefault("gearboxDelayNanos", "0")).doubleValue(), number(m, "lanes") == 8);
        long xoff = number(m, "xoff");
        HeadroomWitness w;
        try {
            w = TraceJson.MAPPER.treeToValue(cex.steps().get(0).state(), HeadroomWitness.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new InputException("headroom witness: malformed state: " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (w.headroomBytes() != xoff || w.arrivingAfterXoffBytes() != c.xoffBytes()
                || w.droppedBytes() != w.arrivingAfterXoffBytes() - w.headroomBytes()) {
            return new ReplayResult.IllegalStep(0, "the witness's figures (" + w + ") differ from the recomputed xoff "
                    + c.xoffBytes() + " B and configured " + xoff + " B");
        }
        return w.droppedBytes() > 0 ? new ReplayResult.Reproduces(message(w))
                : new ReplayResult.NoLongerViolated(message(w));
    }

    private static String message(HeadroomWitness w) {
        return w.port() + " priority " + w.priority() + " (" + w.profile() + "): after XOFF " + w.arrivingAfterXoffBytes()
                + " B arrive (" + MellanoxHeadroom.SOURCE + ") into " + w.headroomBytes() + " B of headroom: "
                + (w.droppedBytes() > 0 ? w.droppedBytes() + " B of a lossless priority dropped" : "no drop");
    }

    private static String get(Map<String, String> m, String key) {
        String v = m.get(key);
        if (v == null) {
            throw new InputException("headroom witness: provenance parameter '" + key + "' missing");
        }
        return v;
    }

    private static long number(Map<String, String> m, String key) {
        String v = get(m, key);
        if (!v.matches("[0-9]{1,12}")) {
            throw new InputException("headroom witness: " + key + " = '" + v + "': expected a non-negative integer");
        }
        return Long.parseLong(v);
    }
}
