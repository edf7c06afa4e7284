package org.rdmacheck.model.topology;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rdmacheck.model.InputException;

/**
 * Collects nodes and links and checks them as they come: duplicate node names, unknown nodes,
 * self-loops and duplicate links (in either direction) are {@link InputException}s with one line
 * naming the offending value. Not thread-safe; {@link #build()} yields the immutable
 * {@link Topology}.
 */
public final class TopologyBuilder {

    private final String name;
    private final List<String> names = new ArrayList<>();
    private final List<NodeRole> roles = new ArrayList<>();
    private int[] tiers = new int[16];
    private int[] linkA = new int[16];
    private int[] linkB = new int[16];
    private int links;
    private final Map<String, Integer> ids = new HashMap<>();
    private final Set<Long> linkKeys = new HashSet<>();
    private boolean parallelLinks;

    /**
     * @param name the topology's name
     */
    public TopologyBuilder(String name) {
        this.name = name;
    }

    /**
     * Adds a node with its role's default tier.
     *
     * @param nodeName unique name
     * @param role     role
     * @return its id
     */
    public int addNode(String nodeName, NodeRole role) {
        return addNode(nodeName, role, role.defaultTier());
    }

    /**
     * @param nodeName unique, non-empty name
     * @param role     role
     * @param tier     tier, at least 0
     * @return its id
     * @throws InputException for an empty or duplicate name or a negative tier
     */
    public int addNode(String nodeName, NodeRole role, int tier) {
        if (nodeName == null || nodeName.isEmpty()) {
            throw new InputException("node name '" + nodeName + "': expected a non-empty name");
        }
        if (ids.containsKey(nodeName)) {
            throw new InputException("node '" + nodeName + "': duplicate node name");
        }
        if (tier < 0) {
            throw new InputException("node '" + nodeName + "' tier " + tier + ": expected a tier >= 0");
        }
        int id = names.size();
        Interruption.check(id);
        names.add(nodeName);
        roles.add(role);
        if (id == tiers.length) {
            tiers = Arrays.copyOf(tiers, id * 2);
        }
        tiers[id] = tier;
        ids.put(nodeName, id);
        return id;
    }

    /**
     * @param nodeName a node name
     * @return its id
     * @throws InputException if no node has that name
     */
    public int id(String nodeName) {
        Integer id = ids.get(nodeName);
        if (id == null) {
            throw new InputException("node '" + nodeName + "': unknown node (not among the " + names.size()
                    + " declared nodes)");
        }
        return id;
    }

    /**
     * @param a first end's name
     * @param b second end's name
     * @return the link id
     */
    public int addLink(String a, String b) {
        return addLink(id(a), id(b));
    }

    /**
     * @param a first end node id
     * @param b second end node id
     * @return the link id
     * @throws InputException for an unknown node, a self-loop or a duplicate link
     */
    public int addLink(int a, int b) {
        if (a < 0 || a >= names.size() || b < 0 || b >= names.size()) {
            throw new InputException("link " + a + "-" + b + ": unknown node id (expected 0.." + (names.size() - 1) + ")");
        }
        if (a == b) {
            throw new InputException("link " + names.get(a) + "-" + names.get(b) + ": self-loop");
        }
        Interruption.check(links);
        long key = ((long) Math.min(a, b) << 32) | Math.max(a, b);
        if (!linkKeys.add(key) && !parallelLinks) {
            throw new InputException("link " + names.get(a) + "-" + names.get(b) + ": duplicate link");
        }
        if (links == linkA.length) {
            linkA = Arrays.copyOf(linkA, links * 2);
            linkB = Arrays.copyOf(linkB, links * 2);
        }
        linkA[links] = a;
        linkB[links] = b;
        return links++;
    }

    /**
     * Accepts several links between the same two nodes (InfiniBand fabrics often cable two switches
     * together more than once); arcs and ports tell them apart.
     *
     * @return this builder
     */
    public TopologyBuilder allowParallelLinks() {
        parallelLinks = true;
        return this;
    }

    /** @return number of nodes so far */
    public int nodeCount() {
        return names.size();
    }

    /** @return the immutable topology */
    public Topology build() {
        int n = names.size();
        return new Topology(name, names.toArray(new String[0]), roles.toArray(new NodeRole[0]),
                Arrays.copyOf(tiers, n), Arrays.copyOf(linkA, links), Arrays.copyOf(linkB, links));
    }
}
