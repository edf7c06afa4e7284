package org.rdmacheck.model.fabric;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.rdmacheck.model.InputException;

/**
 * The design choices the composed model leaves open, each with the paper's reading and the repair.
 *
 * @param key        what a DFT entry is searched by
 * @param uTurns     whether a switch may deflect a packet back to the switch it came from
 * @param laneChange how a packet moves from VL1 to the escape lane VL0
 * @param cleanup    what survivors do with DFT entries of messages a failure drops
 * @param escapeLane whether the escape lane VL0 exists at all
 */
public record FabricOptions(DftKey key, UTurns uTurns, LaneChange laneChange, Cleanup cleanup, boolean escapeLane) {

    /** The DFT's searchable field. */
    public enum DftKey {
        /** seed 000 §IV-A: "the flow id or RDMA message id (the searchable field)" */
        MESSAGE("message"),
        /** the repair: the message and the tokens its packets carried on arrival, so the passes of a
         * message that loops back through a switch stay apart */
        MESSAGE_TOKENS("message-tokens");

        private final String label;

        DftKey(String label) {
            this.label = label;
        }

        /** @return the name on the command line */
        public String label() {
            return label;
        }

        /**
         * @param text a name
         * @return the key
         */
        public static DftKey of(String text) {
            return parse(values(), text, "dft-key", DftKey::label);
        }
    }

    /** Whether deflection may send a packet back where it came from. */
    public enum UTurns {
        /** any other live switch port (seed 000 §IV-A: "a randomly-selected output port") */
        ALLOWED("allowed"),
        /** never the port toward the switch the packet arrived from */
        FORBIDDEN("forbidden");

        private final String label;

        UTurns(String label) {
            this.label = label;
        }

        /** @return the name on the command line */
        public String label() {
            return label;
        }

        /**
         * @param text a name
         * @return the value
         */
        public static UTurns of(String text) {
            return parse(values(), text, "uturns", UTurns::label);
        }
    }

    /** How packets take the escape lane. */
    public enum LaneChange {
        /** seed 000 §IV-B says nothing about order: any blocked VL1 packet may move to VL0 */
        SILENT("silent"),
        /** IOFD applied to lane changes: a message's first packet takes VL0 at a switch and records it
         * in the DFT; the message's later packets follow it there (and only they) */
        FOLLOW("follow");

        private final String label;

        LaneChange(String label) {
            this.label = label;
        }

        /** @return the name on the command line */
        public String label() {
            return label;
        }

        /**
         * @param text a name
         * @return the value
         */
        public static LaneChange of(String text) {
            return parse(values(), text, "lane-change", LaneChange::label);
        }
    }

    /** What survivors of a failure do with the DFT entries of the messages it drops. */
    public enum Cleanup {
        /** seed 000 §IV-A/C: an entry is freed only by its message's end packet ("no DFT entry may be
         * overwritten except by natural deallocation"); §IV-C says nothing more */
        NONE("none"),
        /** the repair: the failure notice that drops a message's in-flight packets also frees its
         * entries at every surviving switch */
        FLUSH("flush");

        private final String label;

        Cleanup(String label) {
            this.label = label;
        }

        /** @return the name on the command line */
        public String label() {
            return label;
        }

        /**
         * @param text a name
         * @return the value
         */
        public static Cleanup of(String text) {
            return parse(values(), text, "cleanup", Cleanup::label);
        }
    }

    private static <E> E parse(E[] values, String text, String what, java.util.function.Function<E, String> label) {
        for (E v : values) {
            if (label.apply(v).equals(text)) {
                return v;
            }
        }
        throw new InputException(what + " = '" + text + "': expected one of "
                + Arrays.stream(values).map(label).collect(Collectors.joining(", ")));
    }
}
