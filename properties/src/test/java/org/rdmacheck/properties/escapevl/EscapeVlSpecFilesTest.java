package org.rdmacheck.properties.escapevl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The TLA+ twin's tables (specs/escape-vl/EscapeVlNets.tla) are generated from the Java networks
 * and workloads; this test fails when they drift. Regenerate with
 * {@code mvn -pl model-java,properties verify -Dtest=EscapeVlSpecFilesTest -Descapevl.regenerate=true
 * -Dsurefire.failIfNoSpecifiedTests=false -am}.
 */
class EscapeVlSpecFilesTest {

    @Test
    void netsModuleIsCurrent() throws Exception {
        Path file = Path.of("..", "specs", "escape-vl", "EscapeVlNets.tla");
        String text = EscapeVlTla.netsModule(EscapeVlEntry.tlaNets());
        if (Boolean.getBoolean("escapevl.regenerate")) {
            Files.writeString(file, text);
        }
        assertEquals(text, Files.readString(file));
    }
}
