package org.rdmacheck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.InputException;

/** Trace files named on the command line ({@code --itf}, {@code export --out}): checked up front, written atomically. */
final class TraceFiles {

    private TraceFiles() {
    }

    /**
     * @param option the option naming the file
     * @param file   the file
     * @return {@code file}
     * @throws InputException if it is a folder or its folder cannot be written
     */
    static Path writableFile(String option, Path file) {
        if (Files.isDirectory(file)) {
            throw new InputException(option + " " + file + ": expected a file, but it is a folder");
        }
        Path parent = file.toAbsolutePath().normalize().getParent();
        OutputFolders.writable(option, parent == null ? Path.of(".") : parent);
        return file;
    }

    /**
     * @param file  a file name such as {@code out/trace.itf.json}
     * @param extra what to add
     * @return {@code out/trace-EXTRA.itf.json} (before the first dot of the name, if any)
     */
    static Path withSuffix(Path file, String extra) {
        String name = file.getFileName().toString();
        int dot = name.indexOf('.');
        String safe = extra.replaceAll("[^A-Za-z0-9_.=-]", "_");
        String n = dot <= 0 ? name + "-" + safe : name.substring(0, dot) + "-" + safe + name.substring(dot);
        return file.resolveSibling(n);
    }

    /** @param file target  @param json contents, written as indented JSON and a newline */
    static void write(Path file, JsonNode json) {
        try {
            write(file, TraceJson.MAPPER.writeValueAsString(json) + "\n");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @param file target  @param text contents */
    static void write(Path file, String text) {
        try {
            Counterexamples.writeAtomically(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
