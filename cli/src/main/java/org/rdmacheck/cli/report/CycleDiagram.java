package org.rdmacheck.cli.report;

import static org.rdmacheck.cli.report.SequenceChartSvg.esc;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.TopologySpecs;

/**
 * A credit loop (a cycle of the channel dependency graph, Dally and Seitz) drawn on its topology:
 * every link grey, failed links dashed, and each channel of the cycle a red arrow beside its link,
 * numbered in the order each holds the next; switches in tiers (hosts at the bottom), or around a
 * circle for a ring or torus. Topologies too large to draw (or not given by a spec) show the
 * cycle's own nodes around a circle.
 */
public final class CycleDiagram {

    private static final int W = 1000;
    private static final int TIER_GAP = 110;
    private static final int MAX_NODES = 72;
    private static final int BOX_H = 16;

    private CycleDiagram() {
    }

    /** One channel of the cycle: a directed link on a lane. */
    record Channel(String from, String to, String lane) {
        static Optional<Channel> parse(String text) {
            int arrow = text.indexOf("->");
            if (arrow < 0) {
                return Optional.empty();
            }
            int at = text.indexOf('@', arrow);
            return Optional.of(new Channel(text.substring(0, arrow), text.substring(arrow + 2, at < 0 ? text.length()
                    : at), at < 0 ? "" : text.substring(at + 1)));
        }
    }

    /**
     * @param cex a counterexample
     * @param id  an id for the SVG element
     * @return the cycle on its topology, for a cycle of channels
     */
    public static Optional<String> of(Counterexample cex, String id) {
        if (cex.kind() != Counterexample.Kind.CYCLE) {
            return Optional.empty();
        }
        List<Channel> cycle = new ArrayList<>();
        for (TraceStep s : cex.steps()) {
            Optional<Channel> c = Channel.parse(s.state().path("channel").asText(""));
            if (c.isEmpty()) {
                return Optional.empty();
            }
            cycle.add(c.get());
        }
        if (cycle.isEmpty()) {
            return Optional.empty();
        }
        Map<String, double[]> at = new LinkedHashMap<>();
        List<String[]> links = new ArrayList<>();
        int height = layout(cex.provenance().parameters().getOrDefault("topology", ""), cycle, at, links);
        Set<String> failed = new HashSet<>();
        for (String f : cex.provenance().parameters().getOrDefault("fail", "").split(",")) {
            if (!f.isBlank()) {
                failed.add(f.strip());
            }
        }
        return Optional.of(svg(id, cycle, at, links, failed, height));
    }

    /** Places the nodes; returns the drawing's height. */
    private static int layout(String spec, List<Channel> cycle, Map<String, double[]> at, List<String[]> links) {
        Optional<Topology> topo = topology(spec);
        if (topo.isEmpty() || topo.get().nodeCount() > MAX_NODES) {
            List<String> nodes = new ArrayList<>();
            cycle.forEach(c -> {
                if (!nodes.contains(c.from())) {
                    nodes.add(c.from());
                }
                if (!nodes.contains(c.to())) {
                    nodes.add(c.to());
                }
            });
            circle(nodes, W / 2.0, 200, 150, at);
            for (int i = 0; i < nodes.size(); i++) {
                for (int j = i + 1; j < nodes.size(); j++) {
                    if (linked(cycle, nodes.get(i), nodes.get(j))) {
                        links.add(new String[] {nodes.get(i), nodes.get(j)});
                    }
                }
            }
            return 420;
        }
        Topology t = topo.get();
        for (int l = 0; l < t.linkCount(); l++) {
            links.add(new String[] {t.nodeName(t.linkA(l)), t.nodeName(t.linkB(l))});
        }
        if (spec.startsWith("ring:") || spec.startsWith("torus:")) {
            List<String> switches = new ArrayList<>();
            for (int n = 0; n < t.nodeCount(); n++) {
                if (!t.isHost(n)) {
                    switches.add(t.nodeName(n));
                }
            }
            circle(switches, W / 2.0, 230, 140, at);
            for (int n = 0; n < t.nodeCount(); n++) {
                if (t.isHost(n)) {
                    // a host beyond its switch, away from the centre
                    String sw = neighbour(t, n);
                    double[] p = at.get(sw);
                    double dx = p[0] - W / 2.0;
                    double dy = p[1] - 230;
                    double len = Math.max(1, Math.hypot(dx, dy));
                    int k = (int) at.keySet().stream().filter(s -> s.startsWith("h") && neighbourOf(t, s, sw)).count();
                    at.put(t.nodeName(n), new double[] {p[0] + dx / len * (70 + 40 * k), p[1] + dy / len * (70 + 40 * k)});
                }
            }
            return 470;
        }
        int maxTier = 0;
        for (int n = 0; n < t.nodeCount(); n++) {
            maxTier = Math.max(maxTier, t.tier(n));
        }
        for (int tier = maxTier; tier >= 0; tier--) {
            List<String> row = new ArrayList<>();
            for (int n = 0; n < t.nodeCount(); n++) {
                if (t.tier(n) == tier) {
                    row.add(t.nodeName(n));
                }
            }
            double gap = (W - 40.0) / Math.max(1, row.size());
            for (int i = 0; i < row.size(); i++) {
                at.put(row.get(i), new double[] {20 + gap * (i + 0.5), 40 + (maxTier - tier) * TIER_GAP});
            }
        }
        return 40 + maxTier * TIER_GAP + 50;
    }

    private static Optional<Topology> topology(String spec) {
        if (spec.isBlank() || spec.startsWith("file:")) {
            return Optional.empty();
        }
        try {
            return Optional.of(TopologySpecs.parse(spec));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static String neighbour(Topology t, int host) {
        for (int l = 0; l < t.linkCount(); l++) {
            if (t.linkA(l) == host) {
                return t.nodeName(t.linkB(l));
            }
            if (t.linkB(l) == host) {
                return t.nodeName(t.linkA(l));
            }
        }
        throw new IllegalStateException("host " + t.nodeName(host) + " has no link");
    }

    private static boolean neighbourOf(Topology t, String host, String sw) {
        return t.hasNode(host) && t.isHost(t.nodeId(host)) && neighbour(t, t.nodeId(host)).equals(sw);
    }

    private static boolean linked(List<Channel> cycle, String a, String b) {
        return cycle.stream().anyMatch(c -> c.from().equals(a) && c.to().equals(b)
                || c.from().equals(b) && c.to().equals(a));
    }

    private static void circle(List<String> nodes, double cx, double cy, double r, Map<String, double[]> at) {
        for (int i = 0; i < nodes.size(); i++) {
            double a = -Math.PI / 2 + 2 * Math.PI * i / nodes.size();
            at.put(nodes.get(i), new double[] {cx + r * Math.cos(a), cy + r * Math.sin(a)});
        }
    }

    private static String svg(String id, List<Channel> cycle, Map<String, double[]> at, List<String[]> links,
                              Set<String> failed, int height) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "<svg id=\"%s\" class=\"cycle-diagram\" "
                + "xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                + "font-family=\"sans-serif\" font-size=\"11\" role=\"img\" aria-label=\"credit loop on the topology\" "
                + "data-channels=\"%d\">%n", id, W, height, W, height, cycle.size()));
        sb.append("<defs><marker id=\"").append(id).append("-head\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" "
                + "markerUnits=\"userSpaceOnUse\" markerWidth=\"9\" markerHeight=\"9\" orient=\"auto\"><path "
                + "d=\"M0,0 L10,5 L0,10 z\" fill=\"#c62828\"/></marker></defs>\n");
        for (String[] l : links) {
            double[] a = at.get(l[0]);
            double[] b = at.get(l[1]);
            if (a == null || b == null) {
                continue;
            }
            boolean down = failed.contains(l[0] + "-" + l[1]) || failed.contains(l[1] + "-" + l[0]);
            sb.append(String.format(Locale.ROOT, "<line class=\"link%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                    + "stroke=\"%s\" stroke-width=\"1.2\"%s><title>%s-%s%s</title></line>%n", down ? " failed" : "",
                    a[0], a[1], b[0], b[1], down ? "#e57373" : "#b0b7c3", down ? " stroke-dasharray=\"5 4\"" : "",
                    esc(l[0]), esc(l[1]), down ? " (failed)" : ""));
        }
        List<String> badges = new ArrayList<>();
        List<double[]> placed = new ArrayList<>();
        for (int i = 0; i < cycle.size(); i++) {
            Channel c = cycle.get(i);
            double[] a = at.get(c.from());
            double[] b = at.get(c.to());
            if (a == null || b == null) {
                continue;
            }
            double dx = b[0] - a[0];
            double dy = b[1] - a[1];
            double len = Math.max(1, Math.hypot(dx, dy));
            // each arrow on its left-hand side, so opposite directions of one link are on opposite sides;
            // further lanes further out
            int lane = lane(c.lane());
            double off = 11 + 16 * lane;
            double ox = -dy / len * off;
            double oy = dx / len * off;
            double[] p = {a[0] + ox, a[1] + oy};
            double[] q = {b[0] + ox, b[1] + oy};
            // from the edge of one node's box to the edge of the other's, never over a name
            double t0 = leave(p, q, a, c.from(), false);
            double t1 = leave(p, q, b, c.to(), true);
            double x1 = p[0] + (q[0] - p[0]) * t0;
            double y1 = p[1] + (q[1] - p[1]) * t0;
            double x2 = p[0] + (q[0] - p[0]) * t1;
            double y2 = p[1] + (q[1] - p[1]) * t1;
            sb.append(String.format(Locale.ROOT, "<line class=\"cycle-channel\" data-order=\"%d\" x1=\"%.1f\" y1=\"%.1f\" "
                    + "x2=\"%.1f\" y2=\"%.1f\" stroke=\"#c62828\" stroke-width=\"2.4\" marker-end=\"url(#%s-head)\">"
                    + "<title>%d: %s->%s%s</title></line>%n", i + 1, x1, y1, x2, y2, id, i + 1, esc(c.from()),
                    esc(c.to()), c.lane().isEmpty() ? "" : " @" + esc(c.lane())));
            // the first place along the arrow clear of the badges already set (crossing arrows meet mid-way)
            double mx = 0;
            double my = 0;
            for (double along : new double[] {0.45 + 0.1 * lane, 0.3, 0.65, 0.2, 0.75}) {
                mx = x1 + (x2 - x1) * along;
                my = y1 + (y2 - y1) * along;
                if (clear(placed, mx, my)) {
                    break;
                }
            }
            placed.add(new double[] {mx, my});
            badges.add(String.format(Locale.ROOT, "<g class=\"badge\"><circle cx=\"%.1f\" cy=\"%.1f\" r=\"8\" "
                    + "fill=\"#fff\" stroke=\"#c62828\"/><text class=\"cycle-order\" x=\"%.1f\" y=\"%.1f\" "
                    + "text-anchor=\"middle\" font-size=\"10\" fill=\"#c62828\">%d</text></g>%n", mx, my, mx, my + 3.5,
                    i + 1));
        }
        Set<String> inCycle = new HashSet<>();
        cycle.forEach(c -> {
            inCycle.add(c.from());
            inCycle.add(c.to());
        });
        at.forEach((name, p) -> {
            double hw = halfWidth(name);
            sb.append(String.format(Locale.ROOT, "<g class=\"node\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                    + "height=\"%d\" rx=\"4\" fill=\"%s\" stroke=\"#1f3b73\"/><text class=\"node-name\" x=\"%.1f\" "
                    + "y=\"%.1f\" text-anchor=\"middle\">%s</text></g>%n", p[0] - hw, p[1] - BOX_H / 2.0, 2 * hw, BOX_H,
                    inCycle.contains(name) ? "#ffcdd2" : "#fff", p[0], p[1] + 4, esc(name)));
        });
        badges.forEach(sb::append);
        return sb.append("</svg>\n").toString();
    }

    private static boolean clear(List<double[]> placed, double x, double y) {
        return placed.stream().allMatch(p -> Math.hypot(p[0] - x, p[1] - y) >= 20);
    }

    private static double halfWidth(String name) {
        return TextMetrics.width(name, 11) / 2.0 + 5;
    }

    /**
     * Where the segment p-q leaves the box of the node at c (its name's box and a margin): the
     * largest fraction outside it near q ({@code atEnd}), or the smallest near p.
     */
    private static double leave(double[] p, double[] q, double[] c, String name, boolean atEnd) {
        double hw = halfWidth(name) + 3;
        double hh = BOX_H / 2.0 + 3;
        for (int k = 0; k <= 100; k++) {
            double t = atEnd ? 1 - k / 100.0 : k / 100.0;
            double x = p[0] + (q[0] - p[0]) * t;
            double y = p[1] + (q[1] - p[1]) * t;
            if (Math.abs(x - c[0]) > hw || Math.abs(y - c[1]) > hh) {
                return t;
            }
        }
        return atEnd ? 1 : 0;
    }

    private static int lane(String lane) {
        String digits = lane.replaceAll("\\D", "");
        return digits.isEmpty() ? 0 : Math.min(3, Integer.parseInt(digits));
    }
}
