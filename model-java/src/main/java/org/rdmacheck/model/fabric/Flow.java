package org.rdmacheck.model.fabric;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.InputException;

/**
 * An RDMA message between two hosts. Short messages carry the configured deflection tokens; long
 * ones carry none, so IOFD never misroutes them (seed 000 §IV-B).
 *
 * @param src    source host (node id; hosts are numbered first)
 * @param dst    destination host
 * @param isLong whether the message is a long flow
 * @param packets the message's packets, 0 for the configuration's (the escape-vl preset's messages
 *                have lengths of their own)
 */
public record Flow(int src, int dst, boolean isLong, int packets) {

    /**
     * A message of the configuration's length.
     *
     * @param src    source host
     * @param dst    destination host
     * @param isLong whether the message is a long flow
     */
    public Flow(int src, int dst, boolean isLong) {
        this(src, dst, isLong, 0);
    }

    /**
     * Parses {@code SRC-DST[L]} items separated by commas, e.g. {@code 0-1,1-0L}.
     *
     * @param text  the flow list
     * @param hosts number of hosts in the topology
     * @return the flows
     * @throws InputException naming the bad item
     */
    public static List<Flow> parseList(String text, int hosts) {
        List<Flow> flows = new ArrayList<>();
        for (String raw : text.split(",")) {
            String item = raw.trim();
            if (item.isEmpty()) {
                continue;
            }
            boolean isLong = item.endsWith("L") || item.endsWith("l");
            String body = isLong ? item.substring(0, item.length() - 1) : item;
            int gt = body.indexOf('-');
            int src;
            int dst;
            try {
                src = gt < 0 ? -1 : Integer.parseInt(body.substring(0, gt).trim());
                dst = gt < 0 ? -1 : Integer.parseInt(body.substring(gt + 1).trim());
            } catch (NumberFormatException e) {
                src = -1;
                dst = -1;
            }
            if (src < 0 || dst < 0 || src >= hosts || dst >= hosts || src == dst) {
                throw new InputException("flows item '" + item + "': expected SRC-DST[L] with two different host "
                        + "indices in [0, " + (hosts - 1) + "], e.g. 0-1 or 0-1L for a long flow");
            }
            flows.add(new Flow(src, dst, isLong));
        }
        if (flows.isEmpty()) {
            throw new InputException("flows = '" + text + "': expected at least one SRC-DST item");
        }
        return List.copyOf(flows);
    }

    @Override
    public String toString() {
        return src + "-" + dst + (isLong ? "L" : "");
    }
}
