package org.rdmacheck.model.fabric;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.InputException;

/**
 * A lane rule of the lane-rule family (seed 000 §IV-B leaves open when a VL1 packet may move to the
 * escape lane VL0): a table from what a switch knows about the head packet of a VL1 buffer to one
 * of {stay on VL1, move to VL0, wait}.
 *
 * <p>Rows (what the switch knows about the packet and its message):
 * <ol start="0">
 *   <li>{@code F}: the message's first packet, no DFT entry matches it;</li>
 *   <li>{@code N}: a later packet, no entry, no earlier packet of its message in this switch;</li>
 *   <li>{@code N+}: a later packet, no entry, an earlier packet of its message still in this switch;</li>
 *   <li>{@code D}: an entry on VL1 (a deflection port), no earlier packet here;</li>
 *   <li>{@code D+}: an entry on VL1, an earlier packet here;</li>
 *   <li>{@code Z}: an entry on VL0 (its message took the escape lane here), no earlier packet here;</li>
 *   <li>{@code Z+}: an entry on VL0, an earlier packet here.</li>
 * </ol>
 * A first packet that matches an entry (a stale one, or its own earlier pass) uses the entry's row.
 *
 * <p>Columns (the buffers' state): {@code 0} VL1 open and VL0 open, {@code 1} VL1 open and VL0
 * full, {@code 2} VL1 blocked and VL0 open. "VL1 open" means IOFD offers a VL1 move (the entry's
 * port, a deflection or ECMP, with room below xoff); for rows {@code Z}/{@code Z+} "stay on VL1"
 * means ECMP on VL1, ignoring the entry. "VL0 open" means the escape port's VL0 buffer has room. With
 * both blocked the packet waits, so that column is not part of the table. An action that the
 * column makes impossible (stay when VL1 is blocked, move when VL0 is full) is not a value.
 *
 * <p>A packet that moves to VL0 (outside rows {@code Z}) records the move in the switch's DFT
 * (message, tokens, escape port, VL0), replacing its message's entry if it has one, so later packets
 * find row {@code Z}; the end packet records nothing. Where nothing can be recorded (a full table)
 * VL0 counts as full for that packet: no rule can send a message's packets down two lanes unseen. Text form: seven groups of three letters ({@code S} stay, {@code E} escape, {@code W}
 * wait), row by row, separated by {@code .}; for example the rule {@code follow} is
 * {@code SSE.SSW.SSW.SSW.SSW.EWE.EWE}.
 *
 * @param cells the actions, row-major (7 rows, 3 columns)
 */
public record LaneRule(List<Action> cells) {

    /** Number of rows. */
    public static final int ROWS = 7;
    /** Number of columns. */
    public static final int COLUMNS = 3;
    /** Row names, in order. */
    public static final List<String> ROW_NAMES = List.of("F", "N", "N+", "D", "D+", "Z", "Z+");
    /** Column names, in order. */
    public static final List<String> COLUMN_NAMES = List.of("VL1 open, VL0 open", "VL1 open, VL0 full",
            "VL1 blocked, VL0 open");

    /** What the rule tells a packet to do. */
    public enum Action {
        /** stay on VL1 (IOFD's move: the entry's port, a deflection, or ECMP) */
        STAY('S'),
        /** move to the escape lane VL0 on the up*&#47;down* port */
        ESCAPE('E'),
        /** wait in the buffer */
        WAIT('W');

        private final char letter;

        Action(char letter) {
            this.letter = letter;
        }

        /** @return the letter in the text form */
        public char letter() {
            return letter;
        }
    }

    /** Validates the shape and the cells each column allows. */
    public LaneRule {
        cells = List.copyOf(cells);
        if (cells.size() != ROWS * COLUMNS) {
            throw new IllegalArgumentException("a lane rule has " + ROWS * COLUMNS + " cells");
        }
        for (int r = 0; r < ROWS; r++) {
            if (!allowed(1).contains(cells.get(r * COLUMNS + 1)) || !allowed(2).contains(cells.get(r * COLUMNS + 2))) {
                throw new IllegalArgumentException("lane rule cell not allowed by its column");
            }
        }
    }

    /**
     * @param column a column
     * @return the actions the column allows
     */
    public static List<Action> allowed(int column) {
        return switch (column) {
            case 0 -> List.of(Action.STAY, Action.ESCAPE, Action.WAIT);
            case 1 -> List.of(Action.STAY, Action.WAIT);
            case 2 -> List.of(Action.ESCAPE, Action.WAIT);
            default -> throw new IllegalArgumentException("column " + column);
        };
    }

    /**
     * @param row    a row
     * @param column a column
     * @return the action
     */
    public Action at(int row, int column) {
        return cells.get(row * COLUMNS + column);
    }

    /**
     * @param text the text form
     * @return the rule
     * @throws InputException if malformed
     */
    public static LaneRule parse(String text) {
        String[] rows = text.strip().split("\\.");
        String expected = "seven groups of three letters S/E/W joined by '.', e.g. SSE.SSW.SSW.SSW.SSW.EWE.EWE "
                + "(column 2 S or W, column 3 E or W)";
        if (rows.length != ROWS) {
            throw new InputException("lane-rule = '" + text + "': expected " + expected);
        }
        List<Action> cells = new ArrayList<>();
        for (String r : rows) {
            if (r.length() != COLUMNS) {
                throw new InputException("lane-rule = '" + text + "': expected " + expected);
            }
            for (int c = 0; c < COLUMNS; c++) {
                Action a = switch (r.charAt(c)) {
                    case 'S' -> Action.STAY;
                    case 'E' -> Action.ESCAPE;
                    case 'W' -> Action.WAIT;
                    default -> null;
                };
                if (a == null || !allowed(c).contains(a)) {
                    throw new InputException("lane-rule = '" + text + "': expected " + expected);
                }
                cells.add(a);
            }
        }
        return new LaneRule(cells);
    }

    /** @return the text form */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (int r = 0; r < ROWS; r++) {
            if (r > 0) {
                b.append('.');
            }
            for (int c = 0; c < COLUMNS; c++) {
                b.append(at(r, c).letter());
            }
        }
        return b.toString();
    }

    /**
     * @param row    a row
     * @param column a column
     * @param a      the new action
     * @return this rule with one cell changed
     */
    public LaneRule with(int row, int column, Action a) {
        List<Action> c = new ArrayList<>(cells);
        c.set(row * COLUMNS + column, a);
        return new LaneRule(c);
    }
}
