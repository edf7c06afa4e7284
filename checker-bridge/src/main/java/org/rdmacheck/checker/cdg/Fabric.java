package org.rdmacheck.checker.cdg;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.rdmacheck.model.topology.Orientation;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.UpDown;

/**
 * A topology with some links failed and the topology layer's up*&#47;down* orientation
 * ({@link UpDown}, the one the network model's escape lane uses) computed on the surviving links.
 */
public final class Fabric {

    private final Topology topology;
    private final boolean[] failed;
    private final List<Integer> failedLinks;
    private final UpDown upDown;

    /**
     * @param topology    the topology
     * @param failedLinks ids of failed links
     * @param orientation how to orient links
     */
    public Fabric(Topology topology, List<Integer> failedLinks, Orientation orientation) {
        this.topology = topology;
        this.failed = new boolean[topology.linkCount()];
        List<Integer> sorted = new ArrayList<>(failedLinks);
        Collections.sort(sorted);
        for (int l : sorted) {
            failed[l] = true;
        }
        this.failedLinks = List.copyOf(sorted);
        this.upDown = new UpDown(topology, orientation, arc -> !failed[Topology.linkOf(arc)]);
    }

    /**
     * @param arc an arc
     * @return whether its link belongs to the breadth-first spanning tree from the root
     */
    public boolean isTreeArc(int arc) {
        return upDown.tree().contains(topology, arc);
    }

    /** @return the topology */
    public Topology topology() {
        return topology;
    }

    /** @return the orientation */
    public Orientation orientation() {
        return upDown.orientation();
    }

    /** @return the up*&#47;down* orientation on the surviving links */
    public UpDown upDown() {
        return upDown;
    }

    /** @return ids of failed links, ascending */
    public List<Integer> failedLinks() {
        return failedLinks;
    }

    /**
     * @param arc an arc
     * @return whether its link has failed
     */
    public boolean isFailed(int arc) {
        return failed[Topology.linkOf(arc)];
    }

    /**
     * @param arc an arc
     * @return whether it goes up (enters a node higher in the orientation order)
     */
    public boolean isUp(int arc) {
        return upDown.isUp(arc);
    }

    /**
     * @param i position in the order, 0 = lowest
     * @return the node at that position
     */
    public int nodeByRank(int i) {
        return upDown.nodeByRank(i);
    }

    /**
     * @param arc an arc
     * @return whether it joins two switches (only such arcs can lie on a dependency cycle)
     */
    public boolean isSwitchArc(int arc) {
        return !topology.isHost(topology.arcFrom(arc)) && !topology.isHost(topology.arcTo(arc));
    }
}
