package org.rdmacheck.checker.tlc;

import java.util.ArrayList;
import java.util.List;
import tlc2.tool.Action;
import tlc2.tool.impl.FastTool;

/**
 * Entry point of a short child JVM run before distributed TLC: loads the spec and configuration
 * as TLC does and prints, on one line starting with {@link #MARKER}, the temporal properties TLC
 * would have to check with its liveness checker. Distributed TLC 2.18 ({@code TLCApp}) checks
 * invariants, implied inits and implied actions ({@code [][A]_v} properties) only and silently
 * skips the rest, so {@link DistributedTlc} refuses a run that has any.
 */
public final class DistributedPreflight {

    /** Start of the result line. */
    static final String MARKER = "rdmacheck-preflight temporal:";

    private DistributedPreflight() {
    }

    /**
     * @param args the spec folder (with a trailing separator), the root module file name and the
     *             configuration file name
     */
    public static void main(String[] args) {
        FastTool tool = new FastTool(args[0], args[1], args[2], null);
        List<String> temporal = new ArrayList<>();
        for (Action a : tool.getImpliedTemporals()) {
            temporal.add(a.getLocation().replace('\n', ' ').replaceAll("^<\\w+ |>$", ""));
        }
        if (temporal.isEmpty() && !tool.livenessIsTrue()) {
            temporal.add("a temporal property");
        }
        System.out.println(MARKER + String.join("; ", temporal));
        System.out.flush();
    }
}
