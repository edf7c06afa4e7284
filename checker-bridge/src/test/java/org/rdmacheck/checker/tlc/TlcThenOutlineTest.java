package org.rdmacheck.checker.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * TLC's child printing the outline after TLC ({@link TlcThenOutline}) against a preflight child and
 * a TLC child of their own: the same outline, the same TLC messages (codes and severities, in
 * order) and the same exit status, on a state predicate, an action property, a boxed invariant
 * that fails and a temporal property that fails (a lasso).
 */
class TlcThenOutlineTest {

    private static final TlcOptions OPTS = TlcOptions.defaults().withTimeLimitMillis(120_000);

    @ParameterizedTest
    @CsvSource({"stateprop, Prop.tla, Prop.cfg", "stateprop, Prop.tla, Always.cfg", "actionprop, Act.tla, Act.cfg",
            "lasso, Lasso.tla, Lasso.cfg"})
    void sameOutlineAndSameTlcRunAsTwoChildren(String folder, String module, String cfg) {
        Path dir = TlcCheckerTest.resource(folder);
        TlcRequest req = TlcRequest.of(dir.resolve(module), dir.resolve(cfg));
        try (TlcWorkspace ws = TlcWorkspace.create(req, OPTS.libraryFolders())) {
            assertTrue(TlcChecker.outlineAfter(ws), "a configuration with properties and no SYMMETRY");
            SpecPreflight.Outline alone = SpecPreflight.run(ws, OPTS).orElseThrow();
            Run tlc = run(ws, TlcChecker.classPath(OPTS), "tlc2.TLC", ws.tlcArguments(OPTS));
            List<String> args = new ArrayList<>(SpecPreflight.arguments(ws));
            args.addAll(ws.tlcArguments(OPTS));
            Run both = run(ws, SpecPreflight.classPath(OPTS), TlcThenOutline.class.getName(), args);

            assertEquals(alone, SpecPreflight.parse(TlcThenOutline.outlinePart(both.output)).orElseThrow());
            assertEquals(tlc.exit, both.exit);
            String tlcPart = TlcThenOutline.tlcPart(both.output);
            assertFalse(tlcPart.contains(SpecPreflight.MARKER), tlcPart);
            assertEquals(codes(tlc.output), codes(tlcPart));
        }
    }

    private record Run(OptionalInt exit, String output) {
    }

    private static Run run(TlcWorkspace ws, String classPath, String main, List<String> args) {
        TlcWorkspace.deleteTree(ws.dir().resolve("states"));
        List<String> cmd = ChildProcess.javaCommand(TlcChecker.jvmOptions(ws.dir(), OPTS), classPath, main, args);
        try (ChildProcess child = ChildProcess.start(cmd, ws.dir(), line -> { })) {
            OptionalInt exit = child.await(OPTS.timeLimitMillis());
            return new Run(exit, child.output());
        }
    }

    /** @return the message codes and severities TLC printed, in order, without plain text */
    private static List<String> codes(String output) {
        return TlcOutput.parse(output).stream().filter(m -> m.code() != TlcMessage.PLAIN)
                .map(m -> m.code() + ":" + m.severity()).toList();
    }
}
