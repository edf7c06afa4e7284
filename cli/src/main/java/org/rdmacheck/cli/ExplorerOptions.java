package org.rdmacheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.rdmacheck.engine.AuditScope;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.InputException;
import picocli.CommandLine.Option;

/** Explorer options shared by the commands that check models. */
public final class ExplorerOptions {

    @Option(names = "--threads", description = "worker threads (default: all cores)")
    Integer threads;

    @Option(names = "--storage", description = "full, fingerprint or compact (fingerprints, and levels without their states' values: less heap, one more expansion per state; fingerprint turns to it near a quarter of the heap) (default: ${DEFAULT-VALUE})", defaultValue = "fingerprint")
    String storage;

    @Option(names = "--max-states", description = "state limit (default: ${DEFAULT-VALUE})", defaultValue = "50000000")
    long maxStates;

    @Option(names = "--max-time", description = "time limit, e.g. 90s, 10m, 1h (default: ${DEFAULT-VALUE})", defaultValue = "1h")
    String maxTime;

    @Option(names = "--max-heap", description = "heap limit as a percentage of -Xmx (default: ${DEFAULT-VALUE})", defaultValue = "85")
    double maxHeapPercent;

    @Option(names = "--symmetry", description = "symmetry reduction: one state per class of states equal up to "
            + "renaming the model's symmetric set (partition: its QPs; dasr persistent: senders 1..n-1)")
    boolean symmetry;

    @Option(names = "--symmetry-audit", paramLabel = "SCOPE", description = "with --symmetry: at which expanded "
            + "states every renaming of the state is also expanded, to check that its successors fall in the same "
            + "classes (an asymmetry makes the proofs INCONCLUSIVE): all (a proof, for up to 5 symmetric elements), "
            + "sample (the first 10,000 states and every 16th after; the default; no proof when it leaves states out) "
            + "or none (trust the declaration). Each row says which (JSON symmetryAudit)")
    String symmetryAudit;

    /**
     * @return the symmetry audit asked for (a sample when not given)
     * @throws InputException on anything but all, sample or none, or when given without --symmetry
     */
    AuditScope auditScope() {
        if (symmetryAudit == null) {
            return AuditScope.SAMPLE;
        }
        if (!symmetry) {
            throw new InputException("--symmetry-audit " + symmetryAudit + ": applies with --symmetry only");
        }
        for (AuditScope s : AuditScope.values()) {
            if (s.name().equalsIgnoreCase(symmetryAudit)) {
                return s;
            }
        }
        throw new InputException("--symmetry-audit " + symmetryAudit + ": expected all, sample or none");
    }

    /**
     * @param err where progress lines go
     * @return explorer settings from these options
     */
    public ExplorerSettings settings(PrintWriter err) {
        int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        threads(t);
        if (maxStates < 1) {
            throw new InputException("--max-states " + maxStates + ": expected at least 1");
        }
        if (!(maxHeapPercent > 0 && maxHeapPercent <= 100)) {
            throw new InputException("--max-heap " + maxHeapPercent + ": expected a percentage in (0, 100]");
        }
        ExplorerSettings.Storage st = switch (storage) {
            case "full" -> ExplorerSettings.Storage.FULL;
            case "fingerprint" -> ExplorerSettings.Storage.FINGERPRINT;
            case "compact" -> ExplorerSettings.Storage.COMPACT;
            default -> throw new InputException("--storage " + storage + ": expected full, fingerprint or compact");
        };
        return ExplorerSettings.defaults().withThreads(t).withStorage(st).withMaxStates(maxStates)
                .withMaxMillis(Durations.parseMillis("--max-time", maxTime)).withMaxHeapFraction(maxHeapPercent / 100)
                .withSymmetry(symmetry).withSymmetryAudit(auditScope())
                .withProgress(5_000, r -> {
                    err.println(r);
                    err.flush();
                });
    }

    /**
     * The warning every command that explores one model gives (a warning, not a refusal: the run is
     * sound, only unreduced): {@code --symmetry} with a model that declares no symmetric set.
     *
     * @param err      where the warning goes
     * @param model    the model's name
     * @param declares whether the model as built declares a symmetric set
     */
    public void warnIfNoSymmetricSet(PrintWriter err, String model, boolean declares) {
        if (symmetry && !declares) {
            err.println("warning: --symmetry: " + model + " declares no symmetric set; the states are explored "
                    + "without reduction");
            err.flush();
        }
    }

    /**
     * @param t worker threads asked for
     * @return {@code t}, if in 1 .. max(64, 4 x cores)
     * @throws InputException otherwise (one line)
     */
    public static int threads(int t) {
        int max = Math.max(64, 4 * Runtime.getRuntime().availableProcessors());
        if (t < 1 || t > max) {
            throw new InputException("--threads " + t + ": expected 1 to " + max + " (this machine has "
                    + Runtime.getRuntime().availableProcessors() + " cores)");
        }
        return t;
    }

    /** @return the rdmacheck checkout (set by the launcher), or the working directory */
    public static Path home() {
        String h = System.getProperty("rdmacheck.home");
        return h == null ? Paths.get("") : Paths.get(h);
    }

    /**
     * @param file a written or stored file
     * @return its path relative to the rdmacheck checkout when inside it (the launcher's, else the
     *         checkout that holds it, as when run from a module folder), else absolute
     */
    public static String display(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        Path home = home().toAbsolutePath().normalize();
        if (abs.startsWith(home)) {
            return home.relativize(abs).toString();
        }
        for (Path p = abs.getParent(); p != null; p = p.getParent()) {
            if (java.nio.file.Files.isRegularFile(p.resolve("rdmacheck")) && java.nio.file.Files.isDirectory(p.resolve("specs"))
                    && java.nio.file.Files.isRegularFile(p.resolve("pom.xml"))) {
                return p.relativize(abs).toString();
            }
        }
        return abs.toString();
    }
}
