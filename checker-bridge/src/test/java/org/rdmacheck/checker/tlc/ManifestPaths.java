package org.rdmacheck.checker.tlc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** Finds the repository's specs folder from a module folder. */
final class ManifestPaths {
    private ManifestPaths() {
    }

    static Path specs() {
        Path p = Paths.get("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("specs"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("no specs folder above the working directory");
        }
        return p.resolve("specs");
    }
}
