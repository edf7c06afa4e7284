package org.rdmacheck.cli.gbn;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Larger Go-Back-N proofs: run with {@code mvn -B verify -Pslow}. */
@Tag("slow")
class GbnSlowTest {

    @ParameterizedTest
    @CsvSource({"gbn,4,1,2", "gb0,4,1,2", "st,4,1,2", "ce,3,1,2", "improved,4,1,2", "improved,3,1,3",
        "improved,3,2,1", "st,3,2,2", "improved,2,3,1"})
    void everyPropertyAsExpectedOnLargerShapes(String variant, String packets, String messages, String losses) {
        GbnCheckTest.assertAsExpected(variant, Map.of("packets", packets, "messages", messages, "losses", losses,
                "capacity", "5"));
        GbnCheckTest.assertAsExpected(variant, Map.of("packets", packets, "messages", messages, "losses", losses,
                "nakPolicy", "epsn"));
    }
}
