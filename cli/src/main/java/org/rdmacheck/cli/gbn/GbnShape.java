package org.rdmacheck.cli.gbn;

import java.util.LinkedHashMap;
import java.util.Map;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.gbn.GbnEntry;
import picocli.CommandLine.Option;

/**
 * The message shape and channel options the Go-Back-N tables share ({@code gbn-table},
 * {@code gbn-patterns}): what a loss pattern is replayed over.
 */
public final class GbnShape {

    @Option(names = "--packets", description = "packets per message M (default: ${DEFAULT-VALUE})", defaultValue = "3")
    int packets = 3;

    @Option(names = "--messages", description = "messages K (default: ${DEFAULT-VALUE})", defaultValue = "1")
    int messages = 1;

    @Option(names = "--ack-interval", description = "AckReq every n packets, 0: last only (default: ${DEFAULT-VALUE})",
            defaultValue = "2")
    int ackInterval = 2;

    @Option(names = "--capacity", description = "channel capacity (default: ${DEFAULT-VALUE})", defaultValue = "4")
    int capacity = 4;

    @Option(names = "--nak-policy", description = "interval or epsn (default: ${DEFAULT-VALUE})",
            defaultValue = "interval")
    String nakPolicy = "interval";

    /**
     * Validates the shape (one line, exit 2, before anything is written).
     *
     * @return the parameters as the catalogue entry takes them
     */
    Map<String, String> params() {
        return params(packets, messages, ackInterval, capacity, nakPolicy);
    }

    /**
     * @return the given shape as the catalogue entry takes it, validated
     */
    static Map<String, String> params(int packets, int messages, int ackInterval, int capacity, String nakPolicy) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("packets", Integer.toString(packets));
        m.put("messages", Integer.toString(messages));
        m.put("ackInterval", Integer.toString(ackInterval));
        m.put("capacity", Integer.toString(capacity));
        m.put("nakPolicy", nakPolicy);
        GbnEntry.model("gbn", new GbnEntry().resolve(Params.of(m)));
        return m;
    }
}
