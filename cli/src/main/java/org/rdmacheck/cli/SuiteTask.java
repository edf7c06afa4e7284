package org.rdmacheck.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
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

    /**
     * The task as independent parts, which {@code all} may run side by side with other steps: each
     * part gets the time of the run left when it starts, and the parts' findings, joined in this
     * order, are the task's. By default the whole task is one part.
     *
     * @param home the rdmacheck checkout
     * @return the parts, in the order of their findings
     */
    default List<Part> parts(Path home) {
        return List.of(new Part("", (settings, outDir, progress) -> run(settings, outDir, home, progress)));
    }

    /**
     * One independent part of a task.
     *
     * @param label what the part does, after the task's name in progress lines ({@code ""} for the whole task)
     * @param work  runs it
     */
    record Part(String label, Work work) {
    }

    /** The work of a part. */
    @FunctionalInterface
    interface Work {
        /**
         * @param settings explorer settings; their time limit is what the run has left
         * @param outDir   counterexample folder, or null
         * @param progress receives progress lines
         * @return the part's findings
         * @throws Exception if the part cannot run (reported as a FAILED finding)
         */
        List<Finding> run(ExplorerSettings settings, Path outDir, Consumer<String> progress) throws Exception;
    }
}
