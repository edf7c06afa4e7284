package org.rdmacheck.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The output folder of the {@code fluid stability} commands that write files (sweep, region,
 * cross-check), checked before any work starts.
 */
final class StabilityOutput {

    @Option(names = "--out", paramLabel = "DIR", description = "folder for CSV and PNG files (default: out/fluid of the "
            + "checkout)")
    Path out;

    /**
     * @return the output folder, checked for writing (nothing is created yet)
     * @throws org.rdmacheck.model.InputException if it is a file or cannot be written
     */
    Path folder() {
        return out != null ? OutputFolders.writable("--out", out)
                : OutputFolders.writable("the default output folder", ExplorerOptions.home().resolve("out").resolve("fluid"));
    }
}
