package org.rdmacheck.model.escapevl;

/**
 * Lane-selection rules of the dynamic escape-lane model (seed 000 §IV-B). VL0 is the escape lane
 * when there are two lanes; packets are injected on VL1.
 *
 * @param lanes        1 or 2
 * @param deflectVl1   whether VL1 (VL0 with one lane) deflects blocked packets holding a token
 * @param deflectVl0   whether the escape lane deflects too
 * @param toEscape     whether a blocked VL1 packet may move to VL0
 * @param fromEscape   whether a VL0 packet returns to VL1 at its next hop (the escape lane then
 *                     bypasses one blocked hop only: escape -> non-escape moves)
 * @param followEscape the order-restoring rule: the first packet of a message to take the escape
 *                     lane (which must be its oldest packet in flight) records its switch; every
 *                     later packet of the message takes the escape lane at that same switch
 * @param tokenCost    tokens a deflection spends: 1, or 0 for unbounded deflection (a packet that
 *                     holds a token may be deflected for ever)
 */
public record LaneRules(int lanes, boolean deflectVl1, boolean deflectVl0, boolean toEscape, boolean fromEscape,
                        boolean followEscape, int tokenCost) {

    /** Rules whose deflections spend one token each. */
    public LaneRules(int lanes, boolean deflectVl1, boolean deflectVl0, boolean toEscape, boolean fromEscape,
                     boolean followEscape) {
        this(lanes, deflectVl1, deflectVl0, toEscape, fromEscape, followEscape, 1);
    }

    /** One lane with deflection: no escape lane (must deadlock). */
    public static final LaneRules ONE_LANE_DEFLECT = new LaneRules(1, true, false, false, false, false);
    /** Dart: escape VL0 never deflected, deflection on VL1, VL1 -> VL0 only (deadlock-free). */
    public static final LaneRules DART = new LaneRules(2, true, false, true, false, false);
    /** Dart's lanes, but a deflection spends no token: deadlock-free, and a packet may loop for ever. */
    public static final LaneRules DART_UNLIMITED_TOKENS = new LaneRules(2, true, false, true, false, false, 0);
    /** Escape -> non-escape moves: a VL0 packet returns to VL1 at its next hop (must deadlock). */
    public static final LaneRules ESCAPE_RETURN = new LaneRules(2, true, false, true, true, false);
    /** Deflection on the escape lane too (must deadlock). */
    public static final LaneRules ESCAPE_DEFLECT = new LaneRules(2, true, true, true, false, false);
    /** Lane changes without deflection: the ordering question. */
    public static final LaneRules ESCAPE_ONLY = new LaneRules(2, false, false, true, false, false);
    /** Lane changes without deflection, with the order-restoring rule. */
    public static final LaneRules ESCAPE_FOLLOW = new LaneRules(2, false, false, true, false, true);

    /** @return the lane packets are injected on */
    public int injectionLane() {
        return lanes - 1;
    }

    /**
     * @param lane a lane
     * @return whether it deflects
     */
    public boolean deflects(int lane) {
        return lanes == 1 ? deflectVl1 : lane == 1 ? deflectVl1 : deflectVl0;
    }
}
