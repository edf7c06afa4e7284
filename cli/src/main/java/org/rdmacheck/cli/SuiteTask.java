package org.rdmacheck.cli;

import java.nio.file.Path;
import java.util.List;
import org.rdmacheck.engine.ExplorerSettings;

/**
 * A piece of {@code rdmacheck all} beyond the catalogue's model checks: threshold derivation,
 * fluid scenarios, static deadlock checks, and so on. Each contributes rows to the summary.
 */
public interface SuiteTask {

    /** @return a short name for progress lines */
    String name();

    /**
     * @param settings explorer settings chosen for the run
     * @param outDir   counterexample folder, or null
     * @param home     the rdmacheck checkout (for output folders)
     * @return findings
     * @throws Exception if the task cannot run (reported as a FAILED finding)
     */
    List<Finding> run(ExplorerSettings settings, Path outDir, Path home) throws Exception;

    /**
     * As {@link #run(ExplorerSettings, Path, Path)}, reporting progress within the task (a task
     * of several long steps overrides this).
     *
     * @param settings explorer settings chosen for the run
     * @param outDir   counterexample folder, or null
     * @param home     the rdmacheck checkout
     * @param progress receives a line as each step of the task starts or ends
     * @return summary rows
     * @throws Exception if the task cannot run (reported as a FAILED row)
     */
    default List<Finding> run(ExplorerSettings settings, Path outDir, Path home,
                              java.util.function.Consumer<String> progress) throws Exception {
        return run(settings, outDir, home);
    }
}
