package org.rdmacheck.model.topology;

import org.rdmacheck.model.InputException;

/**
 * A two-dimensional torus of switches, each with its hosts: switch {@code t<x>.<y>} links to
 * {@code t<x+1>.<y>} and {@code t<x>.<y+1>} (indices modulo the sizes), host {@code h<x>.<y>.<i>}
 * to its switch. The classic network on which dimension-order routing needs two lanes (Dally and
 * Seitz): each ring closes a channel dependency cycle.
 */
public final class Torus {

    /** Largest size of a dimension. */
    public static final int MAX_SIZE = 256;

    private Torus() {
    }

    /**
     * @param sizeX          switches along x, in [3, {@value #MAX_SIZE}]
     * @param sizeY          switches along y, in [3, {@value #MAX_SIZE}]
     * @param hostsPerSwitch hosts per switch, in [0, 64]
     * @return the torus, named {@code torus:x=X,y=Y,hosts=H}
     * @throws InputException for sizes out of range (a dimension of 2 would link two switches twice)
     */
    public static Topology build(int sizeX, int sizeY, int hostsPerSwitch) {
        check("x", sizeX, 3, MAX_SIZE);
        check("y", sizeY, 3, MAX_SIZE);
        check("hosts", hostsPerSwitch, 0, 64);
        TopologyBuilder b = new TopologyBuilder("torus:x=" + sizeX + ",y=" + sizeY + ",hosts=" + hostsPerSwitch);
        for (int y = 0; y < sizeY; y++) {
            for (int x = 0; x < sizeX; x++) {
                for (int i = 0; i < hostsPerSwitch; i++) {
                    b.addNode("h" + x + "." + y + "." + i, NodeRole.HOST);
                }
            }
        }
        int sw0 = b.nodeCount();
        for (int y = 0; y < sizeY; y++) {
            for (int x = 0; x < sizeX; x++) {
                b.addNode(switchName(x, y), NodeRole.SWITCH);
            }
        }
        for (int s = 0; s < sizeX * sizeY; s++) {
            for (int i = 0; i < hostsPerSwitch; i++) {
                b.addLink(s * hostsPerSwitch + i, sw0 + s);
            }
        }
        for (int y = 0; y < sizeY; y++) {
            for (int x = 0; x < sizeX; x++) {
                int s = sw0 + y * sizeX + x;
                b.addLink(s, sw0 + y * sizeX + (x + 1) % sizeX);
                b.addLink(s, sw0 + ((y + 1) % sizeY) * sizeX + x);
            }
        }
        return b.build();
    }

    /**
     * @param x column
     * @param y row
     * @return the switch's name, {@code t<x>.<y>}
     */
    public static String switchName(int x, int y) {
        return "t" + x + "." + y;
    }

    private static void check(String what, int v, int lo, int hi) {
        if (v < lo || v > hi) {
            throw new InputException("torus " + what + " = " + v + ": expected an integer in [" + lo + ", " + hi + "]");
        }
    }
}
