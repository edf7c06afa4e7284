package org.rdmacheck.properties.fabric;

import org.rdmacheck.model.fabric.FabricNet;
import org.rdmacheck.model.fabric.NetworkModel;

/**
 * The step tests the fabric and its IOFD preset state alike, on the one network model's packed
 * values and action codes: delivery order, exactly-once delivery, and token spending. Each is a
 * small static method, so that the properties' switches stay small enough for the JIT to inline
 * into the explorer's property loops.
 */
public final class NetworkSteps {

    private NetworkSteps() {
    }

    /** @return whether the step is not a delivery, or delivers no packet ahead of one still expected */
    public static boolean inOrder(NetworkModel model, int[] from, int o, long code) {
        return !NetworkModel.isDelivery(code)
                || NetworkModel.seq(code) <= model.expected(from, o, NetworkModel.flow(code));
    }

    /** @return whether the step, before any failure, delivers exactly the packet expected next */
    public static boolean exactlyOnce(NetworkModel model, int[] from, int o, long code) {
        return !NetworkModel.isDelivery(code) || model.failed(from, o) != FabricNet.NONE
                || NetworkModel.seq(code) == model.expected(from, o, NetworkModel.flow(code));
    }

    /** @return whether the step, after a failure, delivers no packet ahead of one still expected */
    public static boolean afterFailure(NetworkModel model, int[] from, int o, long code) {
        return !deliveredAfterFailure(model, from, o, code) || notAhead(model, from, o, code);
    }

    /** @return whether the step is a delivery after a failure ({@code InOrderAfterFailure}'s antecedent) */
    public static boolean deliveredAfterFailure(NetworkModel model, int[] from, int o, long code) {
        return NetworkModel.isDelivery(code) && model.failed(from, o) != FabricNet.NONE;
    }

    /** @return whether a delivery's packet is not ahead of the one its receiver still expects */
    public static boolean notAhead(NetworkModel model, int[] from, int o, long code) {
        return NetworkModel.seq(code) <= model.expected(from, o, NetworkModel.flow(code));
    }

    /** @return whether a misroute spends exactly one of the packet's tokens */
    public static boolean tokens(long code) {
        return !misroute(code) || spendsOneToken(code);
    }

    /** @return whether the step's packet had a token and leaves with one fewer */
    public static boolean spendsOneToken(long code) {
        return NetworkModel.tokens(code) >= 1 && NetworkModel.tokensLeft(code) == NetworkModel.tokens(code) - 1;
    }

    /** @return per flow of the model's configuration, whether it is a long flow (never deflected) */
    public static boolean[] longFlows(NetworkModel model) {
        var flows = model.config().flows();
        boolean[] isLong = new boolean[flows.size()];
        for (int f = 0; f < flows.size(); f++) {
            isLong[f] = flows.get(f).isLong();
        }
        return isLong;
    }

    /** @return whether the step is a routing decision (a send or a forward) */
    public static boolean routed(long code) {
        int k = NetworkModel.kind(code);
        return k == 0 || k == 1;
    }

    /** @return whether the step is a routing decision that sends the packet off its normal route */
    public static boolean misroute(long code) {
        return routed(code) && NetworkModel.route(code).misroute();
    }
}
