package org.rdmacheck.checker.tlc;

import java.net.URISyntaxException;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import tla2sany.semantic.OpDeclNode;
import tla2sany.semantic.OpDefNode;
import tlc2.tool.Action;
import tlc2.tool.impl.FastTool;
import tlc2.value.IMVPerm;

/**
 * Entry point of a short child JVM run before TLC: loads the spec and configuration as TLC does and
 * prints what TLC will make of them, one line per item, each starting with {@link #MARKER}:
 * <ul>
 *   <li>{@code temporal:} the properties TLC checks with its liveness checker (distributed TLC 2.18
 *       skips them silently);</li>
 *   <li>{@code actions:} the {@code [][A]_v} properties (implied actions; distributed TLC 2.18
 *       reports them VERIFIED without checking them);</li>
 *   <li>{@code state-properties:} PROPERTY entries that are state predicates: as temporal formulas
 *       they speak of the first state only, and TLC checks them on the initial states only;</li>
 *   <li>{@code variables:} the root module's variables;</li>
 *   <li>{@code symmetry:} how many permutations the SYMMETRY entry names (0 without SYMMETRY).</li>
 * </ul>
 * The analysis is TLC's own ({@code tlc2.tool.impl.SpecProcessor}), so it classifies properties
 * exactly as the checker will.
 */
public final class SpecPreflight {

    /** Start of every result line. */
    static final String MARKER = "rdmacheck-preflight ";

    private SpecPreflight() {
    }

    /**
     * @param args the spec folder (with a trailing separator), the root module file name and the
     *             configuration file name
     */
    public static void main(String[] args) {
        printOutline(args);
    }

    /**
     * Loads the spec and configuration and prints the outline's lines.
     *
     * @param args the spec folder (with a trailing separator), the root module file name and the
     *             configuration file name
     */
    static void printOutline(String[] args) {
        printOutline(new FastTool(args[0], args[1], args[2], null));
    }

    /**
     * Prints the outline of the spec TLC has just checked in this class loader: from the tool TLC
     * built ({@code TLCGlobals.mainChecker}), which loaded the same spec and configuration, instead of
     * loading them a second time; as {@link #printOutline(String[])} when TLC built none (it stopped
     * before checking, or simulated).
     *
     * @param args as {@link #printOutline(String[])}
     */
    static void printOutlineAfterTlc(String[] args) {
        tlc2.tool.AbstractChecker checker = tlc2.TLCGlobals.mainChecker;
        if (checker != null && checker.tool instanceof FastTool tool) {
            printOutline(tool);
        } else {
            printOutline(args);
        }
    }

    private static void printOutline(FastTool tool) {
        List<String> temporal = new ArrayList<>();
        for (Action a : tool.getImpliedTemporals()) {
            temporal.add(a.getLocation().replace('\n', ' ').replaceAll("^<\\w+ |>$", ""));
        }
        if (temporal.isEmpty() && !tool.livenessIsTrue()) {
            temporal.add("a temporal property");
        }
        List<String> actions = new ArrayList<>(List.of(tool.getSpecProcessor().getImpliedActionNames()));
        List<String> stateProperties = new ArrayList<>();
        List<String> boxed = new ArrayList<>();
        tlc2.util.Vect<?> props = tool.getModelConfig().getProperties();
        for (int i = 0; i < props.size(); i++) {
            Object p = props.elementAt(i);
            OpDefNode def = tool.getSpecProcessor().getRootModule() == null ? null
                    : tool.getSpecProcessor().getRootModule().getOpDef(String.valueOf(p));
            // level 0 constant, 1 state, 2 action, 3 temporal
            if (def != null && def.getArity() == 0 && def.getBody().getLevel() <= 1) {
                stateProperties.add(String.valueOf(p));
            }
            boxedInvariant(def).ifPresent(inner -> boxed.add(p + "=" + inner));
        }
        List<String> variables = new ArrayList<>();
        for (OpDeclNode v : tool.getSpecProcessor().getVariablesNodes()) {
            variables.add(v.getName().toString());
        }
        IMVPerm[] perms = tool.getSymmetryPerms();
        print("temporal", temporal);
        print("actions", actions);
        print("state-properties", stateProperties);
        print("variables", variables);
        print("boxed", boxed);
        System.out.println(MARKER + "symmetry: " + (perms == null ? 0 : perms.length));
        System.out.flush();
    }

    /**
     * @param def a PROPERTY's definition
     * @return the name of P when the definition is {@code []P} for a defined state predicate P: TLC checks
     *         it as an invariant and reports a violation under P's name
     */
    private static java.util.Optional<String> boxedInvariant(OpDefNode def) {
        if (def != null && def.getArity() == 0 && def.getBody() instanceof tla2sany.semantic.OpApplNode box
                && box.getOperator().getName().toString().equals("[]") && box.getArgs().length == 1
                && box.getArgs()[0] instanceof tla2sany.semantic.OpApplNode inner
                && inner.getOperator() instanceof OpDefNode && inner.getArgs().length == 0
                && inner.getLevel() <= 1) {
            return java.util.Optional.of(inner.getOperator().getName().toString());
        }
        return java.util.Optional.empty();
    }

    private static void print(String what, List<String> items) {
        System.out.println(MARKER + what + ": " + String.join("; ", items));
    }

    /**
     * What the preflight found.
     *
     * @param temporal             temporal properties for TLC's liveness checker
     * @param actionProperties     {@code [][A]_v} properties
     * @param stateProperties      PROPERTY entries that are state predicates
     * @param variables            the root module's variables
     * @param symmetryPermutations permutations of the SYMMETRY entry, 0 without one
     * @param boxed                PROPERTY entries {@code X == []P} as {@code X=P} (TLC reports P's name)
     */
    record Outline(List<String> temporal, List<String> actionProperties, List<String> stateProperties,
                   List<String> variables, int symmetryPermutations, List<String> boxed) {
        /**
         * @param reported a property name as TLC reported its violation
         * @return the configuration's PROPERTY entry it comes from, if it is the P of an entry {@code []P}
         */
        java.util.Optional<String> propertyOf(String reported) {
            return boxed.stream().filter(b -> b.endsWith("=" + reported)).map(b -> b.substring(0, b.indexOf('=')))
                    .findFirst();
        }
    }

    /**
     * Runs the preflight for a workspace in a child JVM.
     *
     * @param ws      the workspace
     * @param options how to run Java (time limit, JVM options, libraries)
     * @return the outline, or empty if the spec or configuration has an error (which TLC then reports)
     */
    static java.util.Optional<Outline> run(TlcWorkspace ws, TlcOptions options) {
        List<String> jvm = new ArrayList<>(TlcChecker.jvmOptions(ws.dir(), options));
        String out;
        try (ChildProcess pre = ChildProcess.start(ChildProcess.javaCommand(jvm, classPath(options),
                SpecPreflight.class.getName(), arguments(ws)), ws.dir(), line -> { })) {
            pre.await(options.timeLimitMillis());
            out = pre.output();
        }
        return parse(out);
    }

    /** @return the preflight's arguments for a workspace: its folder, root module and configuration */
    static List<String> arguments(TlcWorkspace ws) {
        return List.of(ws.dir().toString() + java.io.File.separator,
                ws.specFile().getFileName().toString().replaceFirst("\\.tla$", ""),
                ws.configFile().getFileName().toString().replaceFirst("\\.cfg$", ""));
    }

    /**
     * @param out what a preflight printed (other lines are ignored)
     * @return the outline, or empty if the spec or configuration had an error (no symmetry line)
     */
    static java.util.Optional<Outline> parse(String out) {
        java.util.Map<String, String> found = new java.util.HashMap<>();
        for (String line : out.split("\n")) {
            if (line.startsWith(MARKER)) {
                String rest = line.substring(MARKER.length());
                int colon = rest.indexOf(':');
                found.put(rest.substring(0, colon), rest.substring(colon + 1).trim());
            }
        }
        if (!found.containsKey("symmetry")) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new Outline(items(found.get("temporal")), items(found.get("actions")),
                items(found.get("state-properties")), items(found.get("variables")),
                Integer.parseInt(found.get("symmetry")), items(found.get("boxed"))));
    }

    private static List<String> items(String s) {
        return s == null || s.isEmpty() ? List.of() : List.of(s.split("; "));
    }

    /** @return TLC's class path with rdmacheck's classes in front (for the preflight and the RMI wrapper) */
    static String classPath(TlcOptions options) {
        String tlc = TlcChecker.classPath(options);
        try {
            String own = Paths.get(SpecPreflight.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
            return own.equals(tlc) ? tlc : own + java.io.File.pathSeparator + tlc;
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate rdmacheck's classes", e);
        }
    }
}
