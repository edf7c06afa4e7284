package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.tlc.TlcChecker;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.tlc.TlcReport;
import org.rdmacheck.checker.tlc.TlcRequest;

/**
 * The TLA+ twins' properties that guard a timer, a soft-state record or the receiver's PSN checks
 * (gbn's InOrderExactlyOnce, whose step predicate is InOrderStep) can fail: each case copies
 * a spec folder's {@code Spec.tla}, {@code MCSpec.tla} and {@code MCSpec.cfg} to a temporary
 * folder, changes one line of the spec (the mutation must match exactly once, so a reworded spec
 * fails here rather than passing unmutated) and runs TLC on the spec's default configuration with
 * only the property: TLC must report it violated. The unmutated specs hold these properties in the
 * manifests' configurations ({@code ManifestConformanceTest}). The refinement cases mutate a twin
 * the same way and run its {@code MCRefinement} configuration (every module of the folder copied,
 * the abstract service included): TLC must report {@code Refinement} violated, so a twin that
 * breaks the service's promise is caught by the service written from the paper; the unmutated
 * twins refine it ({@code RefinementConformanceTest}); the timed Go-Back-N twin's liveness cases run
 * {@code FairRefinement} so. One TLC child process per case:
 * {@code mvn -B verify -Pslow -pl checker-bridge -am -Dtest=MutatedSpecTest
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("slow")
class MutatedSpecTest {

    private static final TlcChecker TLC = new TlcChecker(TlcOptions.defaults().withWorkers(1)
            .withTimeLimitMillis(300_000).withHeapMegabytes(1024));

    static Stream<Arguments> mutations() {
        return Stream.of(
                // seed 002, III-A: the ACK timer armed one tick short when the first packet goes out
                Arguments.of("gbn-timed", "RtoExact", "rto' = IF rto < 0 THEN RtoTicks ELSE rto",
                        "rto' = IF rto < 0 THEN RtoTicks - 1 ELSE rto"),
                // a tick that lets time pass without lowering the ACK timer
                Arguments.of("gbn-timed", "RtoExact", "rto' = Down(rto, By)", "rto' = rto"),
                // seed 002, II-A: a receiver without the expected-PSN check takes a packet ahead of EPSN
                Arguments.of("gbn", "InOrderExactlyOnce", "CASE p = epsn ->", "CASE p >= epsn ->"),
                // seed 002, II-A: a timed receiver without duplicate detection hands a copy of EPSN - 1 over again,
                // EPSN unchanged (the Java model's TimedGbnRedeliveryTest plant); judged by EPSN's moves alone it held
                // (1,082 states)
                Arguments.of("gbn-timed", "InOrderExactlyOnce", "HandsOver(as) == as = epsn",
                        "HandsOver(as) == as = epsn \\/ as = epsn - 1"),
                // seed 000, III-C: marks below line rate are never sent back, so DCQCN never starts at the senders
                Arguments.of("dasr", "ReactionFollowsCongestion", ECN_ECHO,
                        "/\\ ecnEcho' = FALSE"),
                // seed 000, III-A: an idle sender's next message begins at the n of its last one, not at line rate
                Arguments.of("dasr", "NewMessageAtLineRate", LINE_RATE_START, LINE_RATE_START_PLANT));
    }

    /** seed 000, III-C: the line of the twin that sends the marks back when the new state forwards them */
    private static final String ECN_ECHO = "/\\ ecnEcho' = (o[1] /\\ (next # \"ReceiverCongestion\" \\/ ForwardEcn))";
    /** seed 000, III-A: the line of the twin that starts an idle sender's next flow at n = 1, and its plant */
    private static final String LINE_RATE_START = "[s \\in Senders |-> IF idle(s) /\\ LineRateStart THEN 1 ELSE ap[s]]";
    private static final String LINE_RATE_START_PLANT = "[s \\in Senders |-> ap[s]]";

    static Stream<Arguments> serviceMutations() {
        return Stream.of(
                // seed 003, III-B: the receiver hands a transfer over one byte before it is complete
                Arguments.of("partition", "IF total >= m.totalSize", "IF total >= m.totalSize - 1"),
                // seed 003, III-B: the receiver hands a completed transfer over twice, under two data IDs
                // (the service counts hand-overs: a set of byte sequences saw no change)
                Arguments.of("partition", "THEN /\\ delivered' = delivered \\cup {[dataId |-> s, data |-> new]}",
                        "THEN /\\ delivered' = delivered \\cup {[dataId |-> s, data |-> new], "
                                + "[dataId |-> (s + 1) % Ids, data |-> new]}"),
                // seed 002, II-A: the same receiver without duplicate detection; the history records every hand-over
                // (HandsOver), not EPSN's moves, so the service sees the message's last packet handed over twice
                Arguments.of("gbn-timed", "HandsOver(as) == as = epsn", "HandsOver(as) == as = epsn \\/ as = epsn - 1"),
                // seed 000, IV-A: a switch may deflect any packet of a message, not only its first
                Arguments.of("iofd", "MayStart(p) == p.seq = 0 \\/", "MayStart(p) == TRUE \\/"),
                // seed 000, IV-B: a message that took the escape lane does not keep to it
                Arguments.of("escape-vl", "IF Follow /\\ lane # 0 /\\ escapeAt[Msg(p)] = at",
                        "IF FALSE /\\ lane # 0 /\\ escapeAt[Msg(p)] = at"),
                // seed 000, IV-A/B ("none twice"): the destination keeps a message's first packet the first time
                // it delivers it, so the packet is delivered again (status, one value per packet, does not
                // change; the record of every Deliver step does)
                Arguments.of("escape-vl", "    /\\ buffers' = [buffers EXCEPT ![b] = Tail(@)]",
                        "    /\\ buffers' = IF SeqNo(p) = 0 /\\ status[p] # 2 THEN buffers "
                                + "ELSE [buffers EXCEPT ![b] = Tail(@)]"),
                // seed 000, III-C: the ACKs carry the n of the state the receiver left, not the one entered
                Arguments.of("dasr", "THEN Advertised(next, auss, TenantOf(s)) ELSE 0",
                        "THEN Advertised(mode, auss, TenantOf(s)) ELSE 0"),
                // seed 000, III-C: marks below line rate are never sent back ("the receiver allows ECN marks,
                // which trigger DCQCN at the senders"): FollowsCongestion (with the history of observations)
                // refuses the first such window end; before it the service held this mutant (2,410 states)
                Arguments.of("dasr", ECN_ECHO, "/\\ ecnEcho' = FALSE"),
                // seed 000, III-C: never ReceiverCongestion, Dart as plain DCQCN ("This condition triggers DSR"
                // at line rate with marks); the service held it before (1,566 states)
                Arguments.of("dasr", "ELSE IF o[2] THEN \"ReceiverCongestion\" ELSE \"NonReceiverCongestion\"",
                        "ELSE \"NonReceiverCongestion\""),
                // seed 000, III-A: "All flows begin at the full line rate"; the service's LineRateStart
                Arguments.of("dasr", LINE_RATE_START, LINE_RATE_START_PLANT),
                // seed 000, III-B: "The rate throttling at the sender is staggered by the time required for the
                // receiver's ACK (with the piggy-backed n value) to reach the sender": senders that apply the n the
                // window end sends, before its ACK reaches them, break the service's Staggered
                Arguments.of("dasr", "ELSE IF ack[s] # 0 THEN Applies(applied[s], ack[s]) ELSE applied[s]]",
                        "ELSE IF ~idle(s) /\\ receives(s) THEN Advertised(next, auss, TenantOf(s)) ELSE applied[s]]"));
    }

    /**
     * seed 000, III-A/B: DASR "specifies the appropriate sending rate in one RTT"; a receiver whose window ends
     * send no n (every ACK carries 0) keeps every safety promise of the service (800 states before the
     * history), and breaks its liveness promise Served under MCLiveRefinement's fairness (windows keep ending):
     * an active sender is never sent its share. The unmutated twin keeps it ({@code refines-dart-small-live}).
     */
    @org.junit.jupiter.api.Test
    void aReceiverThatNeverSendsNBreaksServed(@TempDir Path dir) throws IOException {
        breaksItsService("dasr", "/\\ ack' = [s \\in Senders |-> IF ~idle(s) /\\ receives(s) "
                        + "THEN Advertised(next, auss, TenantOf(s)) ELSE 0]", "/\\ ack' = [s \\in Senders |-> 0]",
                Map.of(), "MCLiveRefinement", "LiveRefinement", dir);
    }

    @ParameterizedTest(name = "{0}: Refinement fails when \"{1}\" becomes \"{2}\"")
    @MethodSource("serviceMutations")
    void mutatedTwinBreaksItsService(String spec, String line, String mutant, @TempDir Path dir) throws IOException {
        breaksItsService(spec, line, mutant, Map.of(), dir);
    }

    /**
     * seed 000, III-E: a tenant's senders are granted n = their own tenant's |AUSS|. A twin whose count
     * takes every tenant's senders breaks the service's Granted at two senders in each of two tenants
     * (the manifest's refines-dart-tenant-sharing constants; with one tenant the mutant is the twin).
     */
    @org.junit.jupiter.api.Test
    void receiverWideCountBreaksThePerTenantGrant(@TempDir Path dir) throws IOException {
        breaksItsService("dasr", "ELSE Cardinality({s \\in TenantSenders(t) : a[s] > 0})",
                "ELSE Cardinality({s \\in Senders : a[s] > 0})",
                Map.of("SendersPerTenant", "2", "Tenants", "2", "Messages", "1", "Groups", "0"), dir);
    }

    /**
     * seed 003, III-B ("never twice"): the receiver keeps the completion the first time it completes a data ID,
     * so it reorders the chunk again and hands the same bytes over a second time under the same data ID. The
     * twin's delivered set does not change; MCRefinement's history (the hand-over of a buffer the application
     * already held, judged before the step) does, and the service refuses it. One chunk per transfer (Size 2,
     * Chunk 2), so the kept chunk completes the freed buffer again; one data ID. Before the history TLC held
     * Refinement on this mutant (377 states); the twin's NoChunkDuplicated sees the kept copy as a state.
     */
    @org.junit.jupiter.api.Test
    void aTransferHandedOverTwiceUnderOneDataIdBreaksTheService(@TempDir Path dir) throws IOException {
        breaksItsService("partition", "       IN /\\ completions' = [completions EXCEPT ![q] = Tail(@)]",
                "       IN /\\ completions' = IF total >= m.totalSize /\\ [dataId |-> s, data |-> new] \\notin delivered "
                        + "THEN completions ELSE [completions EXCEPT ![q] = Tail(@)]",
                Map.of("Size", "2", "Chunk", "2", "Ids", "1"), dir);
    }

    /**
     * The timed twin's liveness, which its safety properties do not see: at Go-Back-N's defaults an ACK
     * timeout that does not go back to UNA leaves the sender waiting for ACKs of packets nobody resends
     * (the untimed twin's FairRefinement catches the same deletion); with the RTO off (timeout=0), Improved
     * relies on the NAK path alone, and a NAK that releases like an ACK but does not go back leaves Check-EPSN
     * NAKing a lost packet once per NAK interval for ever (no deadlock: a livelock). TLC must report
     * {@code FairRefinement} violated; the unmutated twin refines the service in both configurations
     * ({@code refines-gbn}, {@code refines-improved-no-rto}). seed 002, II-A (go-back on NAK and timeout).
     */
    @ParameterizedTest(name = "gbn-timed: FairRefinement fails at {3} when \"{0}\" becomes \"{1}\"")
    @MethodSource("livenessMutations")
    void mutatedTimedTwinBreaksTheServicesLiveness(String line, String mutant, Map<String, String> constants,
                                                   String at, @TempDir Path dir) throws IOException {
        breaksItsService("gbn-timed", line, mutant, constants, "FairRefinement", dir);
    }

    static Stream<Arguments> livenessMutations() {
        return Stream.of(
                // seed 002, II-A: the ACK timeout resends from the oldest unacknowledged packet; the plant resends
                // nothing
                Arguments.of("/\\ next' = una /\\ rto' = -1", "/\\ next' = next /\\ rto' = -1",
                        Map.of("Variant", "\"gbn\""), "variant gbn"),
                // seed 002, II-A: a NAK(n) makes the sender go back to n; the plant lets the retransmission go
                Arguments.of("ELSE IF GoBackZero THEN MessageStart(as) ELSE as", "ELSE Max(next, una2)",
                        Map.of("Timeout", "0"), "variant improved, timeout=0"));
    }

    private static void breaksItsService(String spec, String line, String mutant, Map<String, String> constants,
                                         Path dir) throws IOException {
        breaksItsService(spec, line, mutant, constants, "Refinement", dir);
    }

    private static void breaksItsService(String spec, String line, String mutant, Map<String, String> constants,
                                         String property, Path dir) throws IOException {
        breaksItsService(spec, line, mutant, constants, "MCRefinement", property, dir);
    }

    private static void breaksItsService(String spec, String line, String mutant, Map<String, String> constants,
                                         String module, String property, Path dir) throws IOException {
        Path folder = ManifestConformanceTest.specsRoot().resolve(spec);
        String text = Files.readString(folder.resolve("Spec.tla"));
        assertEquals(1, occurrences(text, line), () -> spec + "/Spec.tla no longer says exactly once: " + line);
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".tla")).toList()) {
                // a service module linked from another folder is copied as its text
                Files.writeString(dir.resolve(f.getFileName().toString()), Files.readString(f));
            }
        }
        Files.writeString(dir.resolve("Spec.tla"), text.replace(line, mutant));
        Files.copy(folder.resolve(module + ".cfg"), dir.resolve(module + ".cfg"));
        TlcReport r = TLC.check(TlcRequest.of(dir.resolve(module + ".tla"), dir.resolve(module + ".cfg"))
                .withConstants(constants).withInvariants(List.of()).withProperties(List.of(property))
                .withCheckDeadlock(false));
        assertInstanceOf(CheckResult.Violated.class, r.result(property), r::detail);
        assertNotEquals(0, r.stats().distinctStates());
    }

    @ParameterizedTest(name = "{0}: {1} fails when \"{2}\" becomes \"{3}\"")
    @MethodSource("mutations")
    void mutatedSpecViolatesTheProperty(String spec, String property, String line, String mutant,
                                        @TempDir Path dir) throws IOException {
        Path folder = ManifestConformanceTest.specsRoot().resolve(spec);
        String text = Files.readString(folder.resolve("Spec.tla"));
        assertEquals(1, occurrences(text, line), () -> spec + "/Spec.tla no longer says exactly once: " + line);
        Files.writeString(dir.resolve("Spec.tla"), text.replace(line, mutant));
        Files.copy(folder.resolve("MCSpec.tla"), dir.resolve("MCSpec.tla"));
        Files.copy(folder.resolve("MCSpec.cfg"), dir.resolve("MCSpec.cfg"));
        TlcReport r = TLC.check(TlcRequest.of(dir.resolve("MCSpec.tla"), dir.resolve("MCSpec.cfg"))
                .withInvariants(List.of()).withProperties(List.of(property)).withCheckDeadlock(false));
        assertInstanceOf(CheckResult.Violated.class, r.result(property), r::detail);
        assertNotEquals(0, r.stats().distinctStates());
    }

    /**
     * seed 004, 4: the two MTU of hysteresis are there against pause flapping. A fabric twin whose buffer
     * pauses its upstream one packet early (at Xoff - 1) keeps ResumeAtXon and LosslessBuffers' bound, but
     * no longer takes PfcHysteresis packets between a RESUME and the next PAUSE: NoPauseFlapping fails, on
     * MCSpec's constants with pfc-hysteresis 2 (resume at 1) and no failure.
     */
    @org.junit.jupiter.api.Test
    void anEarlyPauseFlaps(@TempDir Path dir) throws IOException {
        plantFabric(dir, "IF n >= Xoff THEN TRUE", "IF n >= Xoff - 1 THEN TRUE", "MCSpec.tla", "MCSpec.cfg");
        TlcReport r = TLC.check(TlcRequest.of(dir.resolve("MCSpec.tla"), dir.resolve("MCSpec.cfg"))
                .withConstants(Map.of("PfcHysteresis", "2", "Failures", "0")).withInvariants(List.of())
                .withProperties(List.of("NoPauseFlapping")).withCheckDeadlock(false));
        assertInstanceOf(CheckResult.Violated.class, r.result("NoPauseFlapping"), r::detail);
    }

    /**
     * seed 004, 4: "The switch sends RESUME message when the queue falls below t_PFC by two MTU". A fabric
     * twin whose paused buffer never resumes keeps every safety property (NoPauseFlapping and ResumeAtXon
     * included: it pauses at Xoff and never sends a RESUME to judge); EventuallyDelivered under the twin's
     * fairness fails, with a lasso, at one 3-packet message, pfc-hysteresis 2 and no failure (the row of
     * LivenessConformanceTest that holds unplanted, 2,151 states in both).
     */
    @org.junit.jupiter.api.Test
    void aPauseNeverReleasedStallsDelivery(@TempDir Path dir) throws IOException {
        plantFabric(dir, "IF n >= Xoff THEN TRUE ELSE IF n <= Xon THEN FALSE ELSE was",
                "IF n >= Xoff THEN TRUE ELSE was", "MCLiveness.tla", "MCLiveness.cfg", "MCSpec.tla");
        TlcReport r = TLC.check(TlcRequest.of(dir.resolve("MCLiveness.tla"), dir.resolve("MCLiveness.cfg"))
                .withConstants(Map.of("PfcHysteresis", "2", "Failures", "0", "Packets", "3")).withInvariants(List.of())
                .withProperties(List.of("EventuallyDelivered")).withCheckDeadlock(false));
        assertInstanceOf(CheckResult.Violated.class, r.result("EventuallyDelivered"), r::detail);
    }

    /**
     * Writes into {@code dir} the fabric twin's Spec.tla with one line planted, and copies the model-checking
     * modules named; the line must stand exactly once, so a changed twin is noticed, not silently unplanted.
     */
    private static void plantFabric(Path dir, String line, String planted, String... copied) throws IOException {
        Path folder = ManifestConformanceTest.specsRoot().resolve("fabric");
        String text = Files.readString(folder.resolve("Spec.tla"));
        assertEquals(1, occurrences(text, line), () -> "fabric/Spec.tla no longer says exactly once: " + line);
        Files.writeString(dir.resolve("Spec.tla"), text.replace(line, planted));
        for (String f : copied) {
            Files.copy(folder.resolve(f), dir.resolve(f));
        }
    }

    private static int occurrences(String text, String s) {
        int n = 0;
        for (int i = text.indexOf(s); i >= 0; i = text.indexOf(s, i + 1)) {
            n++;
        }
        return n;
    }
}
