package org.rdmacheck.properties.partition;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.partition.DataPartition;
import org.rdmacheck.model.partition.Delivery;
import org.rdmacheck.model.partition.PartitionState;
import org.rdmacheck.model.partition.ReceiveCompletion;
import org.rdmacheck.model.partition.SendRequest;
import org.rdmacheck.model.partition.SymbolicData;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/**
 * What data partition must guarantee (seed 003, III-B): the receiver rebuilds every transfer
 * byte for byte whatever order the QPs complete in. Each property has a twin of the same name in
 * {@code specs/partition/Spec.tla}.
 */
public final class PartitionProperties {

    private PartitionProperties() {
    }

    /** Name of the progress property (AG EF every transfer complete). */
    public static final String CAN_COMPLETE = "EveryTransferCanComplete";

    /**
     * @param m the configured model
     * @return every property, in report order
     */
    public static List<Property<PartitionState>> all(DataPartition m) {
        return List.of(
                new Invariant<>("ReassembledEqualsOriginal", s -> reassembledEqualsOriginal(m, s)),
                new Invariant<>("NoChunkLost", s -> noChunkLost(m, s)),
                new Invariant<>("NoChunkDuplicated", s -> noChunkDuplicated(m, s)),
                new Invariant<>("NoWriteOutsideBuffer", s -> s.outside().isEmpty()),
                new Invariant<>("AtMostOneOutstandingPerQp", s -> s.sendQueues().stream().allMatch(q -> q.size() <= 1)),
                new Invariant<>("DataIdsNeverMix", s -> dataIdsNeverMix(m, s)),
                DeadlockFreedom.standard(),
                new Progress<>(CAN_COMPLETE, m::allTransfersComplete));
    }

    /** Every buffer handed to the application is some transfer's original data, byte for byte. */
    static boolean reassembledEqualsOriginal(DataPartition m, PartitionState s) {
        for (Delivery d : s.delivered()) {
            boolean matches = false;
            for (int t = 0; t < m.transfers() && !matches; t++) {
                matches = d.data().equals(SymbolicData.original(m.size(), t));
            }
            if (!matches) {
                return false;
            }
        }
        return true;
    }

    /**
     * Every byte the sender has split is somewhere: in flight on a QP, waiting to be posted again,
     * in a receive buffer, in a reassembly buffer, or delivered.
     */
    static boolean noChunkLost(DataPartition m, PartitionState s) {
        int[] count = occurrences(m, s);
        for (int t = 0; t < m.transfers(); t++) {
            int sent = Math.min(s.nextChunk().get(t) * m.chunk(), m.size());
            for (int i = 0; i < sent; i++) {
                if (count[SymbolicData.value(m.size(), t, i)] == 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /** No byte is in two places at once (or twice in one). */
    static boolean noChunkDuplicated(DataPartition m, PartitionState s) {
        int[] count = occurrences(m, s);
        for (int v = 1; v < count.length; v++) {
            if (count[v] > 1) {
                return false;
            }
        }
        return true;
    }

    /** No receiver buffer, partial or delivered, holds bytes of two transfers. */
    static boolean dataIdsNeverMix(DataPartition m, PartitionState s) {
        for (List<Integer> b : buffersAndDeliveries(s)) {
            int owner = -1;
            for (int v : b) {
                if (v == SymbolicData.HOLE) {
                    continue;
                }
                int t = SymbolicData.transferOf(m.size(), v);
                if (owner >= 0 && owner != t) {
                    return false;
                }
                owner = t;
            }
        }
        return true;
    }

    private static List<List<Integer>> buffersAndDeliveries(PartitionState s) {
        List<List<Integer>> all = new ArrayList<>(s.buffers());
        s.delivered().forEach(d -> all.add(d.data()));
        return all;
    }

    /** @return per symbolic byte value, how many places hold it */
    private static int[] occurrences(DataPartition m, PartitionState s) {
        int[] count = new int[m.transfers() * m.size() + 1];
        List<List<Integer>> places = buffersAndDeliveries(s);
        for (List<SendRequest> q : s.sendQueues()) {
            // a landed chunk is counted where it landed, in a receive buffer
            q.stream().filter(r -> !r.landed()).forEach(r -> places.add(r.chunk().payload()));
        }
        s.resend().forEach(c -> places.add(c.payload()));
        for (List<ReceiveCompletion> q : s.completions()) {
            q.forEach(c -> places.add(c.chunk().payload()));
        }
        for (List<Integer> p : places) {
            for (int v : p) {
                if (v != SymbolicData.HOLE) {
                    count[v]++;
                }
            }
        }
        return count;
    }
}
