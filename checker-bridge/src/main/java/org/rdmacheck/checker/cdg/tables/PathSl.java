package org.rdmacheck.checker.cdg.tables;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rdmacheck.model.InputException;

/**
 * The service level of each path (source LID, destination LID). Subnet managers whose routing
 * engines assign lanes (LASH, DFSSSP) hand SLs out in path records; this takes them as one SL for
 * every path, a rule, or a file.
 */
public interface PathSl {

    /**
     * @param srcLid a source LID (with LMC &gt; 0 a port has several, each its own paths)
     * @param dstLid the destination LID
     * @return the path's SL, in [0, 15]
     */
    int sl(int srcLid, int dstLid);

    /**
     * Checks the rule's paths against the fabric: a file that names a LID no channel adapter port
     * owns describes another fabric.
     *
     * @param subnet the fabric
     * @throws InputException naming the first path whose source or destination LID no port owns
     */
    default void checkAgainst(Subnet subnet) {
    }

    /** @return whether every path has the same SL */
    default boolean constant() {
        return false;
    }

    /** @return the spec it was parsed from */
    String spec();

    /**
     * @param spec {@code N} (one SL), {@code dlid-mod:N} (SL = DLID mod N) or {@code file:PATH}
     *             (lines {@code SLID DLID SL}, LIDs decimal or 0x-hex, {@code #} comments; pairs
     *             not listed get SL 0, the SL of a path record without QoS)
     * @return the rule
     * @throws InputException for a malformed spec or file, naming the line
     */
    static PathSl parse(String spec) {
        if (spec.startsWith("dlid-mod:")) {
            int n = integer(spec, spec.substring(9), 1, 16);
            return new PathSl() {
                @Override
                public int sl(int srcLid, int dstLid) {
                    return dstLid % n;
                }

                @Override
                public String spec() {
                    return spec;
                }
            };
        }
        if (spec.startsWith("file:")) {
            return fromFile(spec, Path.of(spec.substring(5)));
        }
        int sl = integer(spec, spec, 0, 14);
        return new PathSl() {
            @Override
            public int sl(int srcLid, int dstLid) {
                return sl;
            }

            @Override
            public boolean constant() {
                return true;
            }

            @Override
            public String spec() {
                return spec;
            }
        };
    }

    private static int integer(String spec, String text, int lo, int hi) {
        try {
            int v = Integer.parseInt(text.trim());
            if (v >= lo && v <= hi) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InputException("--sl '" + spec + "': expected an SL in [0, 14], dlid-mod:N with N in [1, 16],"
                + " or file:PATH");
    }

    private static PathSl fromFile(String spec, Path file) {
        List<String> lines = TextFiles.readLines(file, "SL file");
        Map<Long, Integer> sls = new HashMap<>();
        Map<Long, String> lineOf = new LinkedHashMap<>(); // in file order
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\\s+");
            String where = file + " line " + (i + 1);
            if (f.length != 3) {
                throw new InputException(where + ": expected 'SLID DLID SL', found '" + TextFiles.excerpt(line) + "'");
            }
            int s = Lids.parse(f[0], where + " SLID");
            int d = Lids.parse(f[1], where + " DLID");
            int sl;
            try {
                sl = Integer.parseInt(f[2]);
            } catch (NumberFormatException e) {
                sl = -1;
            }
            if (sl < 0 || sl > 14) {
                throw new InputException(where + ": SL '" + f[2] + "': expected an integer in [0, 14]");
            }
            if (sls.put(((long) s << 32) | d, sl) != null) {
                throw new InputException(where + ": path " + s + " -> " + d + " listed twice");
            }
            lineOf.put(((long) s << 32) | d, where);
        }
        return new PathSl() {
            @Override
            public int sl(int srcLid, int dstLid) {
                return sls.getOrDefault(((long) srcLid << 32) | dstLid, 0);
            }

            @Override
            public void checkAgainst(Subnet subnet) {
                lineOf.forEach((key, where) -> {
                    int s = (int) (key >>> 32);
                    int d = (int) (long) key;
                    for (int lid : new int[] {s, d}) {
                        if (subnet.lidEndpoint(lid) < 0) {
                            throw new InputException(where + ": " + (lid == s ? "SLID " : "DLID ") + lid
                                    + ": no channel adapter port of the fabric has this LID (expected a LID in a "
                                    + "port's range base .. base + 2^LMC - 1)");
                        }
                    }
                });
            }

            @Override
            public String spec() {
                return spec;
            }
        };
    }
}
