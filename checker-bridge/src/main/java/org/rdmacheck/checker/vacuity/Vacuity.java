package org.rdmacheck.checker.vacuity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.InputException;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.Antecedent;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Property;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * A proof of "antecedent implies consequent" on a state space where the antecedent is never
 * reached proves nothing: such a property is reported INCONCLUSIVE ({@code VACUOUS}), not
 * VERIFIED. Two ways tell a check that the antecedent was never met. A step or state property that
 * declares its antecedent ({@code ActionProperty.antecedent}, {@code Invariant.antecedent}) records, in its
 * own evaluation, that a step or state met it: nothing is added to the exploration. Otherwise, for a
 * state property, the model entry may name the antecedents ({@code ModelEntry.antecedentsUnreached}); the
 * check explores "the antecedent is not reached" beside the property in the same exploration, and that
 * hidden invariant's own row is dropped: it holding everywhere is the vacuity. {@code check}, {@code knockouts}, {@code conform} and
 * {@code scope} apply it alike, so every place that shows a verdict says what {@code check} says.
 *
 * @param spec   the check as explored, with the hidden invariants
 * @param hidden hidden invariant name to the property it qualifies
 * @param probes property name to the probe its evaluation sets where a step or state meets its antecedent
 */
public record Vacuity(CheckSpec<?> spec, Map<String, String> hidden, Map<String, Antecedent> probes) {

    /** the suffix of a hidden invariant's name */
    public static final String SUFFIX = " (antecedent unreached)";

    /**
     * Clears the probes of the check's step properties (they belong to this exploration from now on).
     *
     * @param spec     a check
     * @param settings its explorer settings: a run that stops at the first violation gets no hidden
     *                 invariants (they are meant to fail); the probes cost it nothing and stay
     * @return the check with the hidden invariants of its catalogued model's antecedents
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static Vacuity of(CheckSpec<?> spec, ExplorerSettings settings) {
        Map<String, Antecedent> probes = new LinkedHashMap<>();
        for (Property<?> p : spec.properties()) {
            java.util.Optional<Antecedent> probe = p instanceof ActionProperty<?> a ? a.antecedent()
                    : p instanceof Invariant<?> i ? i.antecedent() : java.util.Optional.empty();
            probe.ifPresent(x -> {
                x.clear();
                probes.put(p.name(), x);
            });
        }
        if (settings.stopAtFirstViolation() || spec.properties().isEmpty()) {
            return new Vacuity(spec, Map.of(), probes);
        }
        Map<String, Invariant<?>> unreached;
        try {
            unreached = Catalog.find(spec.modelName()).antecedentsUnreached(spec);
        } catch (InputException notCatalogued) {
            return new Vacuity(spec, Map.of(), probes);
        }
        List<Property> props = new ArrayList<>(spec.properties());
        Map<String, String> hidden = new LinkedHashMap<>();
        for (Property<?> p : spec.properties()) {
            Invariant<?> inv = unreached.get(p.name());
            if (inv != null) {
                String name = p.name() + SUFFIX;
                Invariant<?> renamed = new Invariant(name, inv.holds(), inv.packed(), inv.reads());
                props.add(renamed);
                hidden.put(name, p.name());
            }
        }
        if (hidden.isEmpty()) {
            return new Vacuity(spec, Map.of(), probes);
        }
        CheckSpec<?> with = new CheckSpec(spec.modelName(), spec.variant(), spec.parameters(), spec.model(), props,
                spec.expectedViolations());
        return new Vacuity(with, hidden, probes);
    }

    /**
     * @param report the exploration of {@link #spec}
     * @return the report without the hidden rows, each property whose antecedent no reachable state
     *         meets INCONCLUSIVE (VACUOUS) where it was VERIFIED
     */
    public ExplorationReport apply(ExplorationReport report) {
        if (hidden.isEmpty() && probes.isEmpty()) {
            return report;
        }
        Map<String, CheckResult> unreached = new LinkedHashMap<>();
        for (CheckResult r : report.results()) {
            if (hidden.containsKey(r.property())) {
                unreached.put(hidden.get(r.property()), r);
            }
        }
        List<CheckResult> out = new ArrayList<>();
        for (CheckResult r : report.results()) {
            if (hidden.containsKey(r.property())) {
                continue;
            }
            CheckResult u = unreached.get(r.property());
            Antecedent probe = probes.get(r.property());
            if (r instanceof CheckResult.Verified v && u instanceof CheckResult.Verified) {
                out.add(new CheckResult.Inconclusive(r.property(), CheckResult.InconclusiveReason.VACUOUS,
                        "no reachable state meets its antecedent: it holds vacuously", v.stats()));
            } else if (r instanceof CheckResult.Verified v && probe != null && !probe.reached()) {
                String where = spec.properties().stream().anyMatch(p -> p.name().equals(r.property())
                        && p instanceof Invariant<?>) ? "state" : "step";
                out.add(new CheckResult.Inconclusive(r.property(), CheckResult.InconclusiveReason.VACUOUS,
                        "no reachable " + where + " meets its antecedent (" + probe.description() + "): it holds "
                        + "vacuously", v.stats()));
            } else {
                out.add(r);
            }
        }
        return new ExplorationReport(out, report.stats(), report.complete(), report.stopReason(), report.storeBytes(),
                report.levelBytes(), report.graphBytes(), report.graph(), report.timing(), report.reduction(),
                report.symmetryAudit());
    }

    /**
     * @param applied a report {@link #apply} gave
     * @return each property it reports vacuous (INCONCLUSIVE, {@code VACUOUS}), with why, in report order
     */
    public static Map<String, String> vacuous(ExplorationReport applied) {
        Map<String, String> out = new LinkedHashMap<>();
        for (CheckResult r : applied.results()) {
            if (r instanceof CheckResult.Inconclusive i && i.cause() == CheckResult.InconclusiveReason.VACUOUS) {
                out.put(i.property(), i.reason());
            }
        }
        return out;
    }
}
