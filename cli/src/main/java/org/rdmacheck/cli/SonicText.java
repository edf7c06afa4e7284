package org.rdmacheck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rdmacheck.checker.thresholds.ConfigCheck;
import org.rdmacheck.checker.thresholds.DeflectionSearch;
import org.rdmacheck.checker.thresholds.Headroom;
import org.rdmacheck.checker.thresholds.HeadroomTerm;
import org.rdmacheck.checker.thresholds.sonic.CalcTerm;
import org.rdmacheck.checker.thresholds.sonic.HeadroomCalculation;
import org.rdmacheck.checker.thresholds.sonic.IdleHeadroom;
import org.rdmacheck.checker.thresholds.sonic.PriorityCheck;
import org.rdmacheck.checker.thresholds.sonic.ProfileDerivation;
import org.rdmacheck.checker.thresholds.sonic.SonicReport;
import org.rdmacheck.checker.thresholds.sonic.ThresholdGroup;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * Formats the check of a SONiC configuration: one row per set of (port, priority) with identical
 * figures, the headroom terms of SONiC's calculation, the mlx5 driver's and 802.1Qbb side by side,
 * and each seed 004 model instance with its check and derivation. JSON schema:
 * {@code docs/json-schema/thresholds-sonic.schema.json}.
 */
final class SonicText {

    private SonicText() {
    }

    private record RowKey(int priority, int pg, int queue, String profile, long speedMbps, BigDecimal cable, long mtu,
                          int group) {
    }

    /**
     * @param r     a report
     * @param saved witness files written
     * @return its text
     */
    static String text(SonicReport r, List<String> saved) {
        StringBuilder sb = new StringBuilder();
        sb.append("SONiC configuration ").append(r.config()).append(" (headroom as ").append(r.asic().cliName())
                .append(", gearbox delay ").append(r.gearbox().nanos().toPlainString()).append(" ns from ")
                .append(r.gearbox().source()).append("): ").append(r.priorities().size())
                .append(" lossless (port, priority) pairs\n");
        Map<RowKey, List<PriorityCheck>> rows = new LinkedHashMap<>();
        for (PriorityCheck p : r.priorities()) {
            rows.computeIfAbsent(new RowKey(p.priority(), p.pg(), p.queue(), p.profile(), p.speedMbps(),
                    p.cableMetres(), p.mtu(), p.group()), k -> new ArrayList<>()).add(p);
        }
        sb.append(String.format(Locale.ROOT, "%-28s %4s %3s %5s %-34s %9s %7s %11s %11s %11s %11s  %s%n", "ports",
                "prio", "pg", "queue", "profile", "speed", "cable", "xoff cfg B", "SONiC B", "mlx5 B", "802.1Qbb B",
                "verdict"));
        for (List<PriorityCheck> row : rows.values()) {
            PriorityCheck p = row.get(0);
            sb.append(String.format(Locale.ROOT, "%-28s %4d %3d %5d %-34s %6dG %6sm %,11d %,11d %,11d %11s  %s%n",
                    ports(row), p.priority(), p.pg(), p.queue(), p.profile(), p.speedMbps() / 1000, p.cableMetres().toPlainString(),
                    p.configuredXoff(), p.sonic().xoffBytes(), p.mlx5().xoffBytes(),
                    p.ieee().map(h -> String.format(Locale.ROOT, "%,d", h.bytes())).orElse("n/a"),
                    p.verdict() + (p.headroom().holds() ? "" : " (xoff < SONiC's)")));
        }
        Map<List<Object>, PriorityCheck> links = new LinkedHashMap<>();
        r.priorities().forEach(p -> links.putIfAbsent(List.of(p.speedMbps(), p.cableMetres(), p.mtu()), p));
        for (PriorityCheck p : links.values()) {
            sb.append(String.format(Locale.ROOT, "%nheadroom terms at %d Mb/s, %s m, MTU %d B:%n", p.speedMbps(),
                    p.cableMetres().toPlainString(), p.mtu()));
            calc(sb, p.sonic());
            calc(sb, p.mlx5());
            ieee(sb, p.ieee());
        }
        for (ThresholdGroup g : r.groups()) {
            sb.append(String.format(Locale.ROOT, "%nseed 004 §4 model for priority %d (PG %d, queue %d), profile %s, ECN %s "
                    + "on %d ports (%s):%n", g.priority(), g.pg(), g.queue(), g.profile(),
                    g.wredProfile().orElse("none (no WRED_PROFILE on the queue)"), g.ports().size(), range(g.ports())));
            sb.append(ThresholdText.report(g.report()));
            ConfigCheck check = g.report().check().orElseThrow();
            if (check.witnessSearch().witness().isPresent()
                    || check.deflectionSearch().flatMap(DeflectionSearch::witness).isPresent()) {
                sb.append("  in the witness, model port 0 is ").append(g.ports().get(0)).append(" and priority 0 is ")
                        .append(g.priority()).append(" (profile ").append(g.profile())
                        .append("); the other model ports are the pool's other lossless ports\n");
            }
            sb.append(derivation(g));
        }
        Map<List<Object>, List<String>> idle = new LinkedHashMap<>();
        r.idle().forEach(i -> idle.computeIfAbsent(List.of(i.pg(), i.profile(), i.xoffBytes()), k -> new ArrayList<>())
                .add(i.port()));
        idle.forEach((k, ports) -> sb.append(String.format(Locale.ROOT, "%nidle lossless PG %s on %s: profile %s reserves "
                + "%,d B of xoff per port that no lossless priority maps to (tc_to_pg_map)%n", k.get(0), range(ports),
                k.get(1), (Long) k.get(2))));
        sb.append(String.format(Locale.ROOT, "%nheadroom returnable to the shared pool (xoff beyond SONiC's calculation,"
                + " idle lossless PGs): %s%n", ThresholdText.bytes(r.returnableBytes())));
        saved.forEach(f -> sb.append("witness stored: ").append(f).append('\n'));
        sb.append("verdict: ").append(r.verdict()).append('\n');
        return sb.toString();
    }

    private static String derivation(ThresholdGroup g) {
        ProfileDerivation d = g.derivation();
        StringBuilder sb = new StringBuilder("  derivation for ").append(g.profile()).append(": largest safe ECN threshold"
                + " (green_min_threshold) under the configured PFC threshold = ")
                .append(d.tEcnMaxBytes() < 0 ? "none" : ThresholdText.bytes(d.tEcnMaxBytes()));
        if (g.report().check().orElseThrow().config().beta().isPresent()) {
            sb.append("; dynamic_th keeping the configured ECN threshold before PFC: ").append(d.dynamicThMin()
                    .map(lo -> lo + ".." + d.dynamicThMax().orElseThrow() + " (largest " + d.dynamicThMax().orElseThrow()
                            + ")").orElse("none"));
        } else {
            sb.append("; largest static_th with no loss once paused = ")
                    .append(d.staticThMax().map(ThresholdText::bytes).orElse("none"));
        }
        return sb.append('\n').toString();
    }

    private static void calc(StringBuilder sb, HeadroomCalculation c) {
        sb.append("  ").append(c.source()).append(": xoff ").append(String.format(Locale.ROOT, "%,d B", c.xoffBytes()))
                .append(c.xonBytes() > 0 ? String.format(Locale.ROOT, ", xon %,d B", c.xonBytes()) : "").append('\n');
        for (CalcTerm t : c.terms()) {
            sb.append(String.format(Locale.ROOT, "    %-16s %-62s %,14.3f %s%n", t.name(), t.formula(), t.value(),
                    t.unit() == CalcTerm.Unit.BYTES ? "B" : "x"));
        }
    }

    private static void ieee(StringBuilder sb, java.util.Optional<Headroom> h) {
        if (h.isEmpty()) {
            sb.append("  IEEE 802.1Qbb delay model: n/a (no standard response time and interface delay for this speed)\n");
            return;
        }
        sb.append(String.format(Locale.ROOT, "  IEEE 802.1Qbb delay model: t_flight %,d B%n", h.get().bytes()));
        for (HeadroomTerm t : h.get().terms()) {
            sb.append(String.format(Locale.ROOT, "    %-27s %-51s %,14.3f B%n", t.name(), t.formula(),
                    t.bitTimes().divide(BigDecimal.valueOf(8), 3, RoundingMode.HALF_UP)));
        }
    }

    private static String ports(List<PriorityCheck> row) {
        return range(row.stream().map(PriorityCheck::port).toList());
    }

    private static String range(List<String> ports) {
        return ports.size() == 1 ? ports.get(0)
                : ports.get(0) + ".." + ports.get(ports.size() - 1) + " (" + ports.size() + ")";
    }

    /**
     * @param r     a report
     * @param saved witness files written
     * @return its JSON
     */
    static String json(SonicReport r, List<String> saved) {
        ObjectNode root = TraceJson.MAPPER.createObjectNode();
        root.put("config", r.config());
        root.put("asic", r.asic().cliName());
        root.put("verdict", r.verdict().name());
        ThresholdJson.bytes(root, "returnableHeadroomBytes", r.returnableBytes());
        JsonValues.figure(root, "gearboxDelayNs", r.gearbox().nanos().doubleValue(),
                Quantity.Unit.NANOSECONDS);
        root.put("gearboxDelaySource", r.gearbox().source());
        ArrayNode prios = root.putArray("priorities");
        for (PriorityCheck p : r.priorities()) {
            ObjectNode o = prios.addObject();
            o.put("port", p.port());
            o.put("priority", p.priority());
            o.put("pg", p.pg());
            o.put("queue", p.queue());
            o.put("profile", p.profile());
            o.put("wredProfile", p.wredProfile().orElse(null));
            o.put("speedMbps", p.speedMbps());
            o.put("cableMetres", p.cableMetres());
            o.put("mtuBytes", p.mtu());
            o.put("configuredXoffBytes", p.configuredXoff());
            ThresholdJson.bytes(o, "returnableBytes", p.returnableBytes());
            o.set("sonic", calcJson(p.sonic()));
            o.set("mlx5", calcJson(p.mlx5()));
            if (p.ieee().isPresent()) {
                ObjectNode h = o.putObject("ieee8021Qbb");
                ThresholdJson.bytes(h, "tFlightBytes", p.ieee().get().bytes());
                ArrayNode terms = h.putArray("terms");
                for (HeadroomTerm t : p.ieee().get().terms()) {
                    ObjectNode n = terms.addObject();
                    n.put("name", t.name());
                    n.put("formula", t.formula());
                    JsonValues.figure(n, "bitTimes", t.bitTimes().doubleValue(), Quantity.Unit.BIT_TIMES);
                }
            } else {
                o.putNull("ieee8021Qbb");
            }
            o.set("headroom", ThresholdJson.inequality(p.headroom()));
            o.put("group", p.group());
            o.put("verdict", p.verdict().name());
        }
        ArrayNode groups = root.putArray("groups");
        for (ThresholdGroup g : r.groups()) {
            ObjectNode o = groups.addObject();
            o.put("profile", g.profile());
            o.put("wredProfile", g.wredProfile().orElse(null));
            o.put("priority", g.priority());
            ArrayNode ports = o.putArray("ports");
            g.ports().forEach(ports::add);
            o.put("pg", g.pg());
            o.put("queue", g.queue());
            ProfileDerivation d = g.derivation();
            optional(o, "dynamicThMin", d.dynamicThMin().map(Long::valueOf));
            optional(o, "dynamicThMax", d.dynamicThMax().map(Long::valueOf));
            JsonValues.figureOrNull(o, "staticThMaxBytes", d.staticThMax(), Quantity.Unit.BYTES);
            ThresholdJson.bytes(o, "tEcnMaxBytes", d.tEcnMaxBytes());
            o.set("report", ThresholdJson.report(g.report()));
        }
        ArrayNode idle = root.putArray("idleLosslessPgs");
        for (IdleHeadroom i : r.idle()) {
            ObjectNode o = idle.addObject();
            o.put("port", i.port());
            o.put("pg", i.pg());
            o.put("profile", i.profile());
            o.put("xoffBytes", i.xoffBytes());
        }
        ArrayNode files = root.putArray("witnessFiles");
        saved.forEach(files::add);
        try {
            return TraceJson.MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void optional(ObjectNode o, String key, java.util.Optional<Long> v) {
        if (v.isPresent()) {
            o.put(key, v.get());
        } else {
            o.putNull(key);
        }
    }

    private static ObjectNode calcJson(HeadroomCalculation c) {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        o.put("source", c.source());
        ThresholdJson.bytes(o, "xoffBytes", c.xoffBytes());
        ThresholdJson.bytes(o, "xonBytes", c.xonBytes());
        ArrayNode terms = o.putArray("terms");
        for (CalcTerm t : c.terms()) {
            ObjectNode n = terms.addObject();
            n.put("name", t.name());
            n.put("formula", t.formula());
            n.put("value", t.value());
            n.put("unit", t.unit() == CalcTerm.Unit.BYTES ? "B" : "1");
        }
        return o;
    }
}
