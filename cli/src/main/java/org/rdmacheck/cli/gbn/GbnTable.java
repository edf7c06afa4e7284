package org.rdmacheck.cli.gbn;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.explorer.ExplorationReport;
import org.rdmacheck.checker.explorer.Explorer;
import org.rdmacheck.checker.explorer.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.gbn.GbnModel;
import org.rdmacheck.model.gbn.GbnState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.gbn.GbnEntry;
import org.rdmacheck.properties.gbn.GbnProperties;
import org.rdmacheck.properties.gbn.TimeoutCauses;
import org.rdmacheck.properties.gbn.TimeoutPattern;

/**
 * Computes the Go-Back-N timeout table: per variant and duplicate policy, the least loss budget
 * that forces an ACK timeout, the shortest counterexample, and every loss pattern at that budget
 * classified into seed 002's four causes.
 *
 * @param base       parameters other than variant, losses and duplicates (packets, messages, ...)
 * @param maxLosses  the largest budget tried
 * @param settings   explorer settings for the shortest counterexample
 * @param outDir     counterexample root, or null to store nothing
 */
public record GbnTable(Map<String, String> base, int maxLosses, ExplorerSettings settings, Path outDir) {

    /** Variants in table order. */
    public static final List<String> VARIANTS = List.of("gb0", "gbn", "st", "ce", "improved");

    /** @return one row per variant and duplicate policy */
    public List<GbnTableRow> compute() {
        List<GbnTableRow> rows = new ArrayList<>();
        for (String dup : List.of("ack", "ignore")) {
            for (String v : VARIANTS) {
                rows.add(row(v, dup));
            }
        }
        return rows;
    }

    /**
     * @param variant    variant name
     * @param duplicates duplicate policy
     * @return its row
     */
    public GbnTableRow row(String variant, String duplicates) {
        long t0 = System.currentTimeMillis();
        GbnEntry entry = new GbnEntry();
        for (int l = 0; l <= maxLosses; l++) {
            Params p = params(entry, l, duplicates);
            GbnModel model = GbnEntry.model(variant, p);
            List<TimeoutPattern> patterns = TimeoutCauses.analyse(model);
            if (!patterns.isEmpty()) {
                return found(entry, variant, duplicates, l, p, model, patterns, t0);
            }
        }
        return new GbnTableRow(variant, duplicates, -1, -1, System.currentTimeMillis() - t0, 0, null, List.of(),
                Map.of());
    }

    private Params params(GbnEntry entry, int losses, String duplicates) {
        Map<String, String> m = new LinkedHashMap<>(base);
        m.put("losses", Integer.toString(losses));
        m.put("duplicates", duplicates);
        return entry.resolve(Params.of(m));
    }

    private GbnTableRow found(GbnEntry entry, String variant, String dup, int losses, Params p, GbnModel model,
                              List<TimeoutPattern> patterns, long t0) {
        CheckSpec<GbnState> spec = entry.build(variant, p);
        // every property, so that the exploration covers the whole state space at L
        ExplorationReport report = new Explorer(settings.withStopAtFirstViolation(false)).check(spec);
        CheckResult r = report.result(GbnProperties.NO_TIMEOUT);
        if (!(r instanceof CheckResult.Violated v)) {
            throw new IllegalStateException("the cause analysis found a timeout at L=" + losses
                    + " but the explorer says " + r.verdict() + " for " + variant);
        }
        String stem = variant + "-" + dup + "-L" + losses;
        String shortest = save(stem + "-NoTimeout.json", v.counterexample());
        Map<String, Integer> counts = new TreeMap<>();
        Map<String, String> files = new HashMap<>();
        List<GbnTableRow.Pattern> out = new ArrayList<>();
        for (TimeoutPattern tp : patterns) {
            String label = tp.label();
            counts.merge(label, 1, Integer::sum);
            String file = files.computeIfAbsent(label, k -> save("cause-" + stem + "-" + slug(k) + ".json",
                    GbnTraces.counterexample(model, variant, spec.parameters(), tp)));
            out.add(new GbnTableRow.Pattern(tp.losses().toString(), label, tp.isNewCause(), tp.trace().size(),
                    tp.isNewCause() ? steps(tp) : List.of(), file));
        }
        return new GbnTableRow(variant, dup, losses, report.stats().distinctStates(), System.currentTimeMillis() - t0,
                v.counterexample().length(), shortest, out, counts);
    }

    private static List<String> steps(TimeoutPattern tp) {
        List<String> lines = new ArrayList<>();
        for (Transition<GbnState> t : tp.trace()) {
            GbnState s = t.next();
            lines.add(String.format(Locale.ROOT, "%-28s next=%d una=%d epsn=%d nakTimer=%b ceLpsn=%d lastNak=%d data=%s ctrl=%s",
                    t.action(), s.next(), s.una(), s.epsn(), s.nakTimer(), s.ceLpsn(), s.lastNak(), s.data(), s.ctrl()));
        }
        return lines;
    }

    private String save(String name, Counterexample cex) {
        if (outDir == null) {
            return null;
        }
        try {
            return GbnTraces.write(outDir, name, cex).toString();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + name + " under " + outDir, e);
        }
    }

    private static String slug(String label) {
        String s = label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        s = s.replaceAll("^-+|-+$", "");
        return s.length() > 60 ? s.substring(0, 60) : s;
    }
}
