package org.rdmacheck.checker.tlc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.rdmacheck.model.InputException;

/**
 * A temporary folder in which one TLC run happens: copies of the spec's modules, the generated
 * configuration (and, for constants given as TLA+ expressions, a wrapper module defining them),
 * TLC's metadata folder and temporary files. Closing it deletes everything, so a run leaves
 * nothing behind in the spec folder.
 */
final class TlcWorkspace implements AutoCloseable {

    /** Values TLC's configuration syntax accepts directly: integers, strings, model values, sets of these. */
    /**
     * Values TLC 2.18's configuration grammar reads: natural numbers, strings, names and sets of them.
     * A negative integer is not one of them (TLC reads {@code N = -1} as a syntax error in the file), so
     * it goes through the wrapper module as a TLA+ expression.
     */
    private static final Pattern CFG_VALUE = Pattern.compile(
            "[0-9]+|\"([^\"\\\\]|\\\\.)*\"|[A-Za-z_][A-Za-z0-9_]*|\\{\\s*((([0-9]+|\"([^\"\\\\]|\\\\.)*\"|"
                    + "[A-Za-z_][A-Za-z0-9_]*)\\s*,\\s*)*([0-9]+|\"([^\"\\\\]|\\\\.)*\"|[A-Za-z_][A-Za-z0-9_]*))?\\s*}");
    private static final String WRAPPER = "RdmacheckMC";
    private static final String PREFIX = "rdmacheck_const_";

    private final Path dir;
    private Path specFile;
    private Path configFile;
    private final TlcConfig config;
    private final String configProblem;
    private final Map<String, Path> originals = new HashMap<>();
    /** Constants given as TLA+ expressions, in the order of the wrapper module's lines. */
    private final List<Map.Entry<String, String>> expressions = new ArrayList<>();
    private final Thread cleanup;

    private TlcWorkspace(Path dir, Path specFile, Path configFile, TlcConfig config, String configProblem) {
        this.dir = dir;
        this.specFile = specFile;
        this.configFile = configFile;
        this.config = config;
        this.configProblem = configProblem;
        // Also removed when this JVM is interrupted (Ctrl-C) while TLC runs.
        this.cleanup = new Thread(() -> deleteTree(dir), "tlc-workspace-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
    }

    /**
     * Prepares a workspace for a request.
     *
     * @param req the request
     * @return the workspace (close it)
     * @throws InputException if the spec or configuration file is missing
     */
    static TlcWorkspace create(TlcRequest req) {
        return create(req, List.of());
    }

    /**
     * Prepares a workspace for a request whose modules may also come from library folders.
     *
     * @param req       the request
     * @param libraries library folders (their declarations count when checking {@code --param} names)
     * @return the workspace (close it)
     * @throws InputException if the spec or configuration file is missing
     */
    static TlcWorkspace create(TlcRequest req, List<Path> libraries) {
        Path spec = req.specFile().toAbsolutePath().normalize();
        if (!Files.isRegularFile(spec) && !req.extraModules().containsKey(spec.getFileName().toString())) {
            throw new InputException(req.specFile() + ": no such TLA+ module");
        }
        Path dir;
        try {
            dir = Files.createTempDirectory("rdmacheck-tlc-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary folder for TLC", e);
        }
        try {
            return prepare(dir, spec, req, libraries);
        } catch (RuntimeException | IOException e) {
            deleteTree(dir);
            if (e instanceof IOException io) {
                throw new UncheckedIOException("cannot prepare the TLC workspace", io);
            }
            throw (RuntimeException) e;
        }
    }

    private static TlcWorkspace prepare(Path dir, Path spec, TlcRequest req, List<Path> libraries)
            throws IOException {
        Map<String, Path> originals = new HashMap<>();
        List<Map.Entry<String, String>> wrapped = new ArrayList<>();
        // Every file of the spec folder (modules, Java module overrides, data files the spec reads),
        // but not its subfolders, which hold build output and TLC's own metadata.
        try (Stream<Path> files = Files.list(spec.getParent())) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                Files.copy(f, dir.resolve(f.getFileName()));
                originals.put(f.getFileName().toString(), f);
            }
        }
        for (Map.Entry<String, String> m : req.extraModules().entrySet()) {
            Files.writeString(dir.resolve(m.getKey()), m.getValue(), StandardCharsets.UTF_8);
        }
        java.util.Set<String> declared = new java.util.LinkedHashSet<>(TlaDeclarations.constants(dir));
        for (Path lib : libraries) {
            if (Files.isDirectory(lib)) {
                declared.addAll(TlaDeclarations.constants(lib));
            }
        }
        rejectUndeclared(req, declared);
        rejectMalformedOptions(req);
        TlcConfig base = TlcConfig.empty();
        String baseText = null;
        if (req.configFile() != null) {
            try {
                baseText = Files.readString(req.configFile(), StandardCharsets.UTF_8);
            } catch (NoSuchFileException e) {
                throw new InputException(req.configFile() + ": no such configuration file");
            }
            rejectLaterKeywords(req.configFile(), baseText);
        }
        boolean unchanged = req.constants().isEmpty() && req.invariants() == null && req.properties() == null
                && req.checkDeadlock() == null && req.extraSections().isEmpty();
        Path cfg;
        String module = spec.getFileName().toString();
        TlcConfig effective;
        String problem = "";
        if (unchanged && baseText != null) {
            cfg = dir.resolve(req.configFile().getFileName().toString());
            Files.writeString(cfg, baseText, StandardCharsets.UTF_8);
            originals.put(cfg.getFileName().toString(), req.configFile().toAbsolutePath());
            try {
                effective = TlcConfig.parse(baseText);
            } catch (IllegalArgumentException e) {
                // TLC reports its own, more precise error first; this one stands if TLC accepts the file.
                effective = TlcConfig.empty();
                problem = e.getMessage();
            }
        } else {
            if (baseText != null) {
                try {
                    base = TlcConfig.parse(baseText);
                } catch (IllegalArgumentException e) {
                    throw new InputException(req.configFile() + ": " + e.getMessage());
                }
            }
            effective = override(base, req);
            Map<String, String> expressions = new java.util.LinkedHashMap<>();
            for (Map.Entry<String, String> c : req.constants().entrySet()) {
                if (!CFG_VALUE.matcher(c.getValue().trim()).matches()) {
                    expressions.put(c.getKey(), c.getValue().trim());
                    effective = effective.withConstantReplaced(c.getKey(), PREFIX + c.getKey());
                }
            }
            if (!expressions.isEmpty()) {
                module = writeWrapper(dir, module.replaceFirst("\\.tla$", ""), expressions);
            }
            wrapped.addAll(expressions.entrySet());
            cfg = dir.resolve("rdmacheck.cfg");
            Files.writeString(cfg, effective.render(), StandardCharsets.UTF_8);
        }
        TlcWorkspace ws = new TlcWorkspace(dir, dir.resolve(module), cfg, effective, problem);
        ws.originals.putAll(originals);
        ws.expressions.addAll(wrapped);
        return ws;
    }

    /**
     * Values and names that would reach TLC's configuration or the wrapper module garbled: a control
     * character (TLC fails on a NUL with an internal error), an invariant or property that is an
     * expression rather than a definition's name (the configuration takes names only, and TLC would
     * read {@code x' >= x} as the name {@code x}).
     */
    private static void rejectMalformedOptions(TlcRequest req) {
        for (Map.Entry<String, String> c : req.constants().entrySet()) {
            for (char ch : c.getValue().toCharArray()) {
                if (Character.isISOControl(ch)) {
                    throw new InputException("--param " + c.getKey() + ": the value contains the control character "
                            + String.format("U+%04X", (int) ch) + ": expected a TLA+ value");
                }
            }
        }
        for (String[] opt : new String[][] {{"--invariant", "INVARIANT"}, {"--property", "PROPERTY"}}) {
            List<String> names = opt[0].equals("--invariant") ? req.invariants() : req.properties();
            for (String n : names == null ? List.<String>of() : names) {
                if (!n.matches("[A-Za-z_][A-Za-z0-9_]*(![A-Za-z_][A-Za-z0-9_]*)*")) {
                    throw new InputException(opt[0] + " " + n + ": expected the name of a definition of the spec "
                            + "(TLC's " + opt[1] + " takes names); define it in the spec, e.g. Check == " + n
                            + ", and give --" + opt[0].substring(2) + " Check");
                }
            }
        }
    }

    /**
     * {@code ALIAS} and {@code POSTCONDITION} came after TLC 2.18, which reads them (and the name after
     * them) as entries of the section before, and then reports "the invariant POSTCONDITION is not
     * defined": the configuration uses a feature this TLC does not have.
     */
    private static void rejectLaterKeywords(Path cfg, String text) {
        List<String> toks;
        try {
            toks = TlcConfig.CfgTokens.split(text);
        } catch (IllegalArgumentException e) {
            return; // TLC reports the malformed file itself
        }
        for (int i = 0; i < toks.size(); i++) {
            String t = toks.get(i);
            if (t.equals("POSTCONDITION") || t.equals("ALIAS")) {
                String name = i + 1 < toks.size() ? " " + toks.get(i + 1) : "";
                throw new InputException(cfg + ": " + t + name + ": " + t + " is not a keyword of TLC 2.18's "
                        + "configuration (it came in a later TLC; this one would read it as the name of an invariant)"
                        + (t.equals("POSTCONDITION") ? "; check the condition as an INVARIANT or after the run"
                        : "; remove it (an alias only changes how traces are printed)"));
            }
        }
    }

    /** TLC 2.18 silently ignores a configuration value for a constant the spec does not declare. */
    private static void rejectUndeclared(TlcRequest req, java.util.Set<String> declared) {
        for (String name : req.constants().keySet()) {
            if (!declared.contains(name)) {
                throw new InputException("constant '" + name + "': the spec declares no such constant (declared: "
                        + (declared.isEmpty() ? "none" : String.join(", ", declared)) + ")");
            }
        }
    }

    private static TlcConfig override(TlcConfig base, TlcRequest req) {
        TlcConfig c = base;
        for (Map.Entry<String, String> e : req.constants().entrySet()) {
            c = c.withConstantValue(e.getKey(), e.getValue().trim());
        }
        if (req.invariants() != null) {
            c = c.withSection("INVARIANT", req.invariants());
        }
        if (req.properties() != null) {
            c = c.withSection("PROPERTY", req.properties());
        }
        for (Map.Entry<String, List<String>> e : req.extraSections().entrySet()) {
            c = c.withSection(e.getKey(), e.getValue());
        }
        if (req.checkDeadlock() != null) {
            c = c.withSection("CHECK_DEADLOCK", List.of(req.checkDeadlock() ? "TRUE" : "FALSE"));
        }
        return c;
    }

    private static String writeWrapper(Path dir, String root, Map<String, String> expressions) throws IOException {
        StringBuilder b = new StringBuilder("---- MODULE " + WRAPPER + " ----\n");
        b.append("\\* generated by rdmacheck: constants given as TLA+ expressions\n");
        b.append("EXTENDS ").append(root).append(", Integers, Sequences, TLC\n");
        expressions.forEach((k, v) -> b.append(PREFIX).append(k).append(" == ").append(v).append('\n'));
        b.append("====\n");
        Files.writeString(dir.resolve(WRAPPER + ".tla"), b.toString(), StandardCharsets.UTF_8);
        return WRAPPER + ".tla";
    }

    /**
     * Makes TLC check a generated root module (which extends the current one) under a generated
     * configuration; {@link #config()} stays the user's, whose properties the results are about.
     *
     * @param module    the generated module's file name
     * @param text      its text
     * @param runConfig the configuration TLC is given
     */
    void runGenerated(String module, String text, TlcConfig runConfig) {
        try {
            Files.writeString(dir.resolve(module), text, StandardCharsets.UTF_8);
            Path cfg = dir.resolve("rdmacheck-run.cfg");
            Files.writeString(cfg, runConfig.render(), StandardCharsets.UTF_8);
            specFile = dir.resolve(module);
            configFile = cfg;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param error a spec error as {@code file:line:col: message}
     * @return the same error named by the {@code --param} it comes from when it lies in the generated
     *         wrapper module (whose name means nothing to the user), else the error unchanged
     */
    String nameWrapperError(String error) {
        if (!error.startsWith(WRAPPER + ":") && !error.startsWith(WRAPPER + ".tla:")) {
            return error;
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^[^:]+:(\\d+):\\d+: (.*)$").matcher(error);
        if (!m.matches() || expressions.isEmpty()) {
            return error;
        }
        // the wrapper: header, comment, EXTENDS, then one line per expression, then the module's end
        int k = Math.min(Math.max(0, Integer.parseInt(m.group(1)) - 4), expressions.size() - 1);
        Map.Entry<String, String> e = expressions.get(k);
        return "--param " + e.getKey() + "=" + e.getValue() + ": not a TLA+ value or constant expression ("
                + m.group(2) + ")";
    }

    /** @return the folder */
    Path dir() {
        return dir;
    }

    /** @return the root module TLC is given */
    Path specFile() {
        return specFile;
    }

    /** @return the configuration TLC is given */
    Path configFile() {
        return configFile;
    }

    /** @return the effective configuration (empty if the user's file could not be parsed) */
    TlcConfig config() {
        return config;
    }

    /** @return why the user's configuration could not be parsed, or empty */
    String configProblem() {
        return configProblem;
    }

    /**
     * @param name a file name in the workspace, or a module name
     * @return the user's original file (the generated configuration maps to itself)
     */
    String original(String name) {
        Path p = originals.get(name);
        if (p == null) {
            p = originals.get(name + ".tla");
        }
        return p == null ? name : p.toString();
    }

    /** @return the command-line arguments for {@code tlc2.TLC} after the class name */
    List<String> tlcArguments(TlcOptions opts) {
        List<String> a = new ArrayList<>(List.of("-tool", "-workers", String.valueOf(opts.workers()), "-metadir",
                dir.resolve("states").toString(), "-config", configFile.toString()));
        if (opts.fingerprintIndex() != null) {
            a.addAll(List.of("-fp", String.valueOf(opts.fingerprintIndex())));
        }
        a.addAll(opts.mode().arguments());
        a.add(specFile.toString());
        return a;
    }

    @Override
    public void close() {
        deleteTree(dir);
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException e) {
            // already shutting down: the hook deletes the folder anyway
        }
    }

    static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // best effort: a file held open by a dying child is removed by the OS later
        }
    }
}
