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
                return FatTree.build(p.integer("k", 4, 2, FatTree.MAX_K));
            }
            case "leafspine": {
                Params p = params(spec, rest, Set.of("tors", "spines", "hosts"));
                return LeafSpine.build(p.integer("tors", 2, 1, LeafSpine.MAX_SIZE),
                        p.integer("spines", 2, 1, LeafSpine.MAX_SIZE), p.integer("hosts", 1, 1, LeafSpine.MAX_SIZE));
            }
            case "clos": {
                Params p = params(spec, rest, Set.of("hosts", "oversub", "hostsPerTor", "torsPerPod"));
                return ThreeTierClos.build(p.integer("hosts", 1024, 1, ThreeTierClos.MAX_HOSTS),
                        p.integer("oversub", 4, 1, 1024), p.integer("hostsPerTor", 16, 1, 4096),
                        p.integer("torsPerPod", 8, 1, 4096));
            }
            case "ring": {
                Params p = params(spec, rest, Set.of("n", "hosts"));
                return Ring.build(p.integer("n", 4, 3, Ring.MAX_SIZE), p.integer("hosts", 1, 0, Ring.MAX_SIZE));
            }
            case "torus": {
                Params p = params(spec, rest, Set.of("x", "y", "hosts"));
                return Torus.build(p.integer("x", 4, 3, Torus.MAX_SIZE), p.integer("y", 4, 3, Torus.MAX_SIZE),
                        p.integer("hosts", 1, 0, 64));
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
