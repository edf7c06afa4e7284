package org.rdmacheck.checker.cdg.tables;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rdmacheck.model.InputException;

/**
 * Reads unicast linear forwarding tables in the two dialects in use, one block per switch, blocks
 * of either dialect in any order in one file:
 *
 * <ul>
 *   <li>OpenSM's {@code opensm-lfts.dump} (opensm {@code osm_dump.c}, {@code dump_ucast_lfts}):
 *       {@code Unicast lids [0-N] of switch Lid L guid 0x... ('desc'):} (before OpenSM 3.2.2,
 *       2008, the range was hexadecimal, {@code [0x0-0xN]}), rows {@code 0xLLLL PPP # <type>
 *       portguid 0x...: 'desc'} or {@code # unknown node and type}, LIDs with no valid port left
 *       out, and the footer {@code N lids dumped} where N is the switch's largest LID (its
 *       {@code max_lid_ho}), not the number of rows;</li>
 *   <li>{@code ibroute}'s (infiniband-diags {@code ibroute.c}, {@code dump_unicast_tables}):
 *       {@code Unicast lids [0xS-0xE] of switch Lid L guid 0x... (desc):} (or {@code DR path ...}
 *       instead of {@code Lid L}), the two header lines {@code Lid Out Destination} / {@code Port
 *       Info}, rows {@code 0xLLLL PPP : (...)} (no comment with {@code -n}), and the footer
 *       {@code N valid lids dumped} ({@code N lids dumped} with {@code -a}) where N counts the
 *       rows. With {@code -a} invalid ports (above the switch's port count) are printed; they are
 *       entries with no port.</li>
 * </ul>
 *
 * Switches are found by node GUID in the topology. LIDs above the subnet's largest assigned LID
 * belong to no port and are not destinations: their rows are read and checked, not kept. Strict:
 * a malformed line, a LID outside the header's range or out of order, a port the switch does not
 * have, a footer that disagrees, a switch listed twice or not in the topology is one line naming
 * the file, line and problem. Rows are parsed from bytes: a 1,280-switch fabric's dump has twelve
 * million of them.
 */
public final class LftDumpReader {

    private static final Pattern HEADER = Pattern.compile(
            "Unicast lids \\[(0x[0-9a-fA-F]+|\\d+)-(0x[0-9a-fA-F]+|\\d+)\\] of switch (Lid \\d+|DR path .*?|local) guid 0x([0-9a-fA-F]{1,16}) \\((.*)\\):\\s*");
    private static final Pattern OPENSM_FOOTER = Pattern.compile("(\\d+) lids dumped\\s*");
    private static final Pattern IBROUTE_FOOTER = Pattern.compile("(\\d+) (valid )?lids dumped\\s*");

    private LftDumpReader() {
    }

    /** The dialect of a block. */
    public enum Dialect {
        /** OpenSM's opensm-lfts.dump */
        OPENSM,
        /** infiniband-diags' ibroute */
        IBROUTE
    }

    /**
     * @param file   a dump
     * @param subnet the subnet it belongs to
     * @return the tables; switches without a block have no entries
     * @throws InputException naming the file, line and problem
     */
    public static LinearForwardingTables read(Path file, Subnet subnet) {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            return parse(in, file.toString(), subnet);
        } catch (IOException e) {
            throw new InputException("forwarding tables '" + file + "': cannot read (" + e.getMessage() + ")", e);
        }
    }

    /**
     * @param in     the dump's bytes
     * @param source its name, for messages
     * @param subnet the subnet
     * @return the tables
     * @throws IOException if reading fails
     */
    public static LinearForwardingTables parse(InputStream in, String source, Subnet subnet) throws IOException {
        Map<Long, Integer> switches = new HashMap<>();
        for (int v = 0; v < subnet.topology().nodeCount(); v++) {
            if (subnet.isSwitch(v)) {
                switches.put(subnet.nodeGuid(v), v);
            }
        }
        LinearForwardingTables t = new LinearForwardingTables(subnet);
        Set<Integer> seen = new HashSet<>();
        ByteLines lines = new ByteLines(in);
        int blocks = 0;
        while (lines.next()) {
            if (lines.length == 0 || lines.buf[0] == '#') {
                continue;
            }
            String where = source + " line " + lines.number;
            String line = lines.text();
            Matcher m = HEADER.matcher(line);
            if (!m.matches()) {
                throw new InputException(where + ": expected 'Unicast lids [LO-HI] of switch Lid L guid 0xGUID (...):',"
                        + " found '" + abbreviate(line) + "'");
            }
            long guid = Lids.guid(m.group(4), where);
            Integer sw = switches.get(guid);
            if (sw == null) {
                throw new InputException(where + ": switch guid 0x" + Long.toHexString(guid) + " is not a switch of the topology");
            }
            if (!seen.add(sw)) {
                throw new InputException(where + ": switch guid 0x" + Long.toHexString(guid) + " has a second table");
            }
            if (m.group(3).startsWith("Lid ")) {
                int lid = Integer.parseInt(m.group(3).substring(4));
                if (lid != subnet.switchLid(sw)) {
                    throw new InputException(where + ": switch guid 0x" + Long.toHexString(guid) + " has lid " + lid
                            + " here but lid " + subnet.switchLid(sw) + " in the topology");
                }
            }
            int lo = Lids.parse(m.group(1), where);
            int hi = Lids.parse(m.group(2), where);
            if (lo > hi) {
                throw new InputException(where + ": range [" + lo + "-" + hi + "] is empty");
            }
            block(lines, t, sw, lo, hi, source);
            blocks++;
        }
        if (blocks == 0) {
            throw new InputException(source + ": no 'Unicast lids' blocks: expected opensm-lfts.dump or ibroute output");
        }
        return t;
    }

    private static void block(ByteLines lines, LinearForwardingTables t, int sw, int lo, int hi, String source)
            throws IOException {
        Subnet subnet = t.subnet();
        int declaredPorts = subnet.portCount(sw);
        Dialect dialect = null;
        int last = -1;
        int rows = 0;
        while (lines.next()) {
            if (lines.startsWith("0x")) {
                if (dialect == null) {
                    dialect = Dialect.OPENSM;
                }
                long row = row(lines, dialect, source);
                int lid = (int) (row >>> 32);
                int port = (int) row;
                if (lid < lo || lid > hi || lid <= last || port > declaredPorts && dialect == Dialect.OPENSM) {
                    rowError(lines, source, lid, port, lo, hi, last, declaredPorts, subnet.topology().nodeName(sw));
                }
                last = lid;
                rows++;
                if (port <= declaredPorts && lid <= subnet.maxLid()) {
                    t.set(sw, lid, port);
                }
                continue;
            }
            String where = source + " line " + lines.number;
            String text = lines.text().strip();
            if (text.startsWith("Lid") && text.contains("Out") && dialect == null && rows == 0) {
                dialect = Dialect.IBROUTE;
                if (!lines.next() || !lines.text().strip().startsWith("Port")) {
                    throw new InputException(source + " line " + lines.number + ": expected ibroute's second header line"
                            + " 'Port     Info'");
                }
                continue;
            }
            Matcher f = (dialect == Dialect.IBROUTE ? IBROUTE_FOOTER : OPENSM_FOOTER).matcher(text);
            if (f.matches()) {
                long n = Long.parseLong(f.group(1));
                if (dialect == Dialect.IBROUTE && n != rows) {
                    throw new InputException(where + ": footer says " + n + " lids dumped, the block has " + rows + " rows");
                }
                if (dialect != Dialect.IBROUTE && n != hi) {
                    throw new InputException(where + ": footer says " + n + " lids dumped: expected the block's largest LID "
                            + hi + " (OpenSM prints max_lid, not the row count)");
                }
                return;
            }
            throw new InputException(where + ": expected a row '0xLLLL PPP ...' or the footer 'N lids dumped', found '"
                    + abbreviate(text) + "'");
        }
        throw new InputException(source + ": the table of switch " + subnet.topology().nodeName(sw)
                + " ends without its footer 'N lids dumped'");
    }

    private static void rowError(ByteLines l, String source, int lid, int port, int lo, int hi, int last, int ports,
                                 String sw) {
        String where = source + " line " + l.number;
        if (lid < lo || lid > hi) {
            throw new InputException(where + ": lid " + lid + " outside the block's range [" + lo + "-" + hi + "]");
        }
        if (lid <= last) {
            throw new InputException(where + ": lid " + lid + " after lid " + last + ": expected ascending LIDs");
        }
        throw new InputException(where + ": port " + port + ": switch " + sw + " has ports 0.." + ports);
    }

    /**
     * Parses {@code 0xLLLL PPP} and checks what follows: {@code # ...} (OpenSM), {@code : (...)} or
     * nothing (ibroute).
     *
     * @return {@code lid << 32 | port}
     */
    private static long row(ByteLines l, Dialect dialect, String source) {
        String where = null;
        byte[] b = l.buf;
        int i = 2;
        int lid = 0;
        int digits = 0;
        while (i < l.length && hex(b[i]) >= 0) {
            lid = lid * 16 + hex(b[i]);
            i++;
            if (++digits > 4) {
                break;
            }
        }
        if (digits == 0 || digits > 4 || i >= l.length || b[i] != ' ') {
            where = source + " line " + l.number;
            throw new InputException(where + ": expected a row '0xLLLL PPP ...', found '" + abbreviate(l.text()) + "'");
        }
        i++;
        int port = 0;
        int pd = 0;
        while (i < l.length && b[i] >= '0' && b[i] <= '9') {
            port = port * 10 + (b[i] - '0');
            i++;
            pd++;
        }
        if (pd == 0 || pd > 3 || port > 255) {
            where = source + " line " + l.number;
            throw new InputException(where + ": port in '" + abbreviate(l.text()) + "': expected a port number 0..255");
        }
        while (i < l.length && b[i] == ' ') {
            i++;
        }
        boolean ok = dialect == Dialect.OPENSM ? i < l.length && b[i] == '#' : i == l.length || b[i] == ':';
        if (!ok) {
            where = source + " line " + l.number;
            throw new InputException(where + ": expected " + (dialect == Dialect.OPENSM ? "'# ...'" : "': (...)' or nothing")
                    + " after the port, found '" + abbreviate(l.text()) + "'");
        }
        return ((long) lid << 32) | port;
    }

    private static int hex(byte c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    private static String abbreviate(String s) {
        return TextFiles.excerpt(s);
    }
}
