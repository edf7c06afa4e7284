package org.rdmacheck.checker.fabric;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.fabric.LaneRule;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.fabric.FabricEntry;
import org.rdmacheck.properties.fabric.FabricProperties;

/**
 * The lane-change question of seed 000 §IV-B as a decidable question: every rule of the lane-rule
 * family ({@link LaneRule}: 7 rows x 3 columns, 12^7 = 35,831,808 tables) is checked for in-order
 * delivery, no loss or duplication, freedom from routing deadlock and from every other deadlock (a
 * rule that makes a packet wait for ever at its source ToR stalls the fabric without filling a
 * buffer) and non-degeneracy ({@code DeflectionOffered}) on a ladder of scopes, smallest first.
 *
 * <p>The family is covered by cubes: a counterexample found for one rule consults only some cells
 * of its table (the cell of every step that moves a VL1 packet and, for a state property, the cells
 * of every VL1 packet that could move in the last state); every rule that agrees on those cells has
 * the same counterexample, so the whole cube is refuted by one check. The search picks the next rule
 * outside every cube until none is left (the family is decided) or the time runs out.
 */
public final class LaneRuleFamily {

    /** The properties a rule of the family must satisfy. */
    public static final List<String> REQUIRED = List.of(FabricProperties.IN_ORDER, FabricProperties.EXACTLY_ONCE,
            FabricProperties.NO_ROUTING_DEADLOCK, "DeadlockFree", FabricProperties.DEFLECTION_OFFERED);

    private static final int CELLS = LaneRule.ROWS * LaneRule.COLUMNS;

    /**
     * A configuration of the ladder.
     *
     * @param name   short name
     * @param params parameters over variant {@code repaired}'s defaults (lane-change and lane-rule are set per rule)
     */
    public record Scope(String name, Map<String, String> params) {
    }

    /**
     * The default ladder: one message, two opposing 2-packet messages with xoff 2, and the scope of
     * the smallest routing deadlock of {@code follow} (two opposing 3-packet messages, 3 tokens, xoff 3).
     *
     * @return the scopes, smallest first
     */
    public static List<Scope> ladder() {
        return List.of(
                new Scope("one-message", Map.of("flows", "0-1", "packets", "2", "tokens", "2", "xoff", "2",
                        "background", "1", "failures", "0")),
                new Scope("opposing-2", Map.of("flows", "0-1,1-0", "packets", "2", "tokens", "2", "xoff", "2",
                        "background", "1", "failures", "0")),
                new Scope("opposing-3", Map.of("flows", "0-1,1-0", "packets", "3", "tokens", "3", "xoff", "3",
                        "background", "1", "failures", "0")));
    }

    /** What one check of one rule found. */
    public enum Verdict {
        /** every required property holds at every scope of the ladder */
        VERIFIED,
        /** a required property fails: the cube of rules agreeing on the consulted cells fails with it */
        VIOLATED,
        /** a limit was reached */
        INCONCLUSIVE
    }

    /**
     * One row of the answer: a checked rule and the cube of rules its result decides.
     *
     * @param rule      the rule checked (text form)
     * @param cube      the cube: the rule's letters on the consulted cells, {@code -} elsewhere
     * @param rules     rules in the cube not decided by an earlier row
     * @param verdict   what was found
     * @param property  the violated property (empty unless violated)
     * @param scope     the scope it was found at (the last scope for verified)
     * @param steps     the counterexample's length (0 unless violated)
     * @param states    distinct states of the deciding exploration
     * @param millis    wall time of the rule's checks
     * @param trace     the counterexample, if violated
     */
    public record Row(String rule, String cube, long rules, Verdict verdict, String property, String scope, int steps,
                      long states, long millis, java.util.Optional<Counterexample> trace) {
    }

    /**
     * @param rows      one per checked rule
     * @param family    rules in the family
     * @param decided   rules decided
     * @param complete  whether every rule is decided
     * @param verified  rules verified at every scope
     */
    public record Result(List<Row> rows, long family, long decided, boolean complete, List<String> verified) {
    }

    private final FabricEntry entry = new FabricEntry();
    private final List<Scope> scopes;
    private final ExplorerSettings settings;

    /**
     * @param scopes   the ladder
     * @param settings explorer settings (stop at the first violation is set here)
     */
    public LaneRuleFamily(List<Scope> scopes, ExplorerSettings settings) {
        this.scopes = List.copyOf(scopes);
        this.settings = settings.withStopAtFirstViolation(true);
    }

    /** @return number of rules in the family */
    public static long familySize() {
        long n = 1;
        for (int c = 0; c < CELLS; c++) {
            n *= LaneRule.allowed(c % LaneRule.COLUMNS).size();
        }
        return n;
    }

    /**
     * Decides the family, or as much of it as the time allows.
     *
     * @param deadlineMillis wall-clock deadline ({@link System#currentTimeMillis()})
     * @param progress       receives each row as it is found
     * @return the rows and totals
     */
    public Result run(long deadlineMillis, Consumer<Row> progress) {
        List<int[]> cubes = new ArrayList<>();
        List<Row> rows = new ArrayList<>();
        List<String> verified = new ArrayList<>();
        long decided = 0;
        while (true) {
            int[] rule = nextUncovered(cubes);
            if (rule == null) {
                return new Result(rows, familySize(), decided, true, verified);
            }
            if (System.currentTimeMillis() >= deadlineMillis) {
                return new Result(rows, familySize(), decided, false, verified);
            }
            Row row = check(rule, cubes, deadlineMillis);
            rows.add(row);
            decided += row.rules();
            if (row.verdict() == Verdict.VERIFIED) {
                verified.add(row.rule());
            }
            progress.accept(row);
        }
    }

    /**
     * Checks one rule on the ladder, as the search does.
     *
     * @param rule the rule
     * @return its row (the cube its counterexample decides, or the rule alone)
     */
    public Row check(LaneRule rule) {
        int[] r = new int[CELLS];
        for (int c = 0; c < CELLS; c++) {
            r[c] = rule.cells().get(c).ordinal();
        }
        return check(r, new ArrayList<>(), Long.MAX_VALUE);
    }

    private Row check(int[] rule, List<int[]> cubes, long deadlineMillis) {
        LaneRule lr = toRule(rule);
        long start = System.currentTimeMillis();
        long states = 0;
        String lastScope = "";
        for (Scope sc : scopes) {
            Map<String, String> p = new LinkedHashMap<>(sc.params());
            p.put("lane-change", "table");
            p.put("lane-rule", lr.toString());
            CheckSpec<?> spec = entry.build("repaired", Params.of(p)).selecting(pr -> REQUIRED.contains(pr.name()));
            long left = Math.max(1, deadlineMillis - System.currentTimeMillis());
            ExplorationReport r = new Explorer(settings.withMaxMillis(Math.min(left, settings.maxMillis()))).check(spec);
            states = r.stats().distinctStates();
            lastScope = sc.name();
            for (String name : REQUIRED) {
                CheckResult c = r.result(name);
                if (c instanceof CheckResult.Violated v) {
                    @SuppressWarnings("unchecked")
                    int[] cube = cube(rule, (NetworkModel) ((CheckSpec<LayoutState>) spec).model(), v.counterexample());
                    long n = fresh(cube, cubes);
                    cubes.add(cube);
                    return new Row(lr.toString(), text(cube), n, Verdict.VIOLATED, name, sc.name(),
                            v.counterexample().length(), states, System.currentTimeMillis() - start,
                            java.util.Optional.of(v.counterexample()));
                }
            }
            if (!r.complete()) {
                int[] cube = rule.clone();
                cubes.add(cube);
                return new Row(lr.toString(), text(cube), 1, Verdict.INCONCLUSIVE, "", sc.name(), 0, states,
                        System.currentTimeMillis() - start, java.util.Optional.empty());
            }
        }
        int[] cube = rule.clone();
        cubes.add(cube);
        return new Row(lr.toString(), text(cube), 1, Verdict.VERIFIED, "", lastScope, 0, states,
                System.currentTimeMillis() - start, java.util.Optional.empty());
    }

    /** The cells a counterexample consults, with the rule's actions there; -1 elsewhere. */
    private static int[] cube(int[] rule, NetworkModel model, Counterexample cex) {
        Set<Integer> used = new TreeSet<>();
        LayoutState s = model.initialStates().get(0);
        List<TraceStep> steps = cex.steps();
        for (int i = 1; i < steps.size(); i++) {
            Action a = steps.get(i).action();
            int c = model.laneRuleCell(s, a);
            if (c >= 0) {
                used.add(c);
            }
            s = successor(model, s, a);
        }
        if (cex.kind() != Counterexample.Kind.ACTION) {
            used.addAll(model.laneRuleCells(s));
        }
        int[] cube = new int[CELLS];
        java.util.Arrays.fill(cube, -1);
        for (int c : used) {
            cube[c] = rule[c];
        }
        return cube;
    }

    private static LayoutState successor(NetworkModel model, LayoutState s, Action a) {
        List<LayoutState> found = new ArrayList<>();
        model.successors(s, (Transition<LayoutState> t) -> {
            if (t.action().equals(a)) {
                found.add(t.next());
            }
        });
        if (found.isEmpty()) {
            throw new IllegalStateException("counterexample step " + a + " does not replay");
        }
        return found.get(0);
    }

    /** Rules of the cube that no earlier cube holds, counted exactly: by enumeration over the cells some
     * cube fixes, times the choices of every other cell. */
    private static long fresh(int[] cube, List<int[]> cubes) {
        boolean[] relevant = new boolean[CELLS];
        for (int c = 0; c < CELLS; c++) {
            relevant[c] = cube[c] >= 0;
            for (int[] other : cubes) {
                relevant[c] |= other[c] >= 0;
            }
        }
        long free = 1;
        for (int c = 0; c < CELLS; c++) {
            if (!relevant[c]) {
                free *= LaneRule.allowed(c % LaneRule.COLUMNS).size();
            }
        }
        long[] count = {0};
        enumerate(cube.clone(), 0, cube, relevant, cubes, count);
        return count[0] * free;
    }

    private static void enumerate(int[] r, int i, int[] cube, boolean[] relevant, List<int[]> cubes, long[] count) {
        if (i == CELLS) {
            for (int[] other : cubes) {
                if (covers(other, r)) {
                    return;
                }
            }
            count[0]++;
            return;
        }
        if (cube[i] >= 0 || !relevant[i]) {
            enumerate(r, i + 1, cube, relevant, cubes, count);
            return;
        }
        for (LaneRule.Action a : LaneRule.allowed(i % LaneRule.COLUMNS)) {
            r[i] = a.ordinal();
            enumerate(r, i + 1, cube, relevant, cubes, count);
        }
        r[i] = -1;
    }

    private static boolean covers(int[] cube, int[] rule) {
        for (int c = 0; c < CELLS; c++) {
            if (cube[c] >= 0 && cube[c] != rule[c]) {
                return false;
            }
        }
        return true;
    }

    /** The preferred order of values per column: Dart's moves first (stay when VL1 is open, escape when blocked). */
    private static List<LaneRule.Action> order(int column) {
        return switch (column) {
            case 0 -> List.of(LaneRule.Action.STAY, LaneRule.Action.ESCAPE, LaneRule.Action.WAIT);
            case 1 -> List.of(LaneRule.Action.STAY, LaneRule.Action.WAIT);
            default -> List.of(LaneRule.Action.ESCAPE, LaneRule.Action.WAIT);
        };
    }

    /** The first rule (depth-first, preferred values first) that no cube covers, or null. */
    static int[] nextUncovered(List<int[]> cubes) {
        int[] r = new int[CELLS];
        java.util.Arrays.fill(r, -1);
        return dfs(r, 0, cubes) ? r : null;
    }

    private static boolean dfs(int[] r, int i, List<int[]> cubes) {
        for (int[] cube : cubes) {
            if (decides(cube, r, i)) {
                return false;
            }
        }
        if (i == CELLS) {
            return true;
        }
        for (LaneRule.Action a : order(i % LaneRule.COLUMNS)) {
            r[i] = a.ordinal();
            if (dfs(r, i + 1, cubes)) {
                return true;
            }
        }
        r[i] = -1;
        return false;
    }

    /** Whether the cube holds every completion of the first {@code assigned} cells of r. */
    private static boolean decides(int[] cube, int[] r, int assigned) {
        for (int c = 0; c < CELLS; c++) {
            if (cube[c] >= 0 && (c >= assigned || cube[c] != r[c])) {
                return false;
            }
        }
        return true;
    }

    private static LaneRule toRule(int[] r) {
        List<LaneRule.Action> cells = new ArrayList<>();
        for (int v : r) {
            cells.add(LaneRule.Action.values()[v]);
        }
        return new LaneRule(cells);
    }

    private static String text(int[] cube) {
        StringBuilder b = new StringBuilder();
        for (int c = 0; c < CELLS; c++) {
            if (c > 0 && c % LaneRule.COLUMNS == 0) {
                b.append('.');
            }
            b.append(cube[c] < 0 ? '-' : LaneRule.Action.values()[cube[c]].letter());
        }
        return b.toString();
    }
}
