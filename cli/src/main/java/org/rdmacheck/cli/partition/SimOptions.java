package org.rdmacheck.cli.partition;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.partition.sim.EcmpHash;
import org.rdmacheck.model.partition.sim.PathCensus;
import org.rdmacheck.model.partition.sim.TradeoffSweep;
import org.rdmacheck.model.topology.FatTree;
import org.rdmacheck.model.topology.Topology;

/**
 * Validated settings of one {@code partition-sim} run: the sweep and the census.
 *
 * @param sweep        the completion-time sweep
 * @param censusK      fat-tree radices for the ECMP census (may be empty)
 * @param censusQps    QP counts for the census
 * @param censusHashes hashes for the census
 * @param censusTrials random port sets per census point
 */
record SimOptions(TradeoffSweep sweep, List<Integer> censusK, List<Integer> censusQps, List<EcmpHash> censusHashes,
                  int censusTrials) {

    /** @return the report */
    PartitionSimReport run() {
        return run((done, total) -> true);
    }

    /**
     * @param listener told after every trial of the sweep; false stops it (the report then has
     *                 fewer points than {@link #pointCount()})
     * @return the report
     */
    PartitionSimReport run(TradeoffSweep.TrialListener listener) {
        List<PartitionSimReport.CensusRow> census = new ArrayList<>();
        for (int k : censusK) {
            Topology t = FatTree.build(k);
            for (EcmpHash h : censusHashes) {
                PathCensus c = new PathCensus(t, 0, t.hostCount() - 1, h);
                for (int q : censusQps) {
                    census.add(new PartitionSimReport.CensusRow(t.name(), h.id(), c.row(q, censusTrials, sweep.seed())));
                }
            }
        }
        return new PartitionSimReport(sweep.topology().name(), sweep.run(listener), census);
    }

    /** @return points of the complete sweep */
    int pointCount() {
        return sweep.qpCounts().size() * sweep.chunkSizes().size();
    }
}
