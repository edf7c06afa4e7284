package org.rdmacheck.model.topology;

import java.util.Arrays;
import java.util.Locale;
import org.rdmacheck.model.InputException;

/**
 * What a node is in a datacenter topology. Each role has a default tier: hosts are tier 0, the
 * switches hosts attach to are tier 1, and each layer above adds one. Up*&#47;down* routing
 * climbs tiers ("up") and then descends ("down").
 */
public enum NodeRole {
    /** An end host (NIC). */
    HOST(0),
    /** Top-of-rack (edge) switch of a fat-tree or three-tier Clos. */
    TOR(1),
    /** Aggregation switch of a fat-tree or three-tier Clos. */
    AGGREGATION(2),
    /** Core switch of a fat-tree or three-tier Clos. */
    CORE(3),
    /** Leaf switch of a leaf-spine fabric. */
    LEAF(1),
    /** Spine switch of a leaf-spine fabric. */
    SPINE(2),
    /** A switch with no layer (rings, arbitrary graphs). */
    SWITCH(1);

    private final int defaultTier;

    NodeRole(int defaultTier) {
        this.defaultTier = defaultTier;
    }

    /** @return the tier a node of this role has unless told otherwise */
    public int defaultTier() {
        return defaultTier;
    }

    /** @return whether this role is a switch (anything but a host) */
    public boolean isSwitch() {
        return this != HOST;
    }

    /**
     * @param text a role name, case-insensitive ({@code host}, {@code tor}, {@code leaf}, ...)
     * @return the role
     * @throws InputException naming the value and the accepted names
     */
    public static NodeRole parse(String text) {
        for (NodeRole r : values()) {
            if (r.name().equalsIgnoreCase(text)) {
                return r;
            }
        }
        throw new InputException("role '" + text + "': expected one of "
                + Arrays.toString(values()).toLowerCase(Locale.ROOT));
    }

    /** @return the lower-case name used in files and specs */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
