package org.rdmacheck.cli.gbn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.cli.Main;

class GbnSimCommandTest {

    private static int run(StringWriter out, StringWriter err, String... args) {
        return Main.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    @Test
    void smallGridWritesCsvAndPlots(@TempDir Path dir) throws Exception {
        System.setProperty("java.awt.headless", "true");
        StringWriter out = new StringWriter();
        int code = run(out, new StringWriter(), "gbn-sim", "--out", dir.toString(), "--param", "variants=gbn,improved",
                "--param", "lossRates=0,1e-2", "--param", "rto=10e-3", "--param", "replications=2",
                "--param", "messages=2", "--param", "messageBytes=262144");
        assertEquals(0, code, out.toString());
        List<String> csv = Files.readAllLines(dir.resolve("throughput.csv"));
        assertEquals(5, csv.size());
        assertTrue(csv.get(1).startsWith("gbn,0.0100000,0.00000,1.00000"), csv.get(1));
        assertTrue(Files.size(dir.resolve("throughput-rto-10ms.png")) > 1000);
        assertTrue(Files.size(dir.resolve("throughput-improved.png")) > 1000);
        assertTrue(Files.size(dir.resolve("causes.png")) > 1000);
        assertTrue(Files.exists(dir.resolve("causes.csv")));
    }

    @Test
    void badInputIsOneLineExitTwoAndWritesNothing(@TempDir Path dir) {
        for (String bad : List.of("lossRates=1.0", "lossRates=-1e-3", "variants=selective", "replications=1",
                "nakPolicy=sometimes", "rto=0", "unknown=3")) {
            StringWriter err = new StringWriter();
            int code = run(new StringWriter(), err, "gbn-sim", "--out", dir.resolve("o").toString(), "--param", bad);
            assertEquals(2, code, bad);
            assertEquals(1, err.toString().strip().lines().count(), err.toString());
            assertFalse(Files.exists(dir.resolve("o")), bad);
        }
    }
}
