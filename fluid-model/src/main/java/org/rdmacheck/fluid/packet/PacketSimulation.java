package org.rdmacheck.fluid.packet;

import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.rdmacheck.fluid.FlowSpec;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.FluidProblem;
import org.rdmacheck.fluid.Marking;
import org.rdmacheck.fluid.Units;

/**
 * A discrete-event, packet-level simulation of DCQCN at one bottleneck (seed 004 §3.1), to check
 * the fluid model against: paced senders (RP, {@link ReactionPoint}), one FIFO egress queue served
 * at C with RED marking (5) on arrival (CP), and a receiver NP that sends a CNP at once for a marked
 * packet when none went out in the last τ, and otherwise at most one per τ if a packet in that
 * window was marked (Fig 6). Links add {@link #HOP_DELAY_MICROS} per hop (sender-switch,
 * switch-receiver, receiver-sender for the CNP). Packets are the fluid model's packet size; marks
 * are drawn from a seeded generator, so a run is reproducible. The queue samples are the mean
 * backlog seen by packets arriving in each interval. Not thread-safe; one per run.
 */
public final class PacketSimulation {

    /** One-way delay of each link (µs). */
    public static final double HOP_DELAY_MICROS = 1.0;

    private static final int SEND = 0;
    private static final int NP_ARRIVAL = 1;
    private static final int NP_TIMER = 2;
    private static final int CNP_ARRIVAL = 3;
    private static final int RATE_TIMER = 4;
    private static final int ALPHA_TIMER = 5;

    private record Event(double time, long seq, int type, int flow, long generation, boolean marked)
            implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            int c = Double.compare(time, o.time);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    private final FluidParameters params;
    private final List<FlowSpec> flows;
    private final double duration;
    private final SplittableRandom random;
    private final Marking marking;
    private final double serviceTime;
    private final PriorityQueue<Event> events = new PriorityQueue<>();
    private final ReactionPoint[] rps;
    private final double[] lastCnp;
    private final boolean[] pendingMark;
    private final double sampleInterval;
    private final double extraFeedback;
    private final double[][] sampledRate;
    private final double[][] delivered;
    private final double[] queueSum;
    private final int[] queueCount;
    private double lastDeparture;
    private long seq;
    private long packets;

    /**
     * @param problem        flows (each group of multiplicity 1 is one sender), parameters, duration
     * @param seed           seed for the marking draws
     * @param sampleMicros   interval of the rate, throughput and queue samples
     */
    public PacketSimulation(FluidProblem problem, long seed, double sampleMicros) {
        this(problem, seed, sampleMicros, 0);
    }

    /**
     * A run with a longer control loop: every CNP takes {@code extraFeedbackMicros} more to reach
     * its sender (a longer path or a slower NP), on top of the links and the NP's pacing.
     *
     * @param problem             flows, parameters, duration
     * @param seed                seed for the marking draws
     * @param sampleMicros        sample interval
     * @param extraFeedbackMicros added CNP delay (µs, ≥ 0)
     */
    public PacketSimulation(FluidProblem problem, long seed, double sampleMicros, double extraFeedbackMicros) {
        if (!(extraFeedbackMicros >= 0) || Double.isInfinite(extraFeedbackMicros)) {
            throw new IllegalArgumentException("extra feedback delay " + extraFeedbackMicros + " us");
        }
        this.extraFeedback = extraFeedbackMicros;
        this.params = problem.params();
        this.flows = problem.groups();
        for (FlowSpec f : flows) {
            if (f.multiplicity() != 1) {
                throw new IllegalArgumentException("the packet simulation takes one sender per group");
            }
        }
        this.duration = problem.durationMicros();
        this.random = new SplittableRandom(seed);
        this.marking = Marking.of(params);
        this.serviceTime = 1 / params.capacityPerMicro();
        this.rps = new ReactionPoint[flows.size()];
        this.lastCnp = new double[flows.size()];
        this.pendingMark = new boolean[flows.size()];
        this.sampleInterval = sampleMicros;
        int samples = (int) Math.ceil(duration / sampleMicros) + 1;
        this.sampledRate = new double[flows.size()][samples];
        this.delivered = new double[flows.size()][samples];
        this.queueSum = new double[samples];
        this.queueCount = new int[samples];
    }

    /** @return the run's samples */
    public PacketResult run() {
        return run(() -> false);
    }

    /**
     * @param stop whether to stop (a time limit), asked every 4,096 events
     * @return the run's samples
     * @throws org.rdmacheck.fluid.FluidLimitException when {@code stop} turned true before the end
     */
    public PacketResult run(java.util.function.BooleanSupplier stop) {
        long handled = 0;
        for (int i = 0; i < flows.size(); i++) {
            FlowSpec f = flows.get(i);
            rps[i] = new ReactionPoint(params.capacityPerMicro(),
                    Units.gbpsToPacketsPerMicro(f.initialRateGbps(), params.packetKB()), params.g(),
                    params.rateAiPerMicro(), params.rateHaiPerMicro(), params.fastRecoverySteps(),
                    params.byteCounterPackets());
            rps[i].alpha = f.initialAlpha();
            lastCnp[i] = Double.NEGATIVE_INFINITY;
            double start = f.startMicros();
            schedule(start, SEND, i, 0, false);
            schedule(start + params.timerMicros(), RATE_TIMER, i, 0, false);
            schedule(start + params.alphaIntervalMicros(), ALPHA_TIMER, i, 0, false);
        }
        double nextSample = 0;
        int sample = 0;
        while (!events.isEmpty() && events.peek().time() <= duration) {
            Event e = events.poll();
            if ((++handled & 4095) == 0 && stop.getAsBoolean()) {
                throw new org.rdmacheck.fluid.FluidLimitException("packet simulation stopped", e.time());
            }
            while (e.time() >= nextSample && sample < queueSum.length) {
                record(sample++, nextSample);
                nextSample += sampleInterval;
            }
            handle(e);
        }
        while (sample < queueSum.length) {
            record(sample++, nextSample);
            nextSample += sampleInterval;
        }
        return new PacketResult(sampleInterval, convert(sampledRate), convertDelivered(), queueKB(), packets);
    }

    private void record(int i, double t) {
        for (int f = 0; f < rps.length; f++) {
            sampledRate[f][i] = t >= flows.get(f).startMicros() ? rps[f].currentRate : 0;
        }
    }

    private void handle(Event e) {
        int f = e.flow();
        ReactionPoint rp = rps[f];
        switch (e.type()) {
            case SEND -> send(e.time(), f, rp);
            case NP_ARRIVAL -> npArrival(e.time(), f, e.marked());
            case NP_TIMER -> {
                if (pendingMark[f]) {
                    cnp(e.time(), f);
                }
            }
            case CNP_ARRIVAL -> {
                rp.onCnp();
                schedule(e.time() + params.timerMicros(), RATE_TIMER, f, rp.generation, false);
                schedule(e.time() + params.alphaIntervalMicros(), ALPHA_TIMER, f, rp.generation, false);
            }
            case RATE_TIMER -> {
                if (e.generation() == rp.generation) {
                    rp.onRateTimer();
                    schedule(e.time() + params.timerMicros(), RATE_TIMER, f, rp.generation, false);
                }
            }
            default -> {
                if (e.generation() == rp.generation) {
                    rp.onAlphaTimer();
                    schedule(e.time() + params.alphaIntervalMicros(), ALPHA_TIMER, f, rp.generation, false);
                }
            }
        }
    }

    /** A packet leaves the sender, reaches the switch one hop later; FIFO service at C; RED on arrival. */
    private void send(double t, int f, ReactionPoint rp) {
        packets++;
        double arrival = t + HOP_DELAY_MICROS;
        double backlog = Math.max(0, lastDeparture - arrival) / serviceTime;
        boolean marked = random.nextDouble() < marking.probability(backlog);
        int bin = (int) (arrival / sampleInterval);
        if (bin < queueSum.length) {
            queueSum[bin] += backlog;
            queueCount[bin]++;
        }
        lastDeparture = Math.max(arrival, lastDeparture) + serviceTime;
        schedule(lastDeparture + HOP_DELAY_MICROS, NP_ARRIVAL, f, 0, marked);
        rp.onPacketSent();
        schedule(t + 1 / Math.max(rp.currentRate, 1e-6), SEND, f, 0, false);
    }

    /** Fig 6: CNP at once if none in the last τ, else at most one per τ if a packet was marked. */
    private void npArrival(double t, int f, boolean marked) {
        int bin = (int) (t / sampleInterval);
        if (bin < delivered[f].length) {
            delivered[f][bin]++;
        }
        if (!marked) {
            return;
        }
        if (t - lastCnp[f] >= params.cnpIntervalMicros()) {
            cnp(t, f);
        } else if (!pendingMark[f]) {
            pendingMark[f] = true;
            schedule(lastCnp[f] + params.cnpIntervalMicros(), NP_TIMER, f, 0, false);
        }
    }

    private void cnp(double t, int f) {
        lastCnp[f] = t;
        pendingMark[f] = false;
        schedule(t + 2 * HOP_DELAY_MICROS + extraFeedback, CNP_ARRIVAL, f, 0, false);
    }

    private void schedule(double t, int type, int flow, long generation, boolean marked) {
        events.add(new Event(t, seq++, type, flow, generation, marked));
    }

    private double[][] convert(double[][] perMicro) {
        double[][] out = new double[perMicro.length][];
        for (int f = 0; f < perMicro.length; f++) {
            out[f] = new double[perMicro[f].length];
            for (int i = 0; i < out[f].length; i++) {
                out[f][i] = Units.packetsPerMicroToGbps(perMicro[f][i], params.packetKB());
            }
        }
        return out;
    }

    private double[][] convertDelivered() {
        double[][] out = new double[delivered.length][];
        for (int f = 0; f < delivered.length; f++) {
            out[f] = new double[delivered[f].length];
            for (int i = 0; i < out[f].length; i++) {
                out[f][i] = Units.packetsPerMicroToGbps(delivered[f][i] / sampleInterval, params.packetKB());
            }
        }
        return out;
    }

    private double[] queueKB() {
        double[] q = new double[queueSum.length];
        for (int i = 0; i < q.length; i++) {
            q[i] = queueCount[i] == 0 ? 0 : Units.packetsToKb(queueSum[i] / queueCount[i], params.packetKB());
        }
        return q;
    }
}
