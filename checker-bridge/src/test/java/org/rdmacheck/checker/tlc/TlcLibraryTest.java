package org.rdmacheck.checker.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.model.InputException;

/** The workspace holds every file of the spec folder (Java overrides, data); libraries come from folders or jars. */
class TlcLibraryTest {

    private static final TlcOptions OPTS = TlcOptions.defaults().withTimeLimitMillis(120_000);

    @Test
    void javaOverrideInTheSpecFolderIsUsed(@TempDir Path tmp) throws IOException {
        Path spec = tmp.resolve("override");
        Files.createDirectories(spec);
        for (String f : List.of("Ovr.tla", "Ovr.cfg")) {
            Files.copy(TlcCheckerTest.resource("override").resolve(f), spec.resolve(f));
        }
        Path src = tmp.resolve("Ovr.java");
        Files.writeString(src, "public class Ovr {\n"
                + "  public static tlc2.value.impl.Value Magic() { return tlc2.value.impl.IntValue.gen(7); }\n}\n");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int rc = javac.run(null, null, null, "-cp", TlcChecker.classPath(OPTS), "-d", spec.toString(), src.toString());
        assertEquals(0, rc);
        TlcReport r = new TlcChecker(OPTS).check(TlcRequest.of(spec.resolve("Ovr.tla"), spec.resolve("Ovr.cfg")));
        // Magic == 0 in TLA+, so only the override (Magic = 7) violates IsZero.
        CheckResult.Violated v = assertInstanceOf(CheckResult.Violated.class, r.result("IsZero"));
        assertEquals(7, v.counterexample().steps().get(0).state().get("x").asInt());
    }

    @Test
    void moduleOutsideTheFolderNeedsALibrary() {
        InputException e = assertThrows(InputException.class,
                () -> new TlcChecker(OPTS).check(TlcCheckerTest.request("library/spec")));
        assertTrue(e.getMessage().contains("cannot find the module LibMod"), e.getMessage());
        TlcReport r = new TlcChecker(OPTS.withLibraries(List.of(TlcCheckerTest.resource("library/lib"))))
                .check(TlcCheckerTest.request("library/spec"));
        assertInstanceOf(CheckResult.Verified.class, r.result("Within"));
        assertEquals(4, r.stats().distinctStates());
    }

    @Test
    void moduleAtTheRootOfALibraryJarIsFound(@TempDir Path tmp) throws IOException {
        Path jar = tmp.resolve("lib.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("LibMod.tla"));
            OutputStream o = out;
            o.write(Files.readAllBytes(TlcCheckerTest.resource("library/lib/LibMod.tla")));
            out.closeEntry();
        }
        TlcReport r = new TlcChecker(OPTS.withLibraries(List.of(jar))).check(TlcCheckerTest.request("library/spec"));
        assertInstanceOf(CheckResult.Verified.class, r.result("Within"));
        assertEquals(4, r.stats().distinctStates());
    }
}
