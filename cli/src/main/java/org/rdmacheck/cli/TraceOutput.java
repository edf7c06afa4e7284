package org.rdmacheck.cli;

import java.nio.file.Path;
import org.rdmacheck.model.InputException;
import picocli.CommandLine.Option;

/**
 * Where a command stores the counterexamples (or witnesses) it finds: {@code out/counterexamples/}
 * of the checkout by default, so that no run rewrites the tracked files in {@code counterexamples/}
 * unless asked to with {@code --update-stored}.
 */
public final class TraceOutput {

    @Option(names = "--out", paramLabel = "DIR", description = "folder for counterexamples (default: "
            + "out/counterexamples/ of the rdmacheck checkout the launcher runs from; with java -jar, of the "
            + "working directory)")
    Path out;

    @Option(names = "--update-stored", description = "write counterexamples over the stored ones in "
            + "counterexamples/ of the checkout")
    boolean updateStored;

    @Option(names = "--no-save", description = "do not write counterexample files")
    boolean noSave;

    /**
     * The folder, created and checked for writing before any work starts.
     *
     * @return the folder counterexamples are written to, none with --no-save
     * @throws InputException for contradicting options or an unwritable folder
     */
    public java.util.Optional<Path> folder() {
        if (noSave && (out != null || updateStored)) {
            throw new InputException("--no-save with " + (out != null ? "--out " + out : "--update-stored")
                    + ": expected one of them");
        }
        if (out != null && updateStored) {
            throw new InputException("--out " + out + " with --update-stored: expected one of them (--update-stored "
                    + "writes to counterexamples/ of the checkout)");
        }
        if (noSave) {
            return java.util.Optional.empty();
        }
        if (out != null) {
            return java.util.Optional.of(OutputFolders.writable("--out", out));
        }
        Path home = ExplorerOptions.home();
        return java.util.Optional.of(updateStored
                ? OutputFolders.writable("--update-stored", home.resolve("counterexamples"))
                : OutputFolders.writable("the default output folder", home.resolve("out").resolve("counterexamples")));
    }
}
