package org.rdmacheck.checker.thresholds.sonic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rdmacheck.checker.thresholds.sonic.SonicConfig.Binding;
import org.rdmacheck.checker.thresholds.sonic.SonicConfig.LosslessTraffic;
import org.rdmacheck.checker.thresholds.sonic.SonicConfig.Pool;
import org.rdmacheck.checker.thresholds.sonic.SonicConfig.PoolMode;
import org.rdmacheck.checker.thresholds.sonic.SonicConfig.PoolType;
import org.rdmacheck.checker.thresholds.sonic.SonicConfig.PortIndex;
import org.rdmacheck.checker.thresholds.sonic.SonicConfig.PortQos;
import org.rdmacheck.checker.thresholds.sonic.SonicConfig.Profile;
import org.rdmacheck.checker.thresholds.sonic.SonicConfig.Wred;
import org.rdmacheck.model.InputException;

/**
 * Reads the buffer sections of a SONiC {@code config_db.json} with Jackson. Every key of a buffer
 * section must be one the check understands: an unknown key, a malformed value or a reference to a
 * missing profile or pool is an {@link InputException} naming the table, the entry and the value.
 * Tables other than those listed are ignored (a config_db holds many).
 */
public final class SonicConfigReader {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    private static final Pattern REF = Pattern.compile("\\[?(?:BUFFER_PROFILE[|:])?([A-Za-z0-9_.-]+)]?");
    private static final Pattern POOL_REF = Pattern.compile("\\[?(?:BUFFER_POOL[|:])?([A-Za-z0-9_.-]+)]?");
    private static final Pattern KEY = Pattern.compile("([A-Za-z0-9_/,.-]+)\\|([0-7])(?:-([0-7]))?");
    private static final Pattern LENGTH = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)m");

    private static final Set<String> POOL_KEYS = Set.of("size", "type", "mode", "xoff");
    private static final Set<String> PROFILE_KEYS = Set.of("pool", "size", "xon", "xoff", "xon_offset", "dynamic_th",
            "static_th");
    private static final Set<String> BINDING_KEYS = Set.of("profile");
    private static final Set<String> WRED_KEYS = Set.of("ecn", "wred_green_enable", "wred_yellow_enable",
            "wred_red_enable", "green_min_threshold", "green_max_threshold", "green_drop_probability",
            "yellow_min_threshold", "yellow_max_threshold", "yellow_drop_probability", "red_min_threshold",
            "red_max_threshold", "red_drop_probability");
    private static final Set<String> QUEUE_KEYS = Set.of("wred_profile", "scheduler");
    private static final Set<String> QOS_MAP_KEYS = Set.of("pfc_enable", "pfcwd_sw_enable", "dscp_to_tc_map",
            "dot1p_to_tc_map", "tc_to_queue_map", "tc_to_pg_map", "pfc_to_queue_map", "pfc_to_pg_map",
            "tc_to_dscp_map", "scheduler");
    private static final Set<String> TRAFFIC_KEYS = Set.of("mtu", "small_packet_percentage");

    private SonicConfigReader() {
    }

    /**
     * @param file a config_db.json
     * @return its buffer sections
     * @throws InputException if it is unreadable, malformed or uses what the check does not support
     */
    public static SonicConfig read(Path file) {
        JsonNode root;
        try {
            root = MAPPER.readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr();
            throw new InputException(file + ": not JSON" + where + ": "
                    + e.getOriginalMessage().replaceAll("\\s*\\(start marker at .*", "").lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new InputException(org.rdmacheck.checker.JsonErrors.cannotRead(file, e));
        }
        if (root == null || !root.isObject()) {
            throw new InputException(file + ": expected a config_db.json object of tables");
        }
        String stem = file.getFileName().toString().replaceFirst("\\.json$", "").replaceAll("[^A-Za-z0-9_.-]", "_");
        return parse(stem, root);
    }

    /**
     * @param name a label
     * @param root the config_db object
     * @return its buffer sections
     * @throws InputException as {@link #read}
     */
    public static SonicConfig parse(String name, JsonNode root) {
        Map<String, Pool> pools = new LinkedHashMap<>();
        entries(root, "BUFFER_POOL", true).forEach((k, v) -> pools.put(k, pool(k, v)));
        Map<String, Profile> profiles = new LinkedHashMap<>();
        entries(root, "BUFFER_PROFILE", true).forEach((k, v) -> profiles.put(k, profile(k, v, pools)));
        List<Binding> pgs = bindings(root, "BUFFER_PG", profiles, true);
        // egress queue buffers are not part of seed 004's model: a config_db without them is read
        List<Binding> queues = bindings(root, "BUFFER_QUEUE", profiles, false);
        Map<String, SonicConfig.Port> ports = new LinkedHashMap<>();
        entries(root, "PORT", true).forEach((k, v) -> ports.put(k, port(k, v)));
        Map<String, BigDecimal> cables = cables(root, ports);
        Map<String, Wred> wred = new LinkedHashMap<>();
        entries(root, "WRED_PROFILE", false).forEach((k, v) -> wred.put(k, wred(k, v)));
        Map<PortIndex, String> queueWred = queueWred(root, wred);
        Map<String, Map<Integer, Integer>> tcToPg = tcMaps(root, "TC_TO_PRIORITY_GROUP_MAP");
        Map<String, Map<Integer, Integer>> tcToQueue = tcMaps(root, "TC_TO_QUEUE_MAP");
        Map<String, PortQos> qos = new LinkedHashMap<>();
        entries(root, "PORT_QOS_MAP", true).forEach((k, v) -> {
            keysIn("PORT_QOS_MAP", k, v, QOS_MAP_KEYS);
            PortQos q = portQos("PORT_QOS_MAP|" + k, v, tcToPg, tcToQueue);
            // older config_db files key PORT_QOS_MAP by a comma list of ports
            for (String port : k.split(",")) {
                qos.put(port.trim(), q);
            }
        });
        return new SonicConfig(name, pools, profiles, pgs, queues, ports, cables, wred, queueWred, qos,
                traffic(root), gearbox(root));
    }

    /** TC_TO_PRIORITY_GROUP_MAP or TC_TO_QUEUE_MAP: name to {traffic class: index}, both in 0..7. */
    private static Map<String, Map<Integer, Integer>> tcMaps(JsonNode root, String table) {
        Map<String, Map<Integer, Integer>> out = new LinkedHashMap<>();
        entries(root, table, false).forEach((name, v) -> {
            Map<Integer, Integer> m = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                String value = e.getValue().asText().trim();
                if (!e.getKey().trim().matches("[0-7]") || !e.getValue().isValueNode() || !value.matches("[0-7]")) {
                    throw new InputException(table + "|" + name + " " + e.getKey() + " = '" + value
                            + "': expected a traffic class 0..7 mapped to an index 0..7");
                }
                m.put(Integer.parseInt(e.getKey().trim()), Integer.parseInt(value));
            }
            out.put(name, m);
        });
        return out;
    }

    /**
     * A port's lossless priorities and the maps their traffic classes go through. A port with
     * lossless priorities must name both maps: without them the priority group and queue of a
     * lossless class are the vendor's default, which the check cannot know.
     */
    private static PortQos portQos(String where, JsonNode v, Map<String, Map<Integer, Integer>> tcToPg,
                                   Map<String, Map<Integer, Integer>> tcToQueue) {
        Set<Integer> lossless = v.has("pfc_enable") ? priorities(where + " pfc_enable", text(v, "pfc_enable")) : Set.of();
        if (lossless.isEmpty()) {
            return new PortQos(lossless, Map.of(), Map.of());
        }
        return new PortQos(lossless, tcMap(where, v, "tc_to_pg_map", "TC_TO_PRIORITY_GROUP_MAP", tcToPg, lossless),
                tcMap(where, v, "tc_to_queue_map", "TC_TO_QUEUE_MAP", tcToQueue, lossless));
    }

    private static Map<Integer, Integer> tcMap(String where, JsonNode v, String field, String table,
                                               Map<String, Map<Integer, Integer>> maps, Set<Integer> lossless) {
        if (!v.has(field)) {
            throw new InputException(where + ": missing field '" + field + "': expected it on a port with lossless "
                    + "priorities (without it their " + (table.contains("GROUP") ? "priority group" : "queue")
                    + " is the vendor's default)");
        }
        String ref = text(v, field);
        Matcher m = Pattern.compile("\\[?(?:" + table + "[|:])?([A-Za-z0-9_.-]+)]?").matcher(ref);
        if (!m.matches() || !maps.containsKey(m.group(1))) {
            throw new InputException(where + " " + field + " = '" + ref + "': no such " + table + " (have "
                    + maps.keySet() + ")");
        }
        Map<Integer, Integer> map = maps.get(m.group(1));
        for (int tc : lossless) {
            if (!map.containsKey(tc)) {
                throw new InputException(table + "|" + m.group(1) + ": no entry for lossless traffic class " + tc
                        + " (" + where + " pfc_enable)");
            }
        }
        return map;
    }

    /**
     * PERIPHERAL_TABLE (the gearbox model and its gearbox_delay) and PORT_PERIPHERAL_TABLE|global
     * (which model the ports use) as SONiC's dynamic buffer design loads them; SONiC supports one
     * gearbox model for all ports of a non-chassis switch.
     */
    private static Optional<SonicConfig.Gearbox> gearbox(JsonNode root) {
        Map<String, JsonNode> models = entries(root, "PERIPHERAL_TABLE", false);
        if (models.isEmpty()) {
            return Optional.empty();
        }
        Map<String, JsonNode> ports = entries(root, "PORT_PERIPHERAL_TABLE", false);
        for (String k : ports.keySet()) {
            keysIn("PORT_PERIPHERAL_TABLE", k, ports.get(k), Set.of("peripheral"));
            if (!k.equals("global")) {
                throw new InputException("PORT_PERIPHERAL_TABLE|" + k + ": expected only the key 'global' (one gearbox "
                        + "model for all ports)");
            }
        }
        String model;
        if (ports.containsKey("global")) {
            model = req("PORT_PERIPHERAL_TABLE|global", ports.get("global"), "peripheral");
            if (!models.containsKey(model)) {
                throw new InputException("PORT_PERIPHERAL_TABLE|global peripheral = '" + model
                        + "': no such PERIPHERAL_TABLE entry (have " + models.keySet() + ")");
            }
        } else if (models.size() == 1) {
            model = models.keySet().iterator().next();
        } else {
            throw new InputException("PERIPHERAL_TABLE: " + models.size() + " gearbox models " + models.keySet()
                    + ": expected PORT_PERIPHERAL_TABLE|global to name the one the ports use");
        }
        String w = "PERIPHERAL_TABLE|" + model;
        keysIn("PERIPHERAL_TABLE", model, models.get(model), Set.of("gearbox_delay"));
        return Optional.of(new SonicConfig.Gearbox(model, gearboxDelay(w + " gearbox_delay",
                req(w, models.get(model), "gearbox_delay"))));
    }

    /**
     * @param where  the value's origin, for the message
     * @param value  a gearbox delay, e.g. {@code 9.765}
     * @return it
     * @throws InputException unless a non-negative decimal below 10^6
     */
    public static BigDecimal gearboxDelay(String where, String value) {
        if (!value.trim().matches("[0-9]{1,6}(\\.[0-9]{1,6})?")) {
            throw new InputException(where + " = '" + value + "': expected a non-negative decimal (ns), e.g. 9.765");
        }
        return new BigDecimal(value.trim());
    }

    private static Map<String, JsonNode> entries(JsonNode root, String table, boolean required) {
        JsonNode t = root.get(table);
        if (t == null) {
            if (required) {
                throw new InputException(table + ": missing table: the buffer check needs it");
            }
            return Map.of();
        }
        if (!t.isObject()) {
            throw new InputException(table + ": expected an object of entries");
        }
        Map<String, JsonNode> m = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = t.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isObject()) {
                throw new InputException(table + "|" + e.getKey() + ": expected an object of fields");
            }
            m.put(e.getKey(), e.getValue());
        }
        return m;
    }

    private static void keysIn(String table, String entry, JsonNode v, Set<String> allowed) {
        for (Iterator<String> it = v.fieldNames(); it.hasNext();) {
            String k = it.next();
            if (!allowed.contains(k)) {
                throw new InputException(table + "|" + entry + ": unsupported field '" + k + "': expected one of "
                        + new TreeSet<>(allowed));
            }
            if (!v.get(k).isValueNode()) {
                throw new InputException(table + "|" + entry + " " + k + ": expected a string value");
            }
        }
    }

    private static String text(JsonNode v, String key) {
        return v.get(key).asText().trim();
    }

    private static Optional<String> opt(JsonNode v, String key) {
        return v.has(key) ? Optional.of(text(v, key)) : Optional.empty();
    }

    private static String req(String where, JsonNode v, String key) {
        if (!v.has(key)) {
            throw new InputException(where + ": missing field '" + key + "'");
        }
        return text(v, key);
    }

    private static long bytes(String where, String value) {
        if (!value.matches("[0-9]{1,12}")) {
            throw new InputException(where + " = '" + value + "': expected a size in bytes (a non-negative integer)");
        }
        return Long.parseLong(value);
    }

    private static Pool pool(String k, JsonNode v) {
        String w = "BUFFER_POOL|" + k;
        keysIn("BUFFER_POOL", k, v, POOL_KEYS);
        PoolType type = switch (req(w, v, "type")) {
            case "ingress" -> PoolType.INGRESS;
            case "egress" -> PoolType.EGRESS;
            default -> throw new InputException(w + " type = '" + text(v, "type") + "': expected ingress or egress");
        };
        PoolMode mode = switch (req(w, v, "mode")) {
            case "static" -> PoolMode.STATIC;
            case "dynamic" -> PoolMode.DYNAMIC;
            default -> throw new InputException(w + " mode = '" + text(v, "mode") + "': expected static or dynamic");
        };
        return new Pool(bytes(w + " size", req(w, v, "size")), type, mode,
                bytes(w + " xoff", opt(v, "xoff").orElse("0")));
    }

    private static Profile profile(String k, JsonNode v, Map<String, Pool> pools) {
        String w = "BUFFER_PROFILE|" + k;
        keysIn("BUFFER_PROFILE", k, v, PROFILE_KEYS);
        String poolRef = req(w, v, "pool");
        Matcher m = POOL_REF.matcher(poolRef);
        if (!m.matches() || !pools.containsKey(m.group(1))) {
            throw new InputException(w + " pool = '" + poolRef + "': no such BUFFER_POOL (have " + pools.keySet() + ")");
        }
        Pool pool = pools.get(m.group(1));
        Optional<Integer> dyn = opt(v, "dynamic_th").map(s -> dynamicTh(w, s));
        Optional<Long> stat = opt(v, "static_th").map(s -> bytes(w + " static_th", s));
        if (dyn.isPresent() == stat.isPresent()) {
            throw new InputException(w + ": expected exactly one of dynamic_th and static_th");
        }
        if (dyn.isPresent() != (pool.mode() == PoolMode.DYNAMIC)) {
            throw new InputException(w + ": " + (dyn.isPresent() ? "dynamic_th" : "static_th") + " in a "
                    + pool.mode().name().toLowerCase() + " pool '" + m.group(1) + "'");
        }
        return new Profile(m.group(1), bytes(w + " size", req(w, v, "size")),
                bytes(w + " xon", opt(v, "xon").orElse("0")), bytes(w + " xoff", opt(v, "xoff").orElse("0")), dyn, stat);
    }

    /** SAI's dynamic threshold: the share of free buffer is 2^dynamic_th; Spectrum accepts -7..7. */
    private static int dynamicTh(String where, String s) {
        if (!s.matches("-?[0-9]{1,2}") || Math.abs(Integer.parseInt(s)) > 7) {
            throw new InputException(where + " dynamic_th = '" + s + "': expected an integer in [-7, 7] (log2 of the share)");
        }
        return Integer.parseInt(s);
    }

    private static List<Binding> bindings(JsonNode root, String table, Map<String, Profile> profiles,
                                          boolean required) {
        List<Binding> out = new ArrayList<>();
        Map<PortIndex, String[]> claimed = new java.util.HashMap<>();
        entries(root, table, required).forEach((k, v) -> {
            keysIn(table, k, v, BINDING_KEYS);
            String ref = req(table + "|" + k, v, "profile");
            Matcher m = REF.matcher(ref);
            if (!m.matches() || !profiles.containsKey(m.group(1))) {
                throw new InputException(table + "|" + k + " profile = '" + ref + "': no such BUFFER_PROFILE");
            }
            for (PortIndex pi : portIndices(table, k)) {
                if (claim(claimed, table, pi, k, m.group(1), "profile")) {
                    out.add(new Binding(pi.port(), pi.index(), m.group(1)));
                }
            }
        });
        return out;
    }

    /**
     * Two keys of one table that cover the same port and index ({@code Ethernet0|3} and
     * {@code Ethernet0|3-4}) with different values: SONiC applies such entries in no guaranteed order,
     * so the switch may run with either, and a verdict on one reading says nothing of the other.
     * The same value twice is one reading.
     *
     * @return whether the port and index are new (false: the same value was already bound)
     */
    private static boolean claim(Map<PortIndex, String[]> claimed, String table, PortIndex pi, String key,
                                 String value, String what) {
        String[] before = claimed.putIfAbsent(pi, new String[] {key, value});
        if (before == null) {
            return true;
        }
        if (before[1].equals(value)) {
            return false;
        }
        throw new InputException(table + "|" + before[0] + " and " + table + "|" + key + " both cover " + pi.port()
                + " index " + pi.index() + ", with " + what + " " + before[1] + " and " + value + ": SONiC applies "
                + "overlapping entries in no guaranteed order; expected each port and index in one entry");
    }

    private static List<PortIndex> portIndices(String table, String key) {
        Matcher m = KEY.matcher(key);
        if (!m.matches()) {
            throw new InputException(table + "|" + key + ": expected a key PORT|N or PORT|N-M with N, M in 0..7");
        }
        int lo = Integer.parseInt(m.group(2));
        int hi = m.group(3) == null ? lo : Integer.parseInt(m.group(3));
        if (hi < lo) {
            throw new InputException(table + "|" + key + ": range " + lo + "-" + hi + " is empty");
        }
        List<PortIndex> out = new ArrayList<>();
        for (String port : m.group(1).split(",")) {
            for (int i = lo; i <= hi; i++) {
                out.add(new PortIndex(port, i));
            }
        }
        return out;
    }

    /** PORT is not a buffer section: only speed, mtu and lanes are read, other fields are ignored. */
    private static SonicConfig.Port port(String k, JsonNode v) {
        String w = "PORT|" + k;
        String speed = req(w, v, "speed");
        if (!speed.matches("[1-9][0-9]{0,6}")) {
            throw new InputException(w + " speed = '" + speed + "': expected Mb/s, e.g. 100000");
        }
        String mtu = opt(v, "mtu").orElse("9100");
        long mtuBytes = bytes(w + " mtu", mtu);
        if (mtuBytes < 68) {
            throw new InputException(w + " mtu = '" + mtu + "': expected at least 68 bytes");
        }
        int lanes = opt(v, "lanes").map(s -> s.split(",").length).orElse(0);
        return new SonicConfig.Port(Long.parseLong(speed), mtuBytes, lanes);
    }

    private static Map<String, BigDecimal> cables(JsonNode root, Map<String, SonicConfig.Port> ports) {
        Map<String, BigDecimal> out = new LinkedHashMap<>();
        Map<String, String> tableOf = new java.util.HashMap<>();
        entries(root, "CABLE_LENGTH", true).forEach((k, v) -> {
            for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                String s = e.getValue().asText().trim();
                Matcher m = LENGTH.matcher(s);
                if (!e.getValue().isValueNode() || !m.matches()) {
                    throw new InputException("CABLE_LENGTH|" + k + " " + e.getKey() + " = '" + s
                            + "': expected a length in metres like 40m");
                }
                if (!ports.containsKey(e.getKey())) {
                    throw new InputException("CABLE_LENGTH|" + k + ": port '" + e.getKey() + "' is not in PORT");
                }
                BigDecimal metres = new BigDecimal(m.group(1));
                if (out.containsKey(e.getKey()) && out.get(e.getKey()).compareTo(metres) != 0) {
                    throw new InputException("CABLE_LENGTH|" + tableOf.get(e.getKey()) + " and CABLE_LENGTH|" + k
                            + " both give port " + e.getKey() + " a length, " + out.get(e.getKey()).toPlainString()
                            + "m and " + s + ": SONiC applies them in no guaranteed order; expected the port in one "
                            + "table");
                }
                out.put(e.getKey(), metres);
                tableOf.putIfAbsent(e.getKey(), k);
            }
        });
        return out;
    }

    private static Wred wred(String k, JsonNode v) {
        String w = "WRED_PROFILE|" + k;
        keysIn("WRED_PROFILE", k, v, WRED_KEYS);
        String ecn = opt(v, "ecn").orElse("ecn_none");
        if (!Set.of("ecn_none", "ecn_green", "ecn_yellow", "ecn_red", "ecn_green_yellow", "ecn_green_red",
                "ecn_yellow_red", "ecn_all").contains(ecn)) {
            throw new InputException(w + " ecn = '" + ecn + "': expected ecn_none, ecn_green, ..., ecn_all");
        }
        boolean green = ecn.equals("ecn_all") || ecn.contains("green");
        long min = bytes(w + " green_min_threshold", opt(v, "green_min_threshold").orElse("0"));
        long max = bytes(w + " green_max_threshold", opt(v, "green_max_threshold").orElse("0"));
        // orchagent passes only the fields present to SAI, whose SAI_WRED_ATTR_GREEN_ENABLE defaults to false (as
        // SONiC's WRED_PROFILE schema does): a profile without wred_green_enable runs no WRED curve on green
        return new Wred(green && opt(v, "wred_green_enable").map("true"::equals).orElse(false), min, max);
    }

    private static Map<PortIndex, String> queueWred(JsonNode root, Map<String, Wred> wred) {
        Map<PortIndex, String> out = new LinkedHashMap<>();
        Map<PortIndex, String[]> claimed = new java.util.HashMap<>();
        entries(root, "QUEUE", false).forEach((k, v) -> {
            keysIn("QUEUE", k, v, QUEUE_KEYS);
            opt(v, "wred_profile").ifPresent(ref -> {
                Matcher m = Pattern.compile("\\[?(?:WRED_PROFILE[|:])?([A-Za-z0-9_.-]+)]?").matcher(ref);
                if (!m.matches() || !wred.containsKey(m.group(1))) {
                    throw new InputException("QUEUE|" + k + " wred_profile = '" + ref + "': no such WRED_PROFILE");
                }
                portIndices("QUEUE", k).forEach(pi -> {
                    if (claim(claimed, "QUEUE", pi, k, m.group(1), "wred_profile")) {
                        out.put(pi, m.group(1));
                    }
                });
            });
        });
        return out;
    }

    private static Set<Integer> priorities(String where, String s) {
        Set<Integer> out = new TreeSet<>();
        if (s.isEmpty()) {
            return out;
        }
        for (String p : s.split(",")) {
            if (!p.trim().matches("[0-7]")) {
                throw new InputException(where + " = '" + s + "': expected comma-separated priorities 0..7");
            }
            out.add(Integer.parseInt(p.trim()));
        }
        return out;
    }

    private static LosslessTraffic traffic(JsonNode root) {
        Map<String, JsonNode> t = entries(root, "LOSSLESS_TRAFFIC_PATTERN", false);
        if (t.isEmpty()) {
            return new LosslessTraffic(1024, 100);
        }
        if (t.size() > 1) {
            throw new InputException("LOSSLESS_TRAFFIC_PATTERN: expected one entry, found " + t.keySet());
        }
        Map.Entry<String, JsonNode> e = t.entrySet().iterator().next();
        String w = "LOSSLESS_TRAFFIC_PATTERN|" + e.getKey();
        keysIn("LOSSLESS_TRAFFIC_PATTERN", e.getKey(), e.getValue(), TRAFFIC_KEYS);
        long mtu = bytes(w + " mtu", opt(e.getValue(), "mtu").orElse("1024"));
        long pct = bytes(w + " small_packet_percentage", opt(e.getValue(), "small_packet_percentage").orElse("100"));
        if (pct > 100) {
            throw new InputException(w + " small_packet_percentage = " + pct + ": expected 0..100");
        }
        return new LosslessTraffic(mtu, (int) pct);
    }
}
