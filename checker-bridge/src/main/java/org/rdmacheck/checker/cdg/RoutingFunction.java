package org.rdmacheck.checker.cdg;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rdmacheck.model.InputException;

/**
 * A routing function over virtual lanes: one {@link LanePolicy} per lane, an optional escape lane
 * and the lane changes allowed (seed 000 §IV-B: "Packets/flows may move from non-escape VLs to
 * escape VLs ... but not vice versa"). Packets are injected on the non-escape lanes (on every lane
 * when there is no escape lane) with {@code tokens} deflection tokens (seed 000 §VI-A: 4).
 *
 * @param name       the routing's name ({@link #NAMES})
 * @param lanes      per-lane policies, lane 0 first
 * @param escapeLane the escape lane, or -1
 * @param toEscape   whether a packet may move from a non-escape lane to the escape lane
 * @param fromEscape whether a packet on the escape lane returns to a non-escape lane at its next hop
 *                   (the escape lane then bypasses one blocked hop only)
 * @param tokens     deflection tokens per packet
 */
public record RoutingFunction(String name, List<LanePolicy> lanes, int escapeLane, boolean toEscape,
                              boolean fromEscape, int tokens) {

    /** Escape lane index when there is one. */
    public static final int ESCAPE = 0;

    /** Named routing functions and what they are. */
    public static final Map<String, String> NAMES = java.util.Collections.unmodifiableMap(names());

    /** Copies the lanes. */
    public RoutingFunction {
        lanes = List.copyOf(lanes);
    }

    private static Map<String, String> names() {
        Map<String, String> m = new TreeMap<>();
        m.put("updown", "up*/down* ECMP on every lane, valley-free on the surviving links");
        m.put("bounce", "up*/down* ECMP with local rerouting around failed links (valleys) on every lane");
        m.put("deflect", "bounce + deflection on every lane, no escape lane");
        m.put("escape", "VL0 escape (up*/down*, never deflected); other lanes bounce + deflection; non-escape -> escape only");
        m.put("escape-return", "as escape, but a packet on the escape lane returns to a non-escape lane at its next hop");
        m.put("escape-deflect", "as escape, but the escape lane deflects too");
        m.put("escape-bounce", "as escape, but the escape lane follows the failure rerouting (bounce)");
        for (String base : List.of("updown", "deflect", "escape", "escape-return", "escape-deflect")) {
            m.put("tree-" + base, "as " + base + ", on every lane the spanning-tree routes of the escape-vl model"
                    + " (needs --orientation root)");
        }
        return m;
    }

    /**
     * @param name   one of {@link #NAMES}
     * @param lanes  number of virtual lanes, in [1, 8]; escape routings need at least 2
     * @param tokens deflection tokens, in [0, 15]
     * @return the routing function
     * @throws InputException for an unknown name or bad counts
     */
    public static RoutingFunction named(String name, int lanes, int tokens) {
        if (name.startsWith("tree-") && NAMES.containsKey(name)) {
            RoutingFunction r = named(name.substring(5), lanes, tokens);
            List<LanePolicy> tree = new ArrayList<>();
            for (LanePolicy p : r.lanes()) {
                tree.add(new LanePolicy(LanePolicy.Rerouting.TREE, p.deflects()));
            }
            return new RoutingFunction(name, tree, r.escapeLane(), r.toEscape(), r.fromEscape(), tokens);
        }
        if (!NAMES.containsKey(name)) {
            throw new InputException("routing '" + name + "': expected one of " + NAMES.keySet());
        }
        if (lanes < 1 || lanes > 8) {
            throw new InputException("lanes = " + lanes + ": expected an integer in [1, 8]");
        }
        if (tokens < 0 || tokens > 15) {
            throw new InputException("tokens = " + tokens + ": expected an integer in [0, 15]");
        }
        boolean escape = name.startsWith("escape");
        if (escape && lanes < 2) {
            throw new InputException("routing '" + name + "' with lanes = " + lanes
                    + ": an escape lane needs at least 2 lanes");
        }
        LanePolicy.Rerouting base = name.equals("updown") ? LanePolicy.Rerouting.VALLEY_FREE : LanePolicy.Rerouting.BOUNCE;
        boolean deflect = !name.equals("updown") && !name.equals("bounce");
        List<LanePolicy> policies = new ArrayList<>();
        for (int l = 0; l < lanes; l++) {
            policies.add(new LanePolicy(base, deflect));
        }
        if (escape) {
            LanePolicy.Rerouting escRoute = name.equals("escape-bounce")
                    ? LanePolicy.Rerouting.BOUNCE : LanePolicy.Rerouting.VALLEY_FREE;
            policies.set(ESCAPE, new LanePolicy(escRoute, name.equals("escape-deflect")));
        }
        return new RoutingFunction(name, policies, escape ? ESCAPE : -1, escape, name.equals("escape-return"), tokens);
    }

    /** @return number of lanes */
    public int laneCount() {
        return lanes.size();
    }

    /**
     * @param lane a lane
     * @return its policy
     */
    public LanePolicy policy(int lane) {
        return lanes.get(lane);
    }

    /** @return whether there is an escape lane */
    public boolean hasEscape() {
        return escapeLane >= 0;
    }

    /**
     * @param lane a lane
     * @return whether packets are injected on it
     */
    public boolean injects(int lane) {
        return !hasEscape() || lane != escapeLane;
    }

    /**
     * @param from lane a packet is on
     * @param to   another lane
     * @return whether the packet may take its next hop on {@code to}
     */
    public boolean mayChange(int from, int to) {
        if (from == to || !hasEscape()) {
            return false;
        }
        if (to == escapeLane) {
            return toEscape;
        }
        return from == escapeLane && fromEscape;
    }

    /** @return whether any lane deflects */
    public boolean deflectsAnywhere() {
        return tokens > 0 && lanes.stream().anyMatch(LanePolicy::deflects);
    }

    /**
     * @param lane a lane
     * @return whether that lane may deflect (its policy deflects and packets carry tokens)
     */
    public boolean deflects(int lane) {
        return tokens > 0 && lanes.get(lane).deflects();
    }
}
