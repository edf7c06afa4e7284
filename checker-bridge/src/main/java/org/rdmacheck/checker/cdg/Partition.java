package org.rdmacheck.checker.cdg;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.IntPredicate;
import org.rdmacheck.model.topology.Topology;

/**
 * The hosts that no route can join: the connected components of the fabric over its surviving
 * links. The deadlock theorems (Dally-Seitz, Duato, seed 000 §IV-B) are stated for a connected
 * routing function; on a partitioned fabric the check proves only that the routes that exist
 * form no dependency cycle, and says nothing of traffic between the islands (it has no route).
 *
 * @param components   connected components holding at least one host
 * @param unreachable  unordered host pairs in different components
 * @param examples     up to {@link #EXAMPLES} such pairs, by node name
 */
public record Partition(int components, long unreachable, List<List<String>> examples) {

    /** How many unreachable pairs are listed. */
    public static final int EXAMPLES = 10;

    /** Copies the examples. */
    public Partition {
        examples = examples.stream().map(List::copyOf).toList();
    }

    /**
     * @param fabric the fabric (failed links removed)
     * @return the partition, or null when every host reaches every other over surviving links
     */
    public static Partition of(Fabric fabric) {
        return find(fabric.topology(), fabric::isFailed).orElse(null);
    }

    /**
     * The one computation behind both deadlock checks: a generated fabric with failed links, and a
     * network's own topology (as discovered: a link that does not work is not in the file).
     *
     * @param topo   the topology
     * @param failed which arcs are failed (neither direction carries traffic)
     * @return the partition, or empty when every host reaches every other over the working links
     */
    public static Optional<Partition> find(Topology topo, IntPredicate failed) {
        int n = topo.nodeCount();
        int[] comp = new int[n];
        Arrays.fill(comp, -1);
        int count = 0;
        int[] queue = new int[n];
        for (int s = 0; s < n; s++) {
            if (comp[s] >= 0) {
                continue;
            }
            int head = 0;
            int tail = 0;
            queue[tail++] = s;
            comp[s] = count;
            while (head < tail) {
                int u = queue[head++];
                for (int p = 0; p < topo.degree(u); p++) {
                    int arc = topo.arcAt(u, p);
                    int v = topo.neighbor(u, p);
                    if (!failed.test(arc) && comp[v] < 0) {
                        comp[v] = count;
                        queue[tail++] = v;
                    }
                }
            }
            count++;
        }
        long[] hosts = new long[count];
        for (int h = 0; h < n; h++) {
            if (topo.isHost(h)) {
                hosts[comp[h]]++;
            }
        }
        int withHosts = 0;
        long total = 0;
        long seen = 0;
        for (int c = 0; c < count; c++) {
            if (hosts[c] > 0) {
                withHosts++;
                total += seen * hosts[c];
                seen += hosts[c];
            }
        }
        if (withHosts < 2) {
            return Optional.empty();
        }
        // the first hosts of each island, so that listing stays cheap on a large fabric
        List<List<Integer>> firsts = new ArrayList<>();
        for (int c = 0; c < count; c++) {
            firsts.add(new ArrayList<>());
        }
        for (int h = 0; h < n; h++) {
            if (topo.isHost(h) && firsts.get(comp[h]).size() < EXAMPLES) {
                firsts.get(comp[h]).add(h);
            }
        }
        List<List<String>> ex = new ArrayList<>();
        for (int a = 0; a < count && ex.size() < EXAMPLES; a++) {
            for (int b = a + 1; b < count && ex.size() < EXAMPLES; b++) {
                for (int x : firsts.get(a)) {
                    for (int y : firsts.get(b)) {
                        if (ex.size() < EXAMPLES) {
                            ex.add(List.of(topo.nodeName(x), topo.nodeName(y)));
                        }
                    }
                }
            }
        }
        return Optional.of(new Partition(withHosts, total, ex));
    }

    /** @return one line: the count and the listed pairs */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        sb.append("the surviving links split the hosts into ").append(components).append(" islands: ")
                .append(unreachable).append(unreachable == 1 ? " host pair has" : " host pairs have").append(" no route (");
        for (int i = 0; i < examples.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(examples.get(i).get(0)).append('-').append(examples.get(i).get(1));
        }
        sb.append(unreachable > examples.size() ? ", ...)" : ")");
        return sb.toString();
    }
}
