package org.rdmacheck.model.gbn;

import java.util.Comparator;
import org.rdmacheck.model.Action;

/**
 * One packet the network dropped: a data packet, an ACK or a NAK, with its PSN.
 *
 * @param channel {@code DATA}, {@code ACK} or {@code NAK}
 * @param psn     the packet's PSN (for ACK/NAK: the PSN it carries)
 */
public record LossEvent(String channel, int psn) implements Comparable<LossEvent> {

    private static final Comparator<LossEvent> ORDER =
            Comparator.comparing(LossEvent::channel).thenComparingInt(LossEvent::psn);

    /**
     * @param action a model action
     * @return the loss it is, or null if it is no loss
     */
    public static LossEvent of(Action action) {
        return switch (action.name()) {
            case "LoseData" -> new LossEvent("DATA", (Integer) action.params().get("psn"));
            case "LoseCtrl" -> new LossEvent((String) action.params().get("kind"), (Integer) action.params().get("psn"));
            default -> null;
        };
    }

    @Override
    public int compareTo(LossEvent o) {
        return ORDER.compare(this, o);
    }

    @Override
    public String toString() {
        return channel + "(" + psn + ")";
    }
}
