package org.rdmacheck.cli;

import java.util.Objects;

/**
 * A named figure with its unit, e.g. {@code distinctStates = 1234 states} or {@code q_KB = 12.5 KB}.
 * Figures travel as numbers until the CLI renders them (JSON writes {@code {"value", "unit"}}).
 *
 * @param name  the figure's name (stable, used as the JSON key)
 * @param value its value
 * @param unit  its unit
 */
public record Quantity(String name, double value, Unit unit) {

    /** Rejects missing names and units. */
    public Quantity {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(unit, "unit");
    }

    /** Units of the figures the tasks report; {@link #symbol()} is how JSON writes them. */
    public enum Unit {
        /** distinct states of a state space */
        STATES("states"),
        /** transitions (edges) of a state space */
        TRANSITIONS("transitions"),
        /** steps of a trace or breadth-first levels */
        STEPS("steps"),
        /** states explored per second */
        STATES_PER_SECOND("states/s"),
        /** milliseconds */
        MILLISECONDS("ms"),
        /** microseconds */
        MICROSECONDS("us"),
        /** bytes */
        BYTES("B"),
        /** kilobytes (1000 bytes... as the fluid model's queue figures) */
        KILOBYTES("KB"),
        /** gigabits per second */
        GBPS("Gb/s"),
        /** percent */
        PERCENT("%"),
        /** a dimensionless ratio or probability */
        RATIO("1"),
        /** a count of things (points, packets, paths, QPs) */
        COUNT("count"),
        /** channels of a channel-dependency graph */
        CHANNELS("channels"),
        /** dependencies (edges) of a channel-dependency graph */
        DEPENDENCIES("dependencies"),
        /** lost packets or control messages (a loss budget) */
        LOSSES("losses"),
        /** packets (the packet budget of a fabric state) */
        PACKETS("packets"),
        /** degrees (phase margins) */
        DEGREES("deg"),
        /** hertz (crossover frequencies) */
        HERTZ("Hz"),
        /** nanoseconds (timer settings, delays) */
        NANOSECONDS("ns"),
        /** seconds (a simulated timeout) */
        SECONDS("s"),
        /** megabits per second (rate increase steps) */
        MBPS("Mb/s"),
        /** decibels (gain margins) */
        DECIBELS("dB"),
        /** bit times of a link (headroom terms, IEEE 802.1Qbb) */
        BIT_TIMES("bit-times"),
        /** ticks of a timed model's clock */
        TICKS("ticks");

        private final String symbol;

        Unit(String symbol) {
            this.symbol = symbol;
        }

        /** @return the symbol written in JSON and tables */
        public String symbol() {
            return symbol;
        }

        /** @return whether values in this unit are whole numbers */
        public boolean integral() {
            return this == STATES || this == TRANSITIONS || this == STEPS || this == STATES_PER_SECOND || this == COUNT
                    || this == CHANNELS || this == DEPENDENCIES || this == LOSSES || this == BYTES
                    || this == PACKETS || this == TICKS || this == NANOSECONDS;
        }

        /**
         * The unit a figure name ends with ({@code _Gbps}, {@code _Mbps}, {@code _KB}, {@code _ms},
         * {@code _us}, {@code _percent}, {@code _deg}, {@code _Hz}, {@code _dB}), as the fluid model names
         * its figures.
         *
         * @param name a figure name
         * @return its unit; {@link #RATIO} when the name carries none
         */
        public static Unit ofSuffix(String name) {
            if (name.endsWith("Gbps")) {
                return GBPS;
            }
            if (name.endsWith("_KB")) {
                return KILOBYTES;
            }
            if (name.endsWith("_ms")) {
                return MILLISECONDS;
            }
            if (name.endsWith("_us")) {
                return MICROSECONDS;
            }
            if (name.endsWith("_percent")) {
                return PERCENT;
            }
            if (name.endsWith("_Mbps")) {
                return MBPS;
            }
            if (name.endsWith("_deg")) {
                return DEGREES;
            }
            if (name.endsWith("_Hz")) {
                return HERTZ;
            }
            if (name.endsWith("_dB")) {
                return DECIBELS;
            }
            return RATIO;
        }
    }

    /** @param name name  @param n count  @return a quantity in states */
    public static Quantity states(String name, long n) {
        return new Quantity(name, n, Unit.STATES);
    }

    /** @param name name  @param n value  @param unit unit  @return the quantity */
    public static Quantity of(String name, double n, Unit unit) {
        return new Quantity(name, n, unit);
    }

    /** @return the value as a whole number when the unit counts things */
    public boolean isIntegral() {
        return unit.integral() && value == Math.rint(value) && Math.abs(value) < 9.0e15;
    }
}
