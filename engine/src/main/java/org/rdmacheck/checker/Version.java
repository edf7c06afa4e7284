package org.rdmacheck.checker;

/** The rdmacheck version written into provenance. */
public final class Version {
    /** The version. */
    public static final String VERSION = "0.1.0";

    private Version() {
    }
}
