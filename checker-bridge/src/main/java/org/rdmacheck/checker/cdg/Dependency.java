package org.rdmacheck.checker.cdg;

import java.util.List;

/**
 * One edge of a dependency cycle, with the concrete route that creates it: a packet for
 * {@code destination} occupies channel {@code from} (hop {@code at} of {@code route}) and
 * requests channel {@code to} (hop {@code at + 1}).
 *
 * @param from        the channel held, {@code A->B@VLn}
 * @param to          the channel requested
 * @param move        how the packet takes {@code to} (see {@link Hop#move()})
 * @param destination the packet's destination host
 * @param route       the packet's whole route, injection to delivery
 * @param at          index of {@code from} in {@code route}
 */
public record Dependency(String from, String to, String move, String destination, List<Hop> route, int at) {
    /** Copies the route. */
    public Dependency {
        route = List.copyOf(route);
    }
}
