package org.rdmacheck.fluid.packet;

/**
 * The sender's DCQCN rate controller (seed 004 §3.1, Fig 7; rate increase as in QCN): rate
 * decrease (1) on a CNP, α decay (2) every τ' without a CNP, and rate increase events from the
 * byte counter (every B bytes sent) and the timer (every T): fast recovery (3) while both stage
 * counts are below F, hyper increase (R_T += i R_HAI, i = min stage - F) when both exceed F,
 * additive increase (4) otherwise. Rates are in packets/µs and capped at line rate. Mutable, one
 * per flow, confined to one simulation.
 */
final class ReactionPoint {

    private final double lineRate;
    private final double g;
    private final double rateAi;
    private final double rateHai;
    private final int fast;
    private final double byteCounter;
    double currentRate;
    double targetRate;
    double alpha = 1;
    private double bytesSinceIncrease;
    private int byteStage;
    private int timerStage;
    /** bumped on every CNP: timers armed before it are stale */
    long generation;

    ReactionPoint(double lineRate, double initialRate, double g, double rateAi, double rateHai, int fast,
                  double byteCounterPackets) {
        this.lineRate = lineRate;
        this.currentRate = initialRate;
        this.targetRate = initialRate;
        this.g = g;
        this.rateAi = rateAi;
        this.rateHai = rateHai;
        this.fast = fast;
        this.byteCounter = byteCounterPackets;
    }

    /** A CNP arrived: equation (1), and the increase state starts over. */
    void onCnp() {
        targetRate = currentRate;
        currentRate = currentRate * (1 - alpha / 2);
        alpha = (1 - g) * alpha + g;
        bytesSinceIncrease = 0;
        byteStage = 0;
        timerStage = 0;
        generation++;
    }

    /** τ' passed without a CNP: equation (2). */
    void onAlphaTimer() {
        alpha = (1 - g) * alpha;
    }

    /** The rate-increase timer T expired. */
    void onRateTimer() {
        timerStage++;
        increase();
    }

    /** One packet was sent: the byte counter may expire. */
    void onPacketSent() {
        bytesSinceIncrease += 1;
        if (bytesSinceIncrease >= byteCounter) {
            bytesSinceIncrease -= byteCounter;
            byteStage++;
            increase();
        }
    }

    private void increase() {
        if (Math.max(byteStage, timerStage) < fast) {
            currentRate = (targetRate + currentRate) / 2;                      // fast recovery (3)
        } else if (Math.min(byteStage, timerStage) > fast) {
            targetRate += (Math.min(byteStage, timerStage) - fast) * rateHai;  // hyper increase
            currentRate = (targetRate + currentRate) / 2;
        } else {
            targetRate += rateAi;                                              // additive increase (4)
            currentRate = (targetRate + currentRate) / 2;
        }
        targetRate = Math.min(targetRate, lineRate);
        currentRate = Math.min(currentRate, lineRate);
    }
}
