package org.rdmacheck.cli.report;

import java.util.List;

/**
 * A counterexample as a message sequence chart: one lifeline per node (lane), one message per
 * packet or control message from the step it was sent to the step it arrived, was lost, or the
 * trace ended; notes for timers and state changes; the violation and the lasso's loop.
 *
 * @param lanes          lifeline names, left to right
 * @param steps          number of rows (trace steps, the initial state included)
 * @param messages       the messages
 * @param notes          timers, deliveries, failures, state changes
 * @param property       the violated property
 * @param violationIndex the row where the violation is established
 * @param loopStart      the row the last state returns to, or -1
 */
public record SequenceChart(List<String> lanes, int steps, List<Message> messages, List<Note> notes,
                            String property, int violationIndex, int loopStart) {

    /** Copies the lists. */
    public SequenceChart {
        lanes = List.copyOf(lanes);
        messages = List.copyOf(messages);
        notes = List.copyOf(notes);
    }

    /** What became of a message by the end of the trace. */
    public enum Fate {
        /** received */
        DELIVERED,
        /** lost (drawn as a cross) */
        LOST,
        /** still in flight when the trace ends */
        IN_FLIGHT
    }

    /**
     * One packet or control message.
     *
     * @param label    its kind and PSN/ID, e.g. {@code DATA 2}
     * @param from     sending lane
     * @param to       receiving lane
     * @param sendStep the step that sent it
     * @param endStep  the step that received or lost it (the last step if in flight)
     * @param fate     what became of it
     */
    public record Message(String label, int from, int to, int sendStep, int endStep, Fate fate) {
    }

    /**
     * A note on a lifeline.
     *
     * @param lane the lane
     * @param step the step
     * @param text what happened
     */
    public record Note(int lane, int step, String text) {
    }
}
