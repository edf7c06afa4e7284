package org.rdmacheck.properties.gbn.timed;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.gbn.DuplicatePolicy;
import org.rdmacheck.model.gbn.GbnConfig;
import org.rdmacheck.model.gbn.GbnVariant;
import org.rdmacheck.model.gbn.NakPolicy;
import org.rdmacheck.model.gbn.timed.Delivery;
import org.rdmacheck.model.gbn.timed.TimedConfig;
import org.rdmacheck.model.gbn.timed.TimedGbnModel;
import org.rdmacheck.model.gbn.timed.TimedState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;
import org.rdmacheck.properties.catalog.VariantSpec;

/**
 * Catalogue entry {@code gbn-timed}: Go-Back-N loss recovery with clocks (seed 002, II-IV): the
 * RTO in the InfiniBand encoding, the NAK interval and the Check-EPSN timer race packets and ACKs
 * with bounded delays; pipelined messages; PSNs modulo 2^b.
 */
public final class TimedGbnEntry implements ModelEntry {

    @Override
    public String name() {
        return "gbn-timed";
    }

    @Override
    public String description() {
        return "Go-Back-N with clocks: IB-encoded RTO, NAK interval and CE timer race packets and ACKs; "
                + "PSNs modulo 2^b (seed 002 II-IV)";
    }

    @Override
    public List<ParamSpec> parameters() {
        return List.of(
                new ParamSpec("packets", "2", "packets per message M, 1..16"),
                new ParamSpec("messages", "2", "pipelined messages K with continuing PSNs, 1..8"),
                new ParamSpec("losses", "1", "loss budget L: packets (data or control) the network may drop, 0..6"),
                new ParamSpec("ackInterval", "0", "AckReq on every n-th packet of a message (0: last packet only)"),
                new ParamSpec("window", "4", "greatest number of packets outstanding, 1..64"),
                new ParamSpec("psnBits", "3", "PSN width b: PSNs travel modulo 2^b, 1..24 (BTH: 24)"),
                new ParamSpec("delayMin", "1", "least one-way delay of a packet, ticks >= 1"),
                new ParamSpec("delayMax", "2", "greatest one-way delay, ticks >= delayMin (worst-case RTT = 2 delayMax)"),
                new ParamSpec("tickNs", "1024", "length of a tick in ns"),
                new ParamSpec("timeout", "2", "InfiniBand local ACK timeout: RTO = 4.096 us x 2^timeout, 0..31 "
                        + "(0: no RTO); rounded down to whole ticks"),
                new ParamSpec("nakInterval", "6", "NAK interval in ticks (Check-EPSN's timer runs on it)"),
                new ParamSpec("netDuplicates", "0", "data packets the network may duplicate, 0..4"),
                new ParamSpec("reorder", "false", "true: packets within the delay bounds arrive in any order (multipath)"),
                new ParamSpec("maxRtos", "1", "k of CompletionWithinKRtos: RTO expiries allowed, 0..8"),
                new ParamSpec("goodput", "33", "GoodputBound: least packets delivered per 100 packets sent, 1..100"),
                new ParamSpec("duplicates", "ack", "ack: a duplicate with AckReq is acknowledged again (InfiniBand); "
                        + "ignore: duplicates are dropped"),
                new ParamSpec("nakPolicy", "interval", "interval: at most one NAK per NAK interval (seed 002 II-A); "
                        + "epsn: also NAK at once when EPSN differs from the last NAK's (ns-3 RDMA)"));
    }

    @Override
    public List<VariantSpec> variants() {
        return TimedVariants.ALL;
    }

    @Override
    public Map<String, String> structuralProperties() {
        return TimedVariants.STRUCTURAL;
    }

    @Override
    public CheckSpec<TimedState> build(String variant, Params params) {
        VariantSpec v = variant(variant);
        Params p = resolve(variant, params);
        TimedGbnModel model = model(variant, p);
        // must-fail sets hold at a variant's own defaults; elsewhere every property is expected to
        // hold and the checker's verdict is the answer
        boolean ownDefaults = p.asMap().equals(resolve(variant, Params.empty()).asMap());
        return new CheckSpec<>(name(), variant, p.asMap(), model, TimedGbnProperties.of(model),
                ownDefaults ? v.mustFail() : Set.of());
    }

    /**
     * Builds the configured model.
     *
     * @param variant variant name (its protocol is the part before the first '-')
     * @param params  parameters with defaults filled in
     * @return the model
     */
    public static TimedGbnModel model(String variant, Params params) {
        GbnConfig protocol = new GbnConfig(params.integer("packets", 2, 1, 16), params.integer("messages", 2, 1, 8),
                params.integer("ackInterval", 0, 0, 16), GbnVariant.of(variant.split("-")[0]),
                DuplicatePolicy.of(params.choice("duplicates", "ack", Set.of("ack", "ignore"))),
                NakPolicy.of(params.choice("nakPolicy", "interval", Set.of("interval", "epsn"))));
        Delivery delivery = Boolean.parseBoolean(params.choice("reorder", "false", Set.of("true", "false")))
                ? Delivery.REORDER : Delivery.FIFO;
        return new TimedGbnModel(new TimedConfig(protocol, params.integer("losses", 1, 0, 6),
                params.integer("netDuplicates", 0, 0, 4), delivery, params.integer("delayMin", 1, 1, 1_000_000),
                params.integer("delayMax", 2, 1, 1_000_000), params.integer("tickNs", 1024, 1, Integer.MAX_VALUE),
                params.integer("timeout", 2, 0, 31), params.integer("nakInterval", 6, 1, 1_000_000),
                params.integer("psnBits", 3, 1, 24), params.integer("window", 4, 1, 64),
                params.integer("maxRtos", 1, 0, 8), params.integer("goodput", 33, 1, 100)));
    }

    /**
     * @param variant a variant name
     * @param changes parameters to change from the variant's defaults
     * @return the resolved parameters
     */
    public Params params(String variant, Map<String, String> changes) {
        return resolve(variant, Params.of(new LinkedHashMap<>(changes)));
    }
}
