package org.rdmacheck.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.rdmacheck.checker.conformance.Conformance;
import org.rdmacheck.checker.conformance.ConformanceResult;
import org.rdmacheck.checker.conformance.SpecManifest;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rdmacheck conform MODEL}: the explorer and TLC must agree on state counts and verdicts. */
@Command(name = "conform", footerHeading = "%nExamples:%n", footer = {"  rdmacheck conform gbn", "  rdmacheck conform philosophers --param n=3 --json"},
        description = "Runs the Java explorer and TLC on the same constants (via the spec's "
        + "manifest.json) and compares distinct-state counts and verdicts per property; exit 1 on a mismatch. A variant "
        + "or parameter value the spec has no constant for is refused (exit 2), never compared against the spec's "
        + "defaults.")
final class ConformCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "MODEL", description = "catalogue name of the Java model, or a spec folder "
            + "name under specs/")
    String model;

    @Option(names = "--variant", description = "Java variant (default: every variant the manifest configures)")
    String variant;

    @Option(names = "--param", paramLabel = "KEY=VALUE", description = "Java parameter; without any, the manifest's "
            + "configurations are run and checked against their expected results (repeatable)")
    List<String> params = new ArrayList<>();

    @Option(names = "--specs", description = "the specs folder (default: specs/ of the rdmacheck checkout)")
    Path specs;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Mixin
    TlcCliOptions tlc = new TlcCliOptions();

    @Mixin
    ExplorerOptions explorer = new ExplorerOptions();

    @Override
    public Integer call() {
        if (explorer.symmetry) {
            throw new InputException("--symmetry: conform takes symmetry reduction from the manifest (a configuration "
                    + "marked symmetry runs both checkers reduced, the others neither); expected it left out");
        }
        SpecManifest m = find(specs != null ? specs : ExplorerOptions.home().resolve("specs"), model);
        Conformance conformance = new Conformance(tlc.options(spec.commandLine().getErr()),
                explorer.settings(spec.commandLine().getErr()));
        List<ConformanceResult> results = new ArrayList<>();
        List<Finding.Tla> sides = new ArrayList<>();
        List<Long> millis = new ArrayList<>();
        List<Finding> refinements = new ArrayList<>();
        if (params.isEmpty() && variant == null) {
            for (SpecManifest.Configuration c : m.configurations()) {
                long t0 = System.currentTimeMillis();
                ConformanceResult r = conformance.check(m, c);
                millis.add(System.currentTimeMillis() - t0);
                results.add(r);
                sides.add(tla(m, c));
                refinements.addAll(refinementRows(m, r, c.expect().violated()).stream()
                        .map(f -> f.withTla(sides.get(sides.size() - 1))).toList());
            }
        } else {
            if (m.javaModel() == null) {
                throw new InputException(m.folder() + ": the manifest names no javaModel to compare with");
            }
            Set<String> variants = new LinkedHashSet<>();
            if (variant != null) {
                variants.add(variant);
            } else {
                m.configurations().stream().filter(c -> c.variant() != null).forEach(c -> variants.add(c.variant()));
            }
            for (String v : variants) {
                Conformance.constants(m, v, Params.parse(params)); // refuse what the spec cannot express first
            }
            for (String v : variants) {
                long t0 = System.currentTimeMillis();
                ConformanceResult r = conformance.compare(m, v, Params.parse(params));
                millis.add(System.currentTimeMillis() - t0);
                results.add(r);
                Finding.Tla side = new Finding.Tla(java.util.Optional.empty(), java.util.Optional.of(
                        new Finding.JavaSide(m.javaModel(), v, org.rdmacheck.properties.catalog.Catalog
                                .find(m.javaModel()).build(v, Params.parse(params)).parameters())));
                sides.add(side);
                refinements.addAll(refinementRows(m, r, List.of()).stream().map(f -> f.withTla(side)).toList());
            }
        }
        List<Finding> rows = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            rows.add(row(results.get(i)).withWallMillis(millis.get(i)).withTla(sides.get(i))); // both checkers' runs
            Finding.Tla side = sides.get(i);
            rows.addAll(vacuityRows(results.get(i)).stream().map(f -> f.withTla(side)).toList());
        }
        rows.addAll(refinements);
        Output.print(spec.commandLine().getOut(), rows, json);
        return ExitCodes.of(rows);
    }

    /**
     * @param m a manifest
     * @param c one of its configurations
     * @return the configuration and the Java variant and parameters it names, for JSON's variant object
     */
    static Finding.Tla tla(SpecManifest m, SpecManifest.Configuration c) {
        return new Finding.Tla(java.util.Optional.of(c.name()), m.javaModel() == null ? java.util.Optional.empty()
                : java.util.Optional.of(new Finding.JavaSide(m.javaModel(), c.variant(), c.parameters())));
    }

    /**
     * @param r a comparison
     * @return its finding: whether the two searches agree (a property both hold vacuously counts as held, as
     *         each search found it; its verdicts are shown {@code VERIFIED (VACUOUS)}, and {@link #vacuityRows}
     *         report it)
     */
    static Finding row(ConformanceResult r) {
        String detail = r.conforms() ? "TLC " + marked(r.tlcVerdicts(), r) + (r.javaDistinct() < 0 ? ""
                : "; explorer " + r.javaDistinct() + " states " + marked(r.javaVerdicts(), r))
                : r.inconclusive() ? "not settled: " + String.join("; ", r.unsettled())
                : String.join("; ", r.mismatches()) + (r.unsettled().isEmpty() ? ""
                        : "; not settled: " + String.join("; ", r.unsettled()));
        if (!r.notCompared().isEmpty()) {
            detail += "; not compared: " + String.join(", ", r.notCompared());
        }
        Finding f = Finding.of(r.spec(), r.configuration(), r.constants(), "conformance", Finding.Expectation.HOLDS,
                r.conforms() ? Finding.Verdict.CONFORMS : r.inconclusive() ? Finding.Verdict.INCONCLUSIVE
                        : Finding.Verdict.MISMATCH)
                .with(Quantity.states("tlcDistinctStates", r.tlcDistinct()));
        if (r.javaDistinct() >= 0) {
            f = f.with(Quantity.states("explorerDistinctStates", r.javaDistinct()));
        }
        // an open comparison names the limit that left it open, as a check's INCONCLUSIVE finding does
        return r.inconclusive() && r.cause().isPresent() ? f.withInconclusive(r.cause().get(), detail)
                : f.withDetail(detail);
    }

    /** @return the verdicts, those of the properties held only vacuously marked {@code VERIFIED (VACUOUS)} */
    private static java.util.Map<String, String> marked(java.util.Map<String, String> verdicts, ConformanceResult r) {
        java.util.Map<String, String> out = new java.util.LinkedHashMap<>(verdicts);
        r.vacuous().forEach(v -> out.computeIfPresent(v.property(), (p, x) -> x.equals("VERIFIED") ? x + " (VACUOUS)"
                : x));
        return out;
    }

    /**
     * One row per property the comparison's two searches both hold only vacuously: INCONCLUSIVE ({@code VACUOUS}),
     * as {@code check} reports it, never read as a proof; as expected where the model declares the vacuity (its
     * constants rule the antecedent out), INCONCLUSIVE otherwise (exit 3), as in {@code check}. The explorer's record
     * of the antecedent decides (no reachable step or state met it); TLC's VERIFIED, on the same state space (equal
     * counts), is as vacuous, and the row says so only when the comparison conforms. Where the twin states the
     * antecedent's witness and the vacuity is declared, TLC decided it on its own too, and the row names the witness
     * (a disagreement is a mismatch of the comparison).
     *
     * @param r a comparison
     * @return its vacuity rows, in the explorer's report order
     */
    static List<Finding> vacuityRows(ConformanceResult r) {
        List<Finding> rows = new ArrayList<>();
        for (ConformanceResult.Vacuous v : r.vacuous()) {
            String tlc = r.tlcVerdicts().get(v.property());
            String sides = "explorer VERIFIED, TLC " + (tlc == null ? "does not check it" : tlc)
                    + (r.conforms() && "VERIFIED".equals(tlc) ? " on the same " + String.format(java.util.Locale.ROOT, "%,d", r.tlcDistinct())
                    + " states" : "");
            Finding f = Finding.of(r.spec(), r.configuration(), r.constants(), v.property(),
                    v.declared() ? Finding.Expectation.VACUOUS : Finding.Expectation.HOLDS, Finding.Verdict.INCONCLUSIVE)
                    .with(Quantity.states("tlcDistinctStates", r.tlcDistinct()))
                    .with(Quantity.states("explorerDistinctStates", r.javaDistinct()));
            rows.add(f.withInconclusive(org.rdmacheck.checker.CheckResult.InconclusiveReason.VACUOUS, sides + ": "
                    + v.why() + v.tlcWitness().map(w -> "; TLC finds it so on its own: " + w + " (the antecedent never "
                    + "met) holds").orElse("")));
        }
        return rows;
    }

    /**
     * The refinement verdicts of one comparison: a row per refinement property TLC checked (the
     * detailed spec, with its refinement mapping, implements the manifest's abstract service). The
     * explorer has no abstract spec, so these are TLC's verdicts alone.
     *
     * @param m        the manifest
     * @param r        a comparison
     * @param violated the properties the manifest expects violated
     * @return one finding per refinement property checked
     */
    static List<Finding> refinementRows(SpecManifest m, ConformanceResult r, List<String> violated) {
        List<Finding> rows = new ArrayList<>();
        String service = m.refinement().map(SpecManifest.Refinement::service).orElse("");
        r.tlcVerdicts().forEach((p, v) -> {
            if (!m.isRefinement(p)) {
                return;
            }
            Finding.Verdict verdict = switch (v) {
                case "VERIFIED" -> Finding.Verdict.VERIFIED;
                case "VIOLATED" -> Finding.Verdict.VIOLATED;
                case "INCONCLUSIVE" -> Finding.Verdict.INCONCLUSIVE;
                default -> Finding.Verdict.FAILED;
            };
            rows.add(Finding.of(r.spec(), r.configuration(), r.constants(), p,
                    violated.contains(p) ? Finding.Expectation.FAILS : Finding.Expectation.HOLDS, verdict)
                    .with(Quantity.states("tlcDistinctStates", r.tlcDistinct()))
                    .withDetail("refinement of " + service + " (TLC)"));
        });
        return rows;
    }

    /**
     * @param specsRoot the specs folder
     * @param name      a Java model name or a spec folder name
     * @return the manifest whose javaModel or folder has that name
     */
    static SpecManifest find(Path specsRoot, String name) {
        List<SpecManifest> all = SpecManifest.all(specsRoot);
        return all.stream().filter(m -> name.equals(m.javaModel())).findFirst()
                .or(() -> all.stream().filter(m -> m.folder().getFileName().toString().equals(name)).findFirst())
                .orElseThrow(() -> new InputException("no spec for '" + name + "' under " + specsRoot
                        + ": expected one of " + all.stream().map(m -> m.javaModel() != null ? m.javaModel()
                        : m.folder().getFileName().toString()).toList()));
    }
}
