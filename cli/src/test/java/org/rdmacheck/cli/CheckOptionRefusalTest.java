package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * Every combination of {@code check} options that is refused: exactly one line on standard error
 * naming the value (no warning before it, nothing on standard output, nothing written), exit 2;
 * with {@code --json}, one error object on standard output and nothing on standard error.
 * The model is one with a symmetric set (partition) or one without (philosophers), so that a
 * warning about {@code --symmetry} would show.
 */
class CheckOptionRefusalTest {

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        // the search and what it cannot be combined with
        "philosophers | --search directed --symmetry | --symmetry: applies to --search bfs only",
        "partition    | --search directed --symmetry | --symmetry: applies to --search bfs only",
        "philosophers | --search random --symmetry   | --symmetry: applies to --search bfs only",
        "partition    | --search swarm:3 --symmetry  | --symmetry: applies to --search bfs only",
        "philosophers | --search directed --reduction safety | --reduction safety: applies to --search bfs only",
        "philosophers | --search random --reduction deadlock | --reduction deadlock: applies to --search bfs only",
        "philosophers | --search directed            | --search directed: model philosophers",
        "philosophers | --search directed --symmetry --reduction safety | --symmetry: applies to --search bfs only",
        "philosophers | --search dfs                 | --search dfs: expected bfs",
        "philosophers | --search dfs --symmetry      | --search dfs: expected bfs",
        "philosophers | --search random:x            | --search random:x: expected a whole-number seed",
        "philosophers | --search directed:1.5        | --search directed:1.5: expected a whole-number seed",
        "philosophers | --search directed --walks 5  | --walks: applies to --search random or swarm only",
        "philosophers | --walk-depth 5               | --walk-depth: applies to --search random, swarm or directed only",
        "philosophers | --walks 5 --symmetry         | --walks: applies to --search random, swarm or directed only",
        "philosophers | --search random --walk-depth 0 | --walk-depth 0: expected at least 1",
        "philosophers | --search directed --walk-depth 0 | --walk-depth 0: expected at least 1",
        "philosophers | --search swarm --walks 0     | --walks 0: expected at least 1",
        // the explorer's limits and settings
        "philosophers | --reduction maybe            | --reduction maybe: expected none, deadlock or safety",
        "partition    | --reduction maybe --symmetry | --reduction maybe: expected none, deadlock or safety",
        "philosophers | --threads 0                  | --threads 0: expected 1 to",
        "philosophers | --threads 0 --symmetry       | --threads 0: expected 1 to",
        "philosophers | --threads many               | --threads",
        "philosophers | --max-states 0               | --max-states 0: expected at least 1",
        "philosophers | --max-heap 0                 | --max-heap 0.0: expected a percentage in (0, 100]",
        "philosophers | --max-heap 101               | --max-heap 101.0: expected a percentage in (0, 100]",
        "philosophers | --storage disk               | --storage disk: expected full, fingerprint or compact",
        "partition    | --symmetry-audit maybe --symmetry | --symmetry-audit maybe: expected all, sample or none",
        "partition    | --symmetry-audit all         | --symmetry-audit all: applies with --symmetry only",
        "philosophers | --max-time 10                | --max-time '10'",
        "philosophers | --max-time 10 --symmetry     | --max-time '10'",
        // the model, its variant, parameters, properties and knock-outs
        "nosuchmodel  | --symmetry                   | nosuchmodel",
        "philosophers | --variant greedy --symmetry  | greedy",
        "philosophers | --param n=1 --symmetry       | n",
        "philosophers | --param n                    | n",
        "philosophers | --param knockout=x           | --param knockout=x: a knock-out is not a parameter of a check",
        "philosophers | --knockout nope --symmetry   | nope",
        "partition    | --knockout nope              | nope",
        "philosophers | --property Nope --symmetry   | --property Nope: expected one of",
        "philosophers | --no-progress --property SomeoneCanEat --symmetry | --no-progress: the selected properties are all progress properties",
        "philosophers | --frobnicate                 | --frobnicate",
    })
    void refusedIsOneLineExitTwo(String model, String options, String names) throws Exception {
        List<String> args = new ArrayList<>(List.of("check", model.trim(), "--out", tmp.resolve("out").toString()));
        args.addAll(List.of(options.trim().split(" +")));
        CliTest.Run r = CliTest.run(args.toArray(String[]::new));
        String what = String.join(" ", args) + "\nstdout: " + r.out() + "\nstderr: " + r.err();
        assertEquals(2, r.code(), what);
        assertEquals(1, r.err().lines().count(), "exactly one line: " + what);
        assertTrue(r.err().startsWith("rdmacheck: "), what);
        assertTrue(r.err().contains(names.trim()), "names " + names.trim() + ": " + what);
        assertTrue(!r.err().contains("Exception") && !r.err().contains("warning"), what);
        assertEquals("", r.out(), "nothing on standard output: " + what);
        assertTrue(nothingIn(tmp), "nothing written: " + what);

        args.add("--json");
        CliTest.Run j = CliTest.run(args.toArray(String[]::new));
        what = String.join(" ", args) + "\nstdout: " + j.out() + "\nstderr: " + j.err();
        assertEquals(2, j.code(), what);
        assertEquals("", j.err(), "nothing on standard error with --json: " + what);
        JsonNode root = TraceJson.MAPPER.readTree(j.out());
        assertEquals(1, root.size(), "one error object: " + what);
        assertTrue(root.get("error").get("message").asText().contains(names.trim()), what);
        assertTrue(nothingIn(tmp), "nothing written: " + what);
    }

    private static boolean nothingIn(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.allMatch(p -> p.equals(dir) || Files.isDirectory(p) && isEmptyDir(p));
        }
    }

    private static boolean isEmptyDir(Path d) {
        try (Stream<Path> s = Files.list(d)) {
            return s.findAny().isEmpty();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
