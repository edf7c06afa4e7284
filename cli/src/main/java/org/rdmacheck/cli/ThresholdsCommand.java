package org.rdmacheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.thresholds.ConfigCheck;
import org.rdmacheck.checker.thresholds.DartSettings;
import org.rdmacheck.checker.thresholds.DerivationVerdict;
import org.rdmacheck.checker.thresholds.SwitchSpec;
import org.rdmacheck.checker.thresholds.SwitchSpecs;
import org.rdmacheck.checker.thresholds.ThresholdAnalysis;
import org.rdmacheck.checker.thresholds.ThresholdConfig;
import org.rdmacheck.checker.thresholds.ThresholdReport;
import org.rdmacheck.checker.thresholds.ThresholdSolver;
import org.rdmacheck.checker.thresholds.Units;
import org.rdmacheck.checker.thresholds.WorkedExample;
import org.rdmacheck.checker.thresholds.sonic.SonicCheck;
import org.rdmacheck.checker.thresholds.sonic.SonicConfigReader;
import org.rdmacheck.checker.thresholds.sonic.SonicReport;
import org.rdmacheck.checker.thresholds.sonic.SpectrumAsic;
import org.rdmacheck.checker.thresholds.sonic.ThresholdGroup;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.model.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rdmacheck thresholds}: safe PFC/ECN buffer thresholds for a shared-buffer switch (seed 004
 * §4), and the check of a configuration with a stored witness when it is unsafe.
 */
@Command(name = "thresholds", footerHeading = "%nExamples:%n", footer = {"  rdmacheck thresholds --switch arista-7050qx32", "  rdmacheck thresholds --buffer 12MB --ports 32 --speed 40G --cable 100m"},
        mixinStandardHelpOptions = true, description = "Derives safe PFC/ECN thresholds for a shared-buffer switch (seed 004 "
        + "§4) with Choco, or checks a configuration and stores a witness when PFC can fire before ECN. "
        + "Sizes: 12MB, 22.4KB, 1500 (decimal KB/MB; KiB/MiB binary). Exit 0 safe or derived, 1 unsafe or "
        + "infeasible (no static or dynamic t_ECN of one MTU fires before PFC), 2 bad input, 3 solver timed out.")
final class ThresholdsCommand implements Callable<Integer> {

    /** Options that describe a switch (read with --switch, or --buffer and --ports). */
    private static final List<String> SWITCH_OPTIONS = List.of("--name", "--priorities", "--mtu", "--speed", "--cable",
            "--ns-per-metre", "--response-quanta", "--interface-delay-bits", "--t-flight", "--betas", "--beta-divisor");
    /** Options that describe a configuration to check on a switch. */
    private static final List<String> CONFIG_OPTIONS = List.of("--check", "--mode", "--t-pfc", "--beta", "--t-ecn",
            "--k-max", "--deflection", "--config-name");
    /** The configuration options --dart reads: it derives t_PFC (or β) per mode and names its configurations. */
    private static final List<String> DART_OPTIONS = List.of("--t-ecn", "--k-max", "--deflection");
    private static final String SWITCH_EXPECTED = "expected with a switch (--switch NAME|FILE, or --buffer and --ports)";

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--switch", paramLabel = "NAME|FILE", description = "a preset (arista-7050qx32, "
            + "arista-7050qx32-link, dart-vi-a-per-port, dart-vi-a-per-switch) or a JSON file; flags override it")
    String switchFile;

    @Option(names = "--sonic", paramLabel = "CONFIG_DB.json", description = "check the buffer sections of a SONiC "
            + "config_db.json (subset read: examples/sonic/README.md): headroom per port and lossless priority, "
            + "ECN before PFC with Choco, Dart's deflection < ECN with --deflection")
    Path sonic;
    @Option(names = "--asic", description = "with --sonic: the ASIC whose cell size and delays SONiC's headroom "
            + "calculation uses: spectrum-1, spectrum-2, spectrum-3 (default: ${DEFAULT-VALUE})",
            defaultValue = "spectrum-2")
    String asic;
    @Option(names = "--gearbox-delay", paramLabel = "NS", description = "with --sonic: the gearbox delay SONiC's "
            + "headroom calculation adds (as PERIPHERAL_TABLE gearbox_delay, e.g. 9.765); replaces the file's "
            + "PERIPHERAL_TABLE (default: the file's, else 0)")
    String gearboxDelay;

    @Option(names = "--name", description = "switch label") String name;
    @Option(names = "--buffer", description = "shared buffer B, e.g. 12MB") String buffer;
    @Option(names = "--ports", description = "ports n") String ports;
    @Option(names = "--priorities", description = "lossless priorities, 1..8 (default 8)") String priorities;
    @Option(names = "--mtu", description = "largest frame (default 1500)") String mtu;
    @Option(names = "--speed", description = "port speed, e.g. 40G") String speed;
    @Option(names = "--cable", description = "cable length, e.g. 100m") String cable;
    @Option(names = "--ns-per-metre", description = "cable delay (default 5)") String nsPerMetre;
    @Option(names = "--response-quanta", description = "PFC response time in pause quanta (default: by speed)")
    String responseQuanta;
    @Option(names = "--interface-delay-bits", description = "interface delay in bit times (default: by speed)")
    String interfaceDelayBits;
    @Option(names = "--t-flight", description = "headroom per port per priority, given directly") String tFlight;
    @Option(names = "--betas", description = "the chip's allowed beta values, e.g. 1/2,1,2,4,8") String betas;
    @Option(names = "--beta-divisor", description = "d in t_PFC = beta(B - p*n*t_flight - s)/d (default 8)")
    String betaDivisor;

    @Option(names = "--check", paramLabel = "CONFIG", description = "JSON configuration to check "
            + "(mode, tPfc or beta, tEcn, kMax, deflection); flags below override it")
    Path check;
    @Option(names = "--mode", description = "static or dynamic") String mode;
    @Option(names = "--t-pfc", description = "static t_PFC") String tPfc;
    @Option(names = "--beta", description = "dynamic beta") String beta;
    @Option(names = "--t-ecn", description = "t_ECN (= K_min); with --dart: in place of its 22.5 KB") String tEcn;
    @Option(names = "--k-max", description = "DCQCN K_max (also with --dart)") String kMax;
    @Option(names = "--deflection", description = "Dart deflection threshold (with a switch, --sonic, or --dart in "
            + "place of its 15 KB)") String deflection;
    @Option(names = "--config-name", description = "configuration label (names the witness file)") String configName;

    @Option(names = "--worked-example", description = "seed 004 §4's worked example: paper figures vs formulas")
    boolean workedExample;
    @Option(names = "--dart", description = "check Dart's settings (seed 000 §VI-A)")
    boolean dart;
    @Option(names = "--time-limit", description = "solver time limit per solve (default: ${DEFAULT-VALUE})",
            defaultValue = "60s")
    String timeLimit;
    @Mixin
    TraceOutput traces = new TraceOutput();
    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Override
    public Integer call() throws IOException {
        sonicOnly();
        refuseUnused();
        Path dir = traces.folder().orElse(null);
        ThresholdAnalysis analysis = new ThresholdAnalysis(new ThresholdSolver(
                Durations.parseMillis("--time-limit", timeLimit)));
        if (sonic != null) {
            return sonic(analysis, dir);
        }
        List<ThresholdReport> reports = new ArrayList<>();
        if (switchFile != null || buffer != null || ports != null) {
            SwitchSpec sw = SwitchSpecs.parse(switchValues(), switchFile == null ? "flags" : switchFile);
            reports.add(configValues(sw).map(config -> analysis.check(sw, config)).orElseGet(() -> analysis.derive(sw)));
        } else if (!workedExample && !dart) {
            throw new InputException("give --switch FILE, or --buffer and --ports, or --worked-example, or --dart");
        }
        if (dart) {
            reports.addAll(DartSettings.check(analysis, dartThresholds()));
        }
        List<String> saved = ThresholdWitnessFiles.save(reports, dir);
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            w.println(ThresholdText.json(workedExample ? WorkedExample.figures() : List.of(), reports, saved));
        } else {
            if (workedExample) {
                w.print(ThresholdText.workedExample(WorkedExample.figures()));
            }
            ThresholdReport previous = null;
            for (ThresholdReport r : reports) {
                w.print(ThresholdText.report(r, previous == null || !previous.sw().equals(r.sw())));
                previous = r;
            }
            saved.forEach(f -> w.println("witness stored: " + f));
        }
        w.flush();
        return exitCode(reports);
    }

    private void sonicOnly() {
        if (sonic == null && (gearboxDelay != null || spec.commandLine().getParseResult().hasMatchedOption("--asic"))) {
            throw new InputException((gearboxDelay != null ? "--gearbox-delay " + gearboxDelay : "--asic " + asic)
                    + ": expected with --sonic CONFIG_DB.json");
        }
    }

    /**
     * Refuses an option that the modes chosen would not read (the switch's and configuration's options
     * without a switch; with --dart only its thresholds, and those not beside a switch, where they
     * would describe both).
     */
    private void refuseUnused() {
        picocli.CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        if (sonic != null) {
            UnusedOptions.refuse(parsed, SWITCH_OPTIONS, "not used by --sonic (the switch is the file's)",
                    "expected with --switch or --buffer and --ports, not --sonic");
            UnusedOptions.refuse(parsed, CONFIG_OPTIONS.stream().filter(o -> !o.equals("--deflection")).toList(),
                    "not used by --sonic (the thresholds are the file's; --deflection is read)", SWITCH_EXPECTED);
            return;
        }
        boolean switchGiven = switchFile != null || buffer != null || ports != null;
        if (switchGiven && dart) {
            UnusedOptions.refuse(parsed, DART_OPTIONS, "ambiguous beside both a switch and --dart (it would set "
                    + "the switch's configuration and Dart's)", "expected a switch or --dart, not both");
        }
        if (switchGiven || !dart && !workedExample) {
            return; // with neither, call() asks for a mode
        }
        if (!dart) {
            UnusedOptions.refuse(parsed, List.of("--time-limit"), "not used by --worked-example (it runs no solver)",
                    "expected with a switch or --dart");
        }
        String mode = dart ? "--dart" : "--worked-example";
        UnusedOptions.refuse(parsed, SWITCH_OPTIONS, "not used by " + mode + " (it reads no switch)", SWITCH_EXPECTED);
        UnusedOptions.refuse(parsed, CONFIG_OPTIONS.stream().filter(o -> !dart || !DART_OPTIONS.contains(o)).toList(),
                dart ? "not used by --dart (it derives t_PFC or beta per PFC mode from the largest safe one; "
                        + "it reads --t-ecn, --deflection and --k-max)"
                        : "not used by --worked-example (seed 004's own figures)", SWITCH_EXPECTED);
    }

    /** @return Dart's thresholds (seed 000 §VI-A), each replaced by --t-ecn, --deflection or --k-max if given */
    private DartSettings.Thresholds dartThresholds() {
        DartSettings.Thresholds paper = DartSettings.PAPER;
        return new DartSettings.Thresholds(
                tEcn == null ? paper.ecnBytes() : positiveBytes("--t-ecn", tEcn),
                deflection == null ? paper.deflectionBytes() : positiveBytes("--deflection", deflection),
                kMax == null ? paper.kMaxBytes() : positiveBytes("--k-max", kMax));
    }

    private static long positiveBytes(String name, String value) {
        return Units.positive(name, value, Units.bytes(name, value));
    }

    private int sonic(ThresholdAnalysis analysis, Path dir) throws IOException {
        if (switchFile != null || buffer != null || ports != null || check != null || workedExample || dart) {
            throw new InputException("--sonic " + sonic + ": expected alone (not with --switch, --buffer, --ports, "
                    + "--check, --worked-example or --dart)");
        }
        SpectrumAsic chip = SpectrumAsic.parse(asic);
        long defl = deflection == null ? 0 : positiveBytes("--deflection", deflection);
        Optional<BigDecimal> gearbox = gearboxDelay == null ? Optional.empty()
                : Optional.of(SonicConfigReader.gearboxDelay("--gearbox-delay", gearboxDelay));
        SonicReport r = new SonicCheck(analysis, chip, defl, gearbox).check(SonicConfigReader.read(sonic));
        List<ThresholdReport> withWitness = r.groups().stream().map(ThresholdGroup::report).toList();
        List<String> saved = new ArrayList<>(ThresholdWitnessFiles.save(withWitness, dir));
        if (dir != null) {
            for (Counterexample cex : r.headroomWitnesses()) {
                saved.add(Counterexamples.write(dir, cex).toString());
            }
        }
        PrintWriter w = spec.commandLine().getOut();
        w.print(json ? SonicText.json(r, saved) + "\n" : SonicText.text(r, saved));
        w.flush();
        return switch (r.verdict()) {
            case SAFE -> ExitCodes.OK;
            case UNSAFE -> ExitCodes.VIOLATED;
            case INCONCLUSIVE -> ExitCodes.INCONCLUSIVE;
        };
    }

    static int exitCode(List<ThresholdReport> reports) {
        int code = ExitCodes.OK;
        for (ThresholdReport r : reports) {
            if (r.check().isPresent() && r.check().get().verdict() == ConfigCheck.Verdict.UNSAFE) {
                return ExitCodes.VIOLATED;
            }
            if (r.check().isPresent() && r.check().get().verdict() == ConfigCheck.Verdict.INCONCLUSIVE) {
                code = ExitCodes.INCONCLUSIVE;
            }
            // a derivation alone is a verdict: no safe setting is a negative answer, one cut short by the
            // solver's time limit derives nothing (beside a check, the derivation is context)
            if (r.check().isEmpty() && r.derivationVerdict() == DerivationVerdict.INFEASIBLE) {
                return ExitCodes.VIOLATED;
            }
            if (r.check().isEmpty() && r.derivationVerdict() == DerivationVerdict.INCONCLUSIVE) {
                code = ExitCodes.INCONCLUSIVE;
            }
        }
        return code;
    }

    private Map<String, String> switchValues() {
        Map<String, String> m = switchFile == null ? new LinkedHashMap<>() : new LinkedHashMap<>(SwitchSpecs.loadMap(switchFile));
        put(m, "name", name);
        put(m, "buffer", buffer);
        put(m, "ports", ports);
        put(m, "priorities", priorities);
        put(m, "mtu", mtu);
        put(m, "speed", speed);
        put(m, "cable", cable);
        put(m, "nsPerMetre", nsPerMetre);
        put(m, "responseQuanta", responseQuanta);
        put(m, "interfaceDelayBits", interfaceDelayBits);
        put(m, "tFlight", tFlight);
        put(m, "betas", betas);
        put(m, "betaDivisor", betaDivisor);
        return m;
    }

    /** @return the thresholds to check, none when only the switch is given (derive them) */
    private java.util.Optional<ThresholdConfig> configValues(SwitchSpec sw) {
        Map<String, String> m = check == null ? new LinkedHashMap<>() : new LinkedHashMap<>(SwitchSpecs.loadConfigMap(check));
        put(m, "mode", mode);
        put(m, "tPfc", tPfc);
        put(m, "beta", beta);
        put(m, "tEcn", tEcn);
        put(m, "kMax", kMax);
        put(m, "deflection", deflection);
        put(m, "name", configName);
        if (m.isEmpty()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(SwitchSpecs.parseConfig(m, sw, check == null ? "flags" : check.toString()));
    }

    private static void put(Map<String, String> m, String key, String value) {
        if (value != null) {
            m.put(key, value);
        }
    }
}
