package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.conformance.SpecManifest;
import org.rdmacheck.checker.tlc.TlcChecker;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.ItfTraces;
import org.rdmacheck.checker.trace.TlaTraceModule;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rdmacheck export FILE --format itf|tla|json}: a trace in the TLA+ ecosystem's formats.
 *
 * <p>Input: a stored counterexample (rdmacheck-trace/1), the JSON result of {@code tlc --json} or
 * {@code check --json} (one finding's counterexample, chosen with {@code --property}), or an ITF trace.
 * Sets: TLC's traces keep them (the JSON result carries each trace's ITF form); for the Java models'
 * counterexamples a top-level field is a set when the model's spec manifest maps it {@code "as": "set"}
 * (its {@code traceMapping}), every other array a sequence.
 */
@Command(name = "export", footerHeading = "%nExamples:%n", footer = {
        "  rdmacheck export counterexamples/fifo/reorder-InOrderDelivery.json --format itf --out out/fifo.itf.json",
        "  rdmacheck export out/fifo.itf.json --format tla --out out/FifoTrace.tla",
        "  rdmacheck export out/fifo.itf.json --format json --out out/fifo.json   (then: rdmacheck replay out/fifo.json)",
        "  rdmacheck tlc specs/fifo --param Reorder=TRUE --json > r.json; rdmacheck export r.json --format itf"},
        description = "Exports a counterexample as an Informal Trace Format trace (ITF: the JSON trace format of "
                + "Apalache and Quint), as a TLA+ module holding the behaviour, or (from ITF) back as rdmacheck JSON.")
final class ExportCommand implements Callable<Integer> {

    /** Output formats. */
    enum Format { itf, tla, json }

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "a counterexample (rdmacheck-trace/1), a JSON result "
            + "of tlc/check --json, or an ITF trace")
    Path file;

    @Option(names = "--format", required = true, paramLabel = "FORMAT", description = "itf, tla (a TLA+ module) or "
            + "json (rdmacheck-trace/1)")
    Format format;

    @Option(names = "--out", paramLabel = "FILE", description = "where to write (default: standard output); for "
            + "tla the module is named after the file")
    Path out;

    @Option(names = "--property", paramLabel = "NAME", description = "in a JSON result with several counterexamples: "
            + "the property whose trace to export")
    String property;

    @Option(names = "--spec", paramLabel = "SPEC_DIR", description = "spec folder whose manifest's traceMapping says "
            + "which fields of a Java model's state are sets (default: specs/MODEL if its manifest names the model)")
    Path specDir;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (out != null) {
            TraceFiles.writableFile("--out", out);
        }
        String module = "Trace";
        if (format == Format.tla && out != null) {
            module = out.getFileName().toString().replaceFirst("\\.tla$", "");
            if (!out.getFileName().toString().endsWith(".tla")) {
                throw new InputException("--out " + out + ": a TLA+ module's file name ends in .tla");
            }
        }
        JsonNode tree = ItfTraces.readJson(file);
        ItfTraces.ItfTrace itf;
        Counterexample cex;
        if (ItfTraces.isItf(tree)) {
            itf = ItfTraces.parse(tree, file.toString());
            cex = ItfTraces.toCounterexample(itf, file.toString());
        } else {
            JsonNode one = tree.isArray() ? fromResult(tree) : tree;
            if (one.has("itf")) {
                itf = ItfTraces.parse(one.get("itf"), file + " (itf)");
                cex = ItfTraces.toCounterexample(itf, file.toString());
            } else {
                cex = tree.isArray() ? fromFinding(one) : Counterexamples.fromJson(one, file.toString());
                if (!cex.kind().isBehaviour()) {
                    throw new InputException(file + ": a " + cex.kind() + " counterexample is no behaviour of a state "
                            + "machine; ITF and TLA+ traces hold behaviours");
                }
                if (!TlcChecker.CHECKER.equals(cex.provenance().checker())) {
                    // a Java model's trace: its model must exist, else nothing says what its fields mean
                    try {
                        org.rdmacheck.properties.catalog.Catalog.find(cex.provenance().model());
                    } catch (InputException e) {
                        throw new InputException(file + ": provenance.model: " + e.getMessage());
                    }
                }
                if (TlcChecker.CHECKER.equals(cex.provenance().checker())) {
                    err.println("export: " + file + ": a stored TLC trace writes sets and sequences alike, so sets "
                            + "become sequences; export the JSON result of tlc --json, or use tlc --itf, to keep them");
                    err.flush();
                }
                itf = ItfTraces.parse(ItfTraces.toItf(cex, setFields(cex)), file.toString());
            }
        }
        String text = switch (format) {
            case itf -> json(ItfTraces.toItf(cex, itf.states()));
            case tla -> TlaTraceModule.render(module, itf, cex);
            case json -> json(Counterexamples.toJson(cex));
        };
        if (out == null) {
            PrintWriter pw = spec.commandLine().getOut();
            pw.print(text);
            pw.flush();
        } else {
            TraceFiles.write(out, text);
            err.println("export: " + format + " written to " + out);
            err.flush();
        }
        return ExitCodes.OK;
    }

    private static String json(JsonNode n) {
        try {
            return TraceJson.MAPPER.writeValueAsString(n) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @return the counterexample object of the chosen finding (with its ITF form if it has one) */
    private JsonNode fromResult(JsonNode findings) {
        List<JsonNode> withTrace = new ArrayList<>();
        for (JsonNode f : findings) {
            if (f.path("counterexample").isObject() && (property == null || property.equals(f.path("property").asText()))) {
                withTrace.add(f);
            }
        }
        if (withTrace.size() != 1) {
            List<String> names = new ArrayList<>();
            findings.forEach(f -> {
                if (f.path("counterexample").isObject()) {
                    names.add(f.path("property").asText());
                }
            });
            throw new InputException(file + ": " + (withTrace.isEmpty() ? "no counterexample" + (property == null ? ""
                    : " for property " + property) : withTrace.size() + " counterexamples") + " in the result; "
                    + (names.isEmpty() ? "nothing to export" : "choose one with --property (of " + names + ")"));
        }
        JsonNode f = withTrace.get(0);
        ObjectNode c = ((ObjectNode) f.get("counterexample")).deepCopy();
        c.set("finding", f);
        return c;
    }

    /** A finding's counterexample (from check --json): provenance from the finding, states as stored. */
    private Counterexample fromFinding(JsonNode c) {
        JsonNode f = c.get("finding");
        boolean java = org.rdmacheck.properties.catalog.Catalog.entries().stream()
                .anyMatch(e -> e.name().equals(f.path("model").asText()));
        return Counterexamples.fromJson(FindingsJson.traceOf(f, c, c.get("trace"),
                java ? "explorer" : TlcChecker.CHECKER, org.rdmacheck.checker.Version.VERSION, ExplorerOptions.home()),
                file.toString());
    }

    /** Top-level fields the model's spec manifest maps as sets. */
    private Set<String> setFields(Counterexample cex) {
        if (TlcChecker.CHECKER.equals(cex.provenance().checker())) {
            return Set.of();
        }
        Path dir = specDir != null ? specDir : ExplorerOptions.home().resolve("specs").resolve(cex.provenance().model());
        if (!Files.isRegularFile(dir.resolve(SpecManifest.FILE))) {
            if (specDir != null) {
                throw new InputException("--spec " + specDir + ": no " + SpecManifest.FILE + " there");
            }
            return Set.of();
        }
        SpecManifest m = SpecManifest.read(dir);
        if (!cex.provenance().model().equals(m.javaModel())) {
            if (specDir != null) {
                throw new InputException("--spec " + specDir + ": its manifest is for the model " + m.javaModel()
                        + ", the trace is of " + cex.provenance().model());
            }
            return Set.of();
        }
        return m.setFields();
    }
}
