package org.rdmacheck.model.topology;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;

/**
 * Parses the topology specs the command line accepts:
 *
 * <ul>
 *   <li>{@code fattree:k=8} — {@link FatTree} (k even, up to {@value FatTree#MAX_K});</li>
 *   <li>{@code leafspine:tors=4,spines=2,hosts=2} — {@link LeafSpine};</li>
 *   <li>{@code clos:hosts=1024,oversub=4[,hostsPerTor=16,torsPerPod=8]} — {@link ThreeTierClos}
 *       (seed 000 §VI-A is {@code clos:hosts=1024,oversub=4});</li>
 *   <li>{@code ring:n=4[,hosts=1]} — {@link Ring};</li>
 *   <li>{@code torus:x=4,y=4[,hosts=1]} — {@link Torus};</li>
 *   <li>{@code file:PATH} — {@link EdgeListReader}.</li>
 * </ul>
 */
public final class TopologySpecs {

    private TopologySpecs() {
    }

    /**
     * @param spec a spec as above
     * @return the topology
     * @throws InputException naming the spec and what was expected
     */
    public static Topology parse(String spec) {
        return parse(spec, Integer.MAX_VALUE);
    }

    /**
     * Parses a spec for a model that can hold at most {@code maxNodes} nodes. The node count of a
     * generated topology is computed from the spec's numbers before any node or link is built, so a
     * spec far over the limit (e.g. {@code leafspine:tors=4096,spines=4096,hosts=64}, 270,336 nodes)
     * is refused at once rather than after building every link; a {@code file:} topology is counted
     * once read.
     *
     * @param spec     a spec as above
     * @param maxNodes the most nodes (hosts and switches) the caller accepts
     * @return the topology, of at most {@code maxNodes} nodes
     * @throws InputException naming the spec and what was expected, or the node count and the limit
     */
    public static Topology parse(String spec, int maxNodes) {
        Topology t = build(spec, maxNodes);
        checkSize(spec, t.nodeCount(), maxNodes);
        return t;
    }

    private static void checkSize(String spec, long nodes, int maxNodes) {
        if (nodes > maxNodes) {
            throw new InputException("topology = '" + spec + "': " + nodes + " nodes, expected at most " + maxNodes
                    + " for exhaustive checking");
        }
    }

    private static Topology build(String spec, int maxNodes) {
        if (spec == null || spec.isBlank()) {
            throw new InputException("topology '' : expected KIND:PARAMS, e.g. fattree:k=8");
        }
        for (int i = 0; i < spec.length(); i++) {
            if (Character.isISOControl(spec.charAt(i))) {
                throw new InputException(String.format("topology '%s': a control character (U+%04X) at position %d: "
                        + "expected printable text, e.g. fattree:k=8", printable(spec), (int) spec.charAt(i), i + 1));
            }
        }
        int colon = spec.indexOf(':');
        String kind = colon < 0 ? spec : spec.substring(0, colon);
        String rest = colon < 0 ? "" : spec.substring(colon + 1);
        switch (kind) {
            case "file":
                if (rest.isEmpty()) {
                    throw new InputException("topology '" + spec + "': expected file:PATH");
                }
                return EdgeListReader.read(Path.of(rest));
            case "fattree": {
                Params p = params(spec, rest, Set.of("k"));
                int k = p.integer("k", 4, 2, FatTree.MAX_K);
                long h = k / 2;
                // k pods of h*h hosts, h edge and h aggregation switches; h*h core switches
                checkSize(spec, k * (h * h + 2 * h) + h * h, maxNodes);
                return FatTree.build(k);
            }
            case "leafspine": {
                Params p = params(spec, rest, Set.of("tors", "spines", "hosts"));
                int tors = p.integer("tors", 2, 1, LeafSpine.MAX_SIZE);
                int spines = p.integer("spines", 2, 1, LeafSpine.MAX_SIZE);
                int hosts = p.integer("hosts", 1, 1, LeafSpine.MAX_SIZE);
                checkSize(spec, (long) tors * hosts + tors + spines, maxNodes);
                return LeafSpine.build(tors, spines, hosts);
            }
            case "clos": {
                Params p = params(spec, rest, Set.of("hosts", "oversub", "hostsPerTor", "torsPerPod"));
                int hosts = p.integer("hosts", 1024, 1, ThreeTierClos.MAX_HOSTS);
                int oversub = p.integer("oversub", 4, 1, 1024);
                int hostsPerTor = p.integer("hostsPerTor", 16, 1, 4096);
                int torsPerPod = p.integer("torsPerPod", 8, 1, 4096);
                if (hostsPerTor % oversub == 0 && hosts % ((long) hostsPerTor * torsPerPod) == 0) {
                    // otherwise the builder names the inconsistent value
                    long up = hostsPerTor / oversub;
                    long tors = hosts / hostsPerTor;
                    checkSize(spec, hosts + tors + (tors / torsPerPod) * up + up * torsPerPod, maxNodes);
                }
                return ThreeTierClos.build(hosts, oversub, hostsPerTor, torsPerPod);
            }
            case "ring": {
                Params p = params(spec, rest, Set.of("n", "hosts"));
                int n = p.integer("n", 4, 3, Ring.MAX_SIZE);
                int hosts = p.integer("hosts", 1, 0, Ring.MAX_SIZE);
                checkSize(spec, (long) n * (hosts + 1), maxNodes);
                return Ring.build(n, hosts);
            }
            case "torus": {
                Params p = params(spec, rest, Set.of("x", "y", "hosts"));
                int x = p.integer("x", 4, 3, Torus.MAX_SIZE);
                int y = p.integer("y", 4, 3, Torus.MAX_SIZE);
                int hosts = p.integer("hosts", 1, 0, 64);
                checkSize(spec, (long) x * y * (hosts + 1), maxNodes);
                return Torus.build(x, y, hosts);
            }
            default:
                throw new InputException("topology '" + spec
                        + "': expected fattree:k=K, leafspine:tors=T,spines=S,hosts=H, clos:hosts=N,oversub=O, ring:n=N, torus:x=X,y=Y or file:PATH");
        }
    }

    /** The spec with control characters written as {@code \\uXXXX}, so a message stays one line. */
    private static String printable(String spec) {
        StringBuilder sb = new StringBuilder();
        for (char c : spec.toCharArray()) {
            sb.append(Character.isISOControl(c) ? String.format("\\u%04X", (int) c) : String.valueOf(c));
        }
        return sb.toString();
    }

    private static Params params(String spec, String rest, Set<String> known) {
        List<String> parts = new ArrayList<>();
        for (String s : rest.split(",")) {
            if (!s.isBlank()) {
                parts.add(s.trim());
            }
        }
        Params p = Params.parse(parts);
        p.requireKnown("topology '" + spec + "'", known);
        return p;
    }
}
