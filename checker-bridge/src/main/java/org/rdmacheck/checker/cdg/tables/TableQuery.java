package org.rdmacheck.checker.cdg.tables;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.topology.TopologySpecs;

/**
 * Which network state to check: files as the tools wrote them, or a RoCE fabric's topology with
 * its next-hop tables and QoS. Also the provenance of a stored credit loop, so replay reads the
 * same files again.
 *
 * @param kind     InfiniBand or RoCE
 * @param topology IB: an {@code ibnetdiscover} file; RoCE: a topology spec ({@code file:PATH}, {@code fattree:k=4}, ...)
 * @param tables   IB: {@code opensm-lfts.dump} or {@code ibroute} output; RoCE: a next-hop JSON file, or empty
 *                 for the ECMP routes of {@code rule}
 * @param sl2vl    IB: {@code opensm-sl2vl.dump}, or empty for SL = VL
 * @param sl       the paths' SLs (RoCE: priorities), as {@link PathSl#parse}
 * @param sonic    RoCE: a SONiC {@code config_db.json} for the lossless priorities, or empty (every priority lossless)
 * @param rule     RoCE without next-hop file: {@code minhop} or {@code updown}
 */
public record TableQuery(Kind kind, String topology, String tables, String sl2vl, String sl, String sonic, String rule) {

    /** The network kind. */
    public enum Kind {
        /** InfiniBand: LIDs, forwarding tables, SL-to-VL tables */
        IB,
        /** RoCE: hosts, ECMP next hops, lossless priorities */
        ROCE
    }

    /**
     * Reads the state.
     *
     * @return the routing state
     * @throws InputException for any malformed file, naming file and line
     */
    public RoutedFabric load() {
        PathSl sls = PathSl.parse(sl);
        if (kind == Kind.IB) {
            Subnet s = IbNetDiscoverReader.read(Path.of(topology));
            LinearForwardingTables lft = LftDumpReader.read(Path.of(tables), s);
            LaneMap lanes = sl2vl.isEmpty() ? LaneMap.IDENTITY : Sl2VlTables.read(Path.of(sl2vl), s);
            sls.checkAgainst(s);
            return new RoutedFabric(s, lft, lanes, sls);
        }
        Subnet s = Subnet.assign(TopologySpecs.parse(topology), 0);
        sls.checkAgainst(s);
        Forwarding f = tables.isEmpty() ? RoutingRule.parse(rule).ecmp(s, new boolean[s.topology().linkCount()])
                : NextHopReader.read(Path.of(tables), s);
        LaneMap lanes = sonic.isEmpty() ? new RoceLanes(java.util.stream.IntStream.range(0, 8).boxed()
                .collect(java.util.stream.Collectors.toSet())) : RoceLanes.fromSonic(Path.of(sonic));
        return new RoutedFabric(s, f, lanes, sls);
    }

    /** @return the query as strings, in a fixed order */
    public Map<String, String> parameters() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("kind", kind.name().toLowerCase(Locale.ROOT));
        m.put("topology", topology);
        m.put("tables", tables);
        m.put("sl2vl", sl2vl);
        m.put("sl", sl);
        m.put("sonic", sonic);
        m.put("rule", rule);
        return m;
    }

    /**
     * @param p parameters as {@link #parameters()} writes them
     * @return the query
     */
    public static TableQuery fromParameters(Map<String, String> p) {
        String k = p.getOrDefault("kind", "");
        Kind kind = k.equals("ib") ? Kind.IB : k.equals("roce") ? Kind.ROCE : null;
        if (kind == null) {
            throw new InputException("deadlock parameters: kind '" + k + "': expected ib or roce");
        }
        return new TableQuery(kind, p.getOrDefault("topology", ""), p.getOrDefault("tables", ""),
                p.getOrDefault("sl2vl", ""), p.getOrDefault("sl", "0"), p.getOrDefault("sonic", ""),
                p.getOrDefault("rule", "minhop"));
    }

    /** @return a file-name-safe label */
    public String slug() {
        String base = kind == Kind.IB ? Path.of(topology).getFileName().toString() : topology;
        return (kind.name() + "-" + base).replace("=", "").replaceAll("[^A-Za-z0-9.]+", "-").toLowerCase(Locale.ROOT);
    }
}
