package org.rdmacheck.checker.cdg.tables;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.rdmacheck.checker.thresholds.sonic.SonicConfig;
import org.rdmacheck.checker.thresholds.sonic.SonicConfigReader;
import org.rdmacheck.model.InputException;

/**
 * RoCE lanes: a packet keeps its priority (traffic class) on every hop, and only lossless
 * priorities pause the upstream (PFC); a lossy priority drops when full and holds nothing back.
 * The lossless priorities come from a SONiC {@code config_db.json}'s {@code PORT_QOS_MAP}
 * {@code pfc_enable}, read by the threshold check's reader; one QoS template applies to every
 * switch, so every port of the file must enable the same priorities. A DSCP is turned into its
 * traffic class by the {@code DSCP_TO_TC_MAP} the ports name in {@code dscp_to_tc_map}.
 *
 * @param lossless the lossless priorities
 */
public record RoceLanes(Set<Integer> lossless) implements LaneMap {

    /** Copies the set. */
    public RoceLanes {
        lossless = Set.copyOf(lossless);
    }

    @Override
    public int lane(int sw, int inPort, int outPort, int sl) {
        return sl;
    }

    @Override
    public int sourceLane(int endpoint, int sl) {
        return sl;
    }

    @Override
    public boolean pauses(int arc, int lane) {
        return lossless.contains(lane);
    }

    @Override
    public String prefix() {
        return "P";
    }

    /**
     * @param file a config_db.json
     * @return its lossless priorities
     * @throws InputException if ports disagree or none is lossless
     */
    public static RoceLanes fromSonic(Path file) {
        SonicConfig c = SonicConfigReader.read(file);
        Set<Integer> set = null;
        String first = null;
        for (var e : new java.util.TreeMap<>(c.qos()).entrySet()) {
            Set<Integer> l = new TreeSet<>(e.getValue().lossless());
            if (set == null) {
                set = l;
                first = e.getKey();
            } else if (!set.equals(l)) {
                throw new InputException(file + ": PORT_QOS_MAP pfc_enable is " + set + " on " + first + " but " + l
                        + " on " + e.getKey() + ": expected one lossless set for every port");
            }
        }
        if (set == null || set.isEmpty()) {
            throw new InputException(file + ": no PORT_QOS_MAP pfc_enable: expected the lossless priorities");
        }
        return new RoceLanes(set);
    }

    /**
     * @param file a config_db.json
     * @param dscp a DSCP value in [0, 63]
     * @return the traffic class the ports' DSCP_TO_TC_MAP gives it
     * @throws InputException if there is no such map, ports name different maps, or the DSCP is not in it
     */
    public static int trafficClass(Path file, int dscp) {
        if (dscp < 0 || dscp > 63) {
            throw new InputException("--dscp " + dscp + ": expected an integer in [0, 63]");
        }
        JsonNode root;
        try {
            root = new ObjectMapper().enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                    .readTree(Files.readString(file));
        } catch (IOException e) {
            throw new InputException(file + ": cannot read: " + e.getMessage());
        }
        String name = null;
        for (var it = root.path("PORT_QOS_MAP").fields(); it.hasNext(); ) {
            var e = it.next();
            String m = e.getValue().path("dscp_to_tc_map").asText("");
            if (name == null) {
                name = m;
            } else if (!name.equals(m)) {
                throw new InputException(file + ": PORT_QOS_MAP ports name different dscp_to_tc_map maps ('" + name
                        + "', '" + m + "'): expected one");
            }
        }
        JsonNode map = root.path("DSCP_TO_TC_MAP").path(name == null ? "" : name);
        if (name == null || name.isEmpty() || !map.isObject()) {
            throw new InputException(file + ": no DSCP_TO_TC_MAP named by PORT_QOS_MAP dscp_to_tc_map: expected one to map --dscp");
        }
        JsonNode tc = map.path(Integer.toString(dscp));
        if (!tc.isTextual() && !tc.isInt()) {
            throw new InputException(file + ": DSCP_TO_TC_MAP|" + name + " has no entry for DSCP " + dscp);
        }
        try {
            int v = Integer.parseInt(tc.asText());
            if (v >= 0 && v <= 7) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InputException(file + ": DSCP_TO_TC_MAP|" + name + " maps DSCP " + dscp + " to '" + tc.asText()
                + "': expected a traffic class in [0, 7]");
    }
}
