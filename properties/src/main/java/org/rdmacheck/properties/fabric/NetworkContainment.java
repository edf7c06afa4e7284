package org.rdmacheck.properties.fabric;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.FabricConfig;
import org.rdmacheck.model.fabric.FabricNet;
import org.rdmacheck.model.fabric.FabricOptions;
import org.rdmacheck.model.fabric.Flow;
import org.rdmacheck.model.topology.Automorphisms;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.properties.catalog.Containment;

/**
 * When a configuration of the network model contains a stored finding up to the fabric's
 * symmetries: some renaming of the nodes maps the finding's configuration into it. The renaming is
 * an automorphism of the topology ({@link Automorphisms}: roles, tiers and links kept) together with
 * a map of the finding's flows onto distinct flows of the configuration that takes each flow's
 * source and destination to the other's, keeps its length (long or short, packets), and under which
 * the network routes the same: for every failure the finding allows (renamed, a failure the
 * configuration allows) and every switch, the renamed ECMP arc of the finding's flow is the ECMP arc
 * of its image at the renamed switch, and so is the escape arc where the model has the escape lane.
 * Routes depend on a flow's position in the list and on node numbers (the ECMP hash), so a mirror
 * image of the topology is a symmetry of the model only where the routes agree; the check is what
 * makes the renamed finding's trace a behaviour of the configuration. Every other parameter follows
 * {@link Containment}: at least the finding's where declared so, equal otherwise.
 */
public final class NetworkContainment {

    /** The most automorphisms tried per map of the flows (the small fabrics of the findings have a few dozen). */
    static final long LIMIT = 100_000;

    private final String flowsParam;
    private final Set<String> atLeast;
    private final boolean escapeRoutes;
    private final Function<Params, FabricConfig> config;
    private final Map<List<Map<String, String>>, Optional<Embedding>> cache =
            java.util.Collections.synchronizedMap(new HashMap<>());

    /**
     * @param flowsParam   the parameter naming the flows
     * @param atLeast      parameters a configuration may have more of than the finding
     * @param escapeRoutes whether escape routes must agree too (the fabric; IOFD has no lanes)
     * @param config       the network configuration of resolved parameters
     */
    public NetworkContainment(String flowsParam, Set<String> atLeast, boolean escapeRoutes,
                              Function<Params, FabricConfig> config) {
        this.flowsParam = flowsParam;
        this.atLeast = Set.copyOf(atLeast);
        this.escapeRoutes = escapeRoutes;
        this.config = config;
    }

    /**
     * How a configuration contains a finding.
     *
     * @param topology the network
     * @param nodes    per node of the finding its node in the configuration
     * @param flows    per flow of the finding the index of its image among the configuration's flows
     */
    public record Embedding(Topology topology, int[] nodes, int[] flows) {

        /** @return whether the renaming moves no node */
        public boolean identity() {
            for (int v = 0; v < nodes.length; v++) {
                if (nodes[v] != v) {
                    return false;
                }
            }
            return true;
        }

        /** @return the moved nodes, e.g. {@code h0->h1 h1->h0 leaf0->leaf1 leaf1->leaf0}; empty for the identity */
        public String renaming() {
            List<String> moved = new ArrayList<>();
            for (int v = 0; v < nodes.length; v++) {
                if (nodes[v] != v) {
                    moved.add(topology.nodeName(v) + "->" + topology.nodeName(nodes[v]));
                }
            }
            return String.join(" ", moved);
        }
    }

    /**
     * @param configuration a configuration's resolved parameters
     * @param finding       the finding's resolved parameters
     * @return whether the configuration contains the finding
     */
    public boolean contains(Map<String, String> configuration, Map<String, String> finding) {
        return embedding(configuration, finding).isPresent();
    }

    /**
     * @param configuration a configuration's resolved parameters
     * @param finding       the finding's resolved parameters
     * @return a renaming that maps the finding into the configuration, if there is one
     */
    public Optional<Embedding> embedding(Map<String, String> configuration, Map<String, String> finding) {
        List<Map<String, String>> key = List.of(Map.copyOf(configuration), Map.copyOf(finding));
        Optional<Embedding> known = cache.get(key);
        if (known != null) {
            return known;
        }
        Optional<Embedding> e = search(configuration, finding);
        cache.put(key, e);
        return e;
    }

    /**
     * The symmetries of the configuration's states with one failure element in force: every renaming of the nodes
     * that maps the configuration's flows onto its flows and under which its routes with that element failed are,
     * renamed, its routes with the renamed element failed (routes with another element in force are not compared:
     * a state's routes are those of its own failure). A renaming maps such a state's buffers, DFTs and routes onto
     * a state with the renamed element failed in which every packet has the same moves, renamed. The identity comes
     * first; up to {@link #LIMIT} automorphisms per map of the flows.
     *
     * @param configuration a configuration's resolved parameters
     * @param element       the failure element in force ({@link FabricNet#NONE} for none)
     * @return the renamings, the identity first
     */
    public List<Embedding> symmetriesAt(Map<String, String> configuration, int element) {
        List<Embedding> out = new ArrayList<>();
        embeddings(configuration, configuration, element, e -> {
            out.add(e);
            return false;
        });
        out.sort(java.util.Comparator.comparing(e -> !e.identity()));
        return List.copyOf(out);
    }

    private Optional<Embedding> search(Map<String, String> configuration, Map<String, String> finding) {
        Embedding[] found = new Embedding[1];
        embeddings(configuration, finding, -1, e -> {
            found[0] = e;
            return true;
        });
        return Optional.ofNullable(found[0]);
    }

    /**
     * Visits the renamings that map the finding into the configuration until the visitor accepts one; their routes
     * compared under every failure element the finding allows, or under {@code element} alone when it is not -1.
     */
    private void embeddings(Map<String, String> configuration, Map<String, String> finding, int element,
                            java.util.function.Predicate<Embedding> visitor) {
        if (!Containment.contains(without(configuration), without(finding), flowsParam, atLeast)) {
            return;
        }
        FabricConfig fc = config.apply(Params.of(finding));
        FabricConfig cc = config.apply(Params.of(configuration));
        if (fc.flows().size() > cc.flows().size()) {
            return;
        }
        Side f = new Side(fc);
        Side c = new Side(cc);
        Automorphisms auto = new Automorphisms(c.topology);
        int n = c.topology.nodeCount();
        if (n != f.topology.nodeCount()) {
            return;
        }
        int[] pin = new int[n];
        Arrays.fill(pin, -1);
        if (!auto.simple()) {
            for (int v = 0; v < n; v++) {
                pin[v] = v; // parallel links: arcs are not named by their ends, so only the identity
            }
        }
        int[] flows = new int[fc.flows().size()];
        mapFlows(0, flows, new boolean[cc.flows().size()], pin, f, c, auto, element, visitor);
    }

    /** Maps finding flow {@code i} and the rest onto unused flows of the configuration, then searches renamings. */
    private boolean mapFlows(int i, int[] flows, boolean[] used, int[] pin, Side f, Side c, Automorphisms auto,
                             int element, java.util.function.Predicate<Embedding> visitor) {
        if (i == flows.length) {
            return auto.search(pin, LIMIT, nodes -> routesAgree(nodes, flows, f, c, element)
                    && visitor.test(new Embedding(c.topology, nodes.clone(), flows.clone())));
        }
        Flow a = f.flows.get(i);
        for (int j = 0; j < used.length; j++) {
            Flow b = c.flows.get(j);
            if (used[j] || a.isLong() != b.isLong() || a.packets() != b.packets()) {
                continue;
            }
            int oldSrc = pin[a.src()];
            int oldDst = pin[a.dst()];
            if (!pinnable(pin, a.src(), b.src()) || !pinnable(pin, a.dst(), b.dst())) {
                continue;
            }
            pin[a.src()] = b.src();
            pin[a.dst()] = b.dst();
            used[j] = true;
            flows[i] = j;
            if (mapFlows(i + 1, flows, used, pin, f, c, auto, element, visitor)) {
                return true;
            }
            used[j] = false;
            pin[a.src()] = oldSrc;
            pin[a.dst()] = oldDst;
        }
        return false;
    }

    /** Node {@code v} may go to {@code w}: it is free or already there, and nothing else goes to {@code w}. */
    private static boolean pinnable(int[] pin, int v, int w) {
        if (pin[v] >= 0) {
            return pin[v] == w;
        }
        for (int u = 0; u < pin.length; u++) {
            if (pin[u] == w) {
                return false;
            }
        }
        return true;
    }

    /**
     * The renamed finding routes as the configuration does, under every failure the finding allows (or under
     * {@code element} alone).
     */
    private boolean routesAgree(int[] nodes, int[] flows, Side f, Side c, int element) {
        for (int e = element < 0 ? 0 : element; e < (element < 0 ? f.net.elementCount() : element + 1); e++) {
            int[] failed = f.net.failedSwitches(e);
            for (int k = 0; k < failed.length; k++) {
                failed[k] = nodes[failed[k]];
            }
            int link = f.net.failedLink(e);
            int arc = link < 0 ? -1 : mapArc(f.topology.findArc(f.topology.linkA(link), f.topology.linkB(link)), nodes,
                    f.topology, c.topology);
            if (link >= 0 && arc < 0) {
                return false;
            }
            int ce = c.net.element(failed, link < 0 ? -1 : Topology.linkOf(arc));
            if (ce < 0) {
                return false;
            }
            for (int v = 0; v < nodes.length; v++) {
                if (f.topology.isHost(v)) {
                    continue;
                }
                for (int i = 0; i < flows.length; i++) {
                    if (mapArc(f.net.ecmpArc(e, v, i), nodes, f.topology, c.topology)
                            != c.net.ecmpArc(ce, nodes[v], flows[i])
                            || escapeRoutes && mapArc(f.net.escapeArc(e, v, i), nodes, f.topology, c.topology)
                            != c.net.escapeArc(ce, nodes[v], flows[i])) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** @return the arc between the renamed ends, -1 for none */
    private static int mapArc(int arc, int[] nodes, Topology from, Topology to) {
        return arc < 0 ? -1 : to.findArc(nodes[from.arcFrom(arc)], nodes[from.arcTo(arc)]);
    }

    private Map<String, String> without(Map<String, String> params) {
        Map<String, String> m = new HashMap<>(params);
        m.remove(flowsParam);
        return m;
    }

    /** One side's network: the topology, its flows and the routes the model computes for them. */
    private static final class Side {
        final Topology topology;
        final List<Flow> flows;
        final FabricNet net;

        Side(FabricConfig config) {
            this.topology = config.topology();
            this.flows = config.flows();
            boolean iofd = config.options().preset() == FabricOptions.Preset.IOFD;
            // as the network model builds its network (NetworkModel), for the fabric and IOFD presets
            this.net = new FabricNet(topology, flows, config.failures(), iofd);
        }
    }
}
