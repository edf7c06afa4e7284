package org.rdmacheck.checker.thresholds;

import java.util.PriorityQueue;

/**
 * A discrete-event simulation of one PFC PAUSE round trip over a link, a check of the headroom
 * {@link Headroom} derives that does not share its formula (seed 004 §4, "Headroom buffer": the
 * headroom must absorb what arrives after the PAUSE threshold is crossed until the PAUSE takes
 * effect). Time is in bit times of the link; all frames are counted on the wire (frame plus
 * preamble and inter-frame gap), as the derivation counts them.
 *
 * <p>At time 0 the congested (downstream) switch's ingress crosses its PAUSE threshold. Its egress
 * towards the upstream is busy with a frame begun {@code phi} bit times earlier and cannot preempt
 * it; then it sends the PAUSE frame. The PAUSE's last bit crosses both interfaces' PHY/MAC (one
 * interface delay per traversal) and the cable; the upstream acts on it after its response time.
 * The upstream sends maximum frames back to back at line rate, starting one every frame time from
 * phase {@code theta}; a frame begun at or before the moment the PAUSE takes effect is sent whole.
 * Its bits reach the downstream ingress after one interface delay and the cable. The simulation
 * counts every bit that arrives after time 0, and sweeps both phases.
 */
public final class PauseRoundTrip {

    /** Phases of the downstream's blocking frame tried (including "just begun"). */
    static final int DOWNSTREAM_PHASES = 8;
    /** Phases of the upstream's frame schedule tried over one frame time. */
    static final int UPSTREAM_PHASES = 1024;

    private PauseRoundTrip() {
    }

    /**
     * The worst case over the phase grid.
     *
     * @param worstBits        bit times arriving after the threshold was crossed, at the worst phases
     * @param worstBytes       the same in bytes, rounded up
     * @param downstreamPhase  phi of the worst case (bit times the blocking frame had been sent)
     * @param upstreamPhase    theta of the worst case
     * @param framesAfterCross whole or partial upstream frames arriving after time 0 in the worst case
     * @param resolutionBits   the upstream phase grid's step: the worst case may lie up to this above
     * @param runs             simulations run
     */
    public record Result(double worstBits, long worstBytes, double downstreamPhase, double upstreamPhase,
                         int framesAfterCross, double resolutionBits, int runs) {
    }

    /**
     * @param link the link the PAUSE travels over
     * @param mtu  the largest frame (bytes, without the wire overhead)
     * @return the worst case over {@value #DOWNSTREAM_PHASES} x {@value #UPSTREAM_PHASES} phases
     */
    public static Result worstCase(Link link, long mtu) {
        double frame = (mtu + link.frameOverheadBytes()) * 8.0;
        double best = -1;
        double bestPhi = 0;
        double bestTheta = 0;
        int bestFrames = 0;
        int runs = 0;
        for (int i = 0; i < DOWNSTREAM_PHASES; i++) {
            double phi = frame * i / DOWNSTREAM_PHASES;
            for (int j = 0; j < UPSTREAM_PHASES; j++) {
                double theta = frame * j / UPSTREAM_PHASES;
                double[] r = run(link, mtu, phi, theta);
                runs++;
                if (r[0] > best) {
                    best = r[0];
                    bestPhi = phi;
                    bestTheta = theta;
                    bestFrames = (int) r[1];
                }
            }
        }
        return new Result(best, (long) Math.ceil(best / 8 - 1e-9), bestPhi, bestTheta, bestFrames,
                frame / UPSTREAM_PHASES, runs);
    }

    private enum Kind {
        // at equal times a frame start comes before the PAUSE taking effect: a frame begun at that
        // instant is sent whole (the conservative reading)
        UPSTREAM_FRAME_START, DOWNSTREAM_EGRESS_FREE, PAUSE_SENT, PAUSE_RECEIVED, PAUSE_EFFECT
    }

    private record Event(double time, Kind kind) implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            int c = Double.compare(time, o.time);
            return c != 0 ? c : kind.compareTo(o.kind);
        }
    }

    /**
     * One round trip.
     *
     * @param link  the link
     * @param mtu   the largest frame
     * @param phi   bit times the downstream's blocking frame had been sent at time 0, in [0, frame)
     * @param theta the upstream's frame phase, in [0, frame)
     * @return {bits arriving after time 0, upstream frames contributing}
     */
    static double[] run(Link link, long mtu, double phi, double theta) {
        double frame = (mtu + link.frameOverheadBytes()) * 8.0;
        double pauseFrame = (link.pauseFrameBytes() + link.frameOverheadBytes()) * 8.0;
        double cable = link.cableMetres().doubleValue() * link.nsPerMetre().doubleValue()
                * link.bitsPerSecond() / 1e9;
        double iface = link.interfaceDelayBitTimes();
        double response = (double) link.responseQuanta() * Link.BITS_PER_QUANTUM;
        PriorityQueue<Event> queue = new PriorityQueue<>();
        queue.add(new Event(frame - phi, Kind.DOWNSTREAM_EGRESS_FREE));
        // the upstream has been sending for long: its first frame here is the last whose bits end
        // at or before time 0 at the downstream, so every later bit is seen
        double path = iface + cable;
        double first = theta + Math.floor((-(frame + path) - theta) / frame) * frame;
        queue.add(new Event(first, Kind.UPSTREAM_FRAME_START));
        boolean paused = false;
        double bits = 0;
        int frames = 0;
        while (!queue.isEmpty()) {
            Event e = queue.poll();
            double t = e.time();
            switch (e.kind()) {
                case DOWNSTREAM_EGRESS_FREE -> queue.add(new Event(t + pauseFrame, Kind.PAUSE_SENT));
                case PAUSE_SENT -> queue.add(new Event(t + cable + iface, Kind.PAUSE_RECEIVED));
                case PAUSE_RECEIVED -> queue.add(new Event(t + response, Kind.PAUSE_EFFECT));
                case PAUSE_EFFECT -> paused = true;
                case UPSTREAM_FRAME_START -> {
                    if (!paused) {
                        double arriveStart = t + path;
                        double arriveEnd = arriveStart + frame;
                        double after = arriveEnd - Math.max(arriveStart, 0);
                        if (after > 0) {
                            bits += after;
                            frames++;
                        }
                        queue.add(new Event(t + frame, Kind.UPSTREAM_FRAME_START));
                    }
                }
                default -> throw new IllegalStateException(e.kind().name());
            }
        }
        return new double[] {bits, frames};
    }
}
