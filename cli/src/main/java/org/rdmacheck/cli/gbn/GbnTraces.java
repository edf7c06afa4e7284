package org.rdmacheck.cli.gbn;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.gbn.LeastLossTable;
import org.rdmacheck.checker.trace.Counterexamples;

/** Writes the traces of {@code gbn-table} rows under {@code root/gbn/}. */
final class GbnTraces {

    private GbnTraces() {
    }

    /**
     * The files a row's traces went to.
     *
     * @param shortest the explorer's shortest counterexample, if saved
     * @param byLabel  per classification label, the file of its example trace
     */
    record Files(Optional<Path> shortest, Map<String, Path> byLabel) {
        /** Copies the map. */
        Files {
            byLabel = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byLabel));
        }

        /** @param label a label  @return its trace's file, if saved */
        Optional<Path> of(String label) {
            return Optional.ofNullable(byLabel.get(label));
        }
    }

    /**
     * @param row  a row
     * @param root counterexample root, empty to save nothing
     * @return the files written
     * @throws UncheckedIOException if one cannot be written
     */
    static Files write(LeastLossTable.Row row, Optional<Path> root) {
        if (root.isEmpty() || row.found().isEmpty()) {
            return new Files(Optional.empty(), Map.of());
        }
        LeastLossTable.Found f = row.found().get();
        String stem = row.variant().word() + "-" + row.duplicates().word() + "-L" + f.losses();
        Path shortest = write(root.get(), stem + "-NoTimeout.json", f.shortest());
        Map<String, Path> files = new LinkedHashMap<>();
        f.examples().forEach((label, cex) -> files.put(label, write(root.get(), "cause-" + stem + "-" + slug(label)
                + ".json", cex)));
        return new Files(Optional.of(shortest), files);
    }

    private static Path write(Path root, String name, Counterexample cex) {
        Path file = root.resolve("gbn").resolve(name);
        try {
            Counterexamples.writeTo(file, cex);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + name + " under " + root, e);
        }
        return file;
    }

    private static String slug(String label) {
        String s = label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        s = s.replaceAll("^-+|-+$", "");
        return s.length() > 60 ? s.substring(0, 60) : s;
    }
}
