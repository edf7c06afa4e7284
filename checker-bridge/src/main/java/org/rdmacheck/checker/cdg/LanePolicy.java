package org.rdmacheck.checker.cdg;

/**
 * How packets on one virtual lane are forwarded.
 *
 * @param rerouting how the lane routes around failed links
 * @param deflects  whether a packet holding a deflection token may be deflected to any switch port
 *                  other than its routed ones, the arrival port included (seed 000 §IV-A does not
 *                  exclude it); never to a host
 */
public record LanePolicy(Rerouting rerouting, boolean deflects) {

    /** Routing around failed links. */
    public enum Rerouting {
        /**
         * Up*&#47;down* (valley-free) minimal routes with ECMP, computed on the surviving links: a
         * switch with no valley-free route to a destination does not forward to it.
         */
        VALLEY_FREE,
        /**
         * Up*&#47;down* ECMP tables of the intact fabric; a switch whose every next hop is a failed
         * link reroutes the packet along a shortest surviving path, which goes down and back up
         * (the "bounce" behind real PFC deadlocks, Hu et al., seed 000 refs [44], [46]). Once
         * rerouted, a packet follows shortest surviving paths to its destination.
         */
        BOUNCE,
        /**
         * The unique path in the breadth-first spanning tree from the root (the first top-tier
         * node), ports in order, over surviving links: up*&#47;down* restricted to the tree, the
         * routing of the dynamic model {@code escape-vl}. Needs {@link org.rdmacheck.model.topology.Orientation#ROOT}.
         */
        TREE
    }
}
