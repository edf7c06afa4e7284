package org.rdmacheck.properties.catalog;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * When one configuration contains another: the declared rule by which a model expects a stored
 * finding (a violation found at one configuration) at the configurations above it. A configuration
 * contains another when its list parameter (flows) includes the other's items as a multiset, each
 * "at least" parameter is at least the other's, and every other parameter is equal (a parameter
 * missing on one side counts as the empty value).
 */
public final class Containment {

    private Containment() {
    }

    /**
     * @param config  a configuration's resolved parameters
     * @param finding the finding's resolved parameters
     * @param list    the parameter whose comma-separated items are compared as a multiset
     * @param atLeast integer parameters that may be larger than the finding's
     * @return whether {@code config} contains {@code finding}
     */
    public static boolean contains(Map<String, String> config, Map<String, String> finding, String list,
                                   Set<String> atLeast) {
        Set<String> keys = new TreeSet<>(config.keySet());
        keys.addAll(finding.keySet());
        for (String k : keys) {
            String a = config.getOrDefault(k, "").strip();
            String b = finding.getOrDefault(k, "").strip();
            boolean ok;
            if (k.equals(list)) {
                Map<String, Integer> have = items(a);
                ok = items(b).entrySet().stream().allMatch(e -> have.getOrDefault(e.getKey(), 0) >= e.getValue());
            } else if (atLeast.contains(k)) {
                ok = Integer.parseInt(a) >= Integer.parseInt(b);
            } else {
                ok = a.equals(b);
            }
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param config   a configuration's resolved parameters
     * @param findings the stored findings' names, in the order to try them (smallest first)
     * @param params   a finding's resolved parameters, by its name
     * @param list     the parameter compared as a multiset
     * @param atLeast  integer parameters that may be larger than the finding's
     * @return the first finding {@code config} contains
     */
    public static Optional<String> firstContained(Map<String, String> config, List<String> findings,
                                                  java.util.function.Function<String, Map<String, String>> params,
                                                  String list, Set<String> atLeast) {
        return findings.stream().filter(f -> contains(config, params.apply(f), list, atLeast)).findFirst();
    }

    private static Map<String, Integer> items(String list) {
        Map<String, Integer> m = new TreeMap<>();
        for (String item : list.split(",")) {
            String t = item.replace(" ", "").toUpperCase(java.util.Locale.ROOT);
            if (!t.isEmpty()) {
                m.merge(t, 1, Integer::sum);
            }
        }
        return m;
    }
}
