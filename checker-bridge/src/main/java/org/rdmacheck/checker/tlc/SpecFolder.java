package org.rdmacheck.checker.tlc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.rdmacheck.model.InputException;

/**
 * Finds the root module and configuration to check in a spec folder, without assuming the
 * project's naming: {@code MCSpec.tla}/{@code MCSpec.cfg} if present, otherwise the only
 * {@code X.cfg} with a matching {@code X.tla}; a {@code .tla} file given directly uses its sibling
 * {@code .cfg}; {@code --config} picks the configuration (and the module of the same name).
 *
 * @param specFile   the root module
 * @param configFile its configuration
 */
public record SpecFolder(Path specFile, Path configFile) {

    /**
     * @param path   a spec folder or a {@code .tla} file
     * @param config a configuration file name or path, or null to choose as described above
     * @return the module and configuration
     * @throws InputException naming what is missing or ambiguous
     */
    public static SpecFolder resolve(Path path, String config) {
        if (Files.isRegularFile(path)) {
            if (!path.toString().endsWith(".tla")) {
                throw new InputException(path + ": expected a spec folder or a .tla file");
            }
            Path dir = path.toAbsolutePath().getParent();
            Path cfg = config != null ? configPath(dir, config)
                    : dir.resolve(path.getFileName().toString().replaceFirst("\\.tla$", ".cfg"));
            if (!Files.isRegularFile(cfg)) {
                throw new InputException(cfg + ": no such configuration file (give one with --config)");
            }
            return new SpecFolder(path, cfg);
        }
        if (!Files.isDirectory(path)) {
            throw new InputException(path + ": no such spec folder or .tla file");
        }
        if (config != null) {
            Path cfg = configPath(path, config);
            return new SpecFolder(moduleFor(path, cfg), cfg);
        }
        if (Files.isRegularFile(path.resolve("MCSpec.cfg")) && Files.isRegularFile(path.resolve("MCSpec.tla"))) {
            return new SpecFolder(path.resolve("MCSpec.tla"), path.resolve("MCSpec.cfg"));
        }
        List<Path> candidates = list(path).stream().filter(f -> f.toString().endsWith(".cfg"))
                .filter(f -> Files.isRegularFile(tlaOf(f))).sorted().toList();
        if (candidates.size() != 1) {
            throw new InputException(path + ": " + (candidates.isEmpty() ? "no X.cfg with a matching X.tla"
                    : "several configurations " + candidates.stream().map(p -> p.getFileName().toString()).toList())
                    + ": choose one with --config");
        }
        return new SpecFolder(tlaOf(candidates.get(0)), candidates.get(0));
    }

    /**
     * @param dir a spec folder
     * @return every {@code X.cfg} of it with its {@code X.tla}, in name order
     * @throws InputException if it is not a folder, has no configuration, or a configuration has no
     *                        module of the same name (it would otherwise be skipped unnoticed)
     */
    public static List<SpecFolder> all(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new InputException(dir + ": --all-configs expects a spec folder");
        }
        List<Path> cfgs = list(dir).stream().filter(f -> f.toString().endsWith(".cfg") && Files.isRegularFile(f))
                .sorted().toList();
        if (cfgs.isEmpty()) {
            throw new InputException(dir + ": no .cfg file in this folder");
        }
        for (Path c : cfgs) {
            if (!Files.isRegularFile(tlaOf(c))) {
                throw new InputException(c + ": no module " + tlaOf(c).getFileName() + " next to it; run it alone "
                        + "with --config and the spec as a .tla file");
            }
        }
        return cfgs.stream().map(c -> new SpecFolder(tlaOf(c), c)).toList();
    }

    private static Path configPath(Path dir, String config) {
        Path direct = Path.of(config);
        Path cfg = Files.isRegularFile(direct) ? direct : dir.resolve(config);
        if (!Files.isRegularFile(cfg)) {
            throw new InputException(config + ": no such configuration file in " + dir);
        }
        return cfg;
    }

    private static Path moduleFor(Path dir, Path cfg) {
        Path tla = dir.resolve(tlaOf(cfg).getFileName());
        if (!Files.isRegularFile(tla)) {
            throw new InputException(cfg + ": no module " + tla.getFileName() + " next to it in " + dir);
        }
        return tla;
    }

    private static Path tlaOf(Path cfg) {
        return cfg.resolveSibling(cfg.getFileName().toString().replaceFirst("\\.cfg$", ".tla"));
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
