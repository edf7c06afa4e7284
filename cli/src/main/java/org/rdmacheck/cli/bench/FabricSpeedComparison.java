package org.rdmacheck.cli.bench;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * {@link FabricSpeedBenchmark}'s cases run by two builds in one JVM: this build's jar and another
 * (e.g. main's before a change), each in a class loader of its own, their rounds alternating and
 * the order within a pair swapped every pair, so that both meet the same load. Per pair it prints
 * the exploring thread's CPU time of each (the explorer's own measure) and their ratio; it ends
 * with the medians and how many pairs the new build won. Counts must be equal in every round of
 * both builds (it fails otherwise). On a shared machine these ratios, not the rates, are the figures
 * to compare.
 *
 * <p>The other build is driven through the public API both share (the catalog, the check spec, the
 * explorer), so any build since the network model's layout can be the other one:
 * <pre>java -Xmx3g -XX:+UseParallelGC -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.bench.FabricSpeedComparison OTHER.jar [PAIRS [exploration|check [fabric|iofd]]]</pre>
 */
public final class FabricSpeedComparison {

    private FabricSpeedComparison() {
    }

    /**
     * @param args the other build's jar, then optionally the number of pairs (default 6), {@code
     *             exploration} (default) or {@code check}, and the case ({@code fabric} by default, or
     *             {@code iofd})
     * @throws Exception if a build cannot be loaded or driven
     */
    public static void main(String[] args) throws Exception {
        String usage = "; expected OTHER.jar [PAIRS [exploration|check [fabric|iofd]]]";
        String bad = args.length < 1 ? "the other build's jar: missing"
                : !Files.isRegularFile(Path.of(args[0])) ? "the other build's jar: " + args[0] + " is no file"
                : args.length > 1 && !args[1].matches("[1-9][0-9]{0,3}") ? "PAIRS " + args[1] + ": not a count 1-9999"
                : args.length > 2 && !List.of("exploration", "check").contains(args[2]) ? "what " + args[2] + ": unknown"
                : args.length > 3 && !List.of("fabric", "iofd").contains(args[3]) ? "case " + args[3] + ": unknown"
                : null;
        if (bad != null) {
            System.err.println(bad + usage);
            System.exit(2);
        }
        int pairs = args.length > 1 ? Integer.parseInt(args[1]) : 6;
        boolean check = args.length > 2 && args[2].equals("check");
        String which = args.length > 3 ? args[3] : "fabric";
        URL self = FabricSpeedComparison.class.getProtectionDomain().getCodeSource().getLocation();
        Build now = new Build("new", self, which, check);
        Build other = new Build("old", Path.of(args[0]).toUri().toURL(), which, check);
        System.out.printf(Locale.ROOT, "%s, %s, one thread; load average %s%n", which,
                check ? "check" : "exploration alone", ScalingBenchmark.loadAverage());
        List<Double> ratios = new ArrayList<>();
        List<Double> olds = new ArrayList<>();
        List<Double> news = new ArrayList<>();
        int won = 0;
        for (int pair = 0; pair <= pairs; pair++) { // pair 0 warms both up and is left out
            long a;
            long b;
            if (pair % 2 == 0) {
                b = other.round();
                a = now.round();
            } else {
                a = now.round();
                b = other.round();
            }
            System.out.printf(Locale.ROOT, "pair %d  old %.3f s  new %.3f s  new/old %.3f  load average %s%n", pair,
                    b / 1e9, a / 1e9, (double) a / b, ScalingBenchmark.loadAverage());
            if (pair > 0) {
                ratios.add((double) a / b);
                olds.add(b / 1e9);
                news.add(a / 1e9);
                won += a < b ? 1 : 0;
            }
        }
        System.out.printf(Locale.ROOT, "pairs 1-%d: median thread CPU old %.3f s, new %.3f s; median new/old %.3f; "
                + "new faster in %d of %d%n", pairs, median(olds), median(news), median(ratios), won, pairs);
    }

    private static double median(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        Collections.sort(s);
        return s.get(s.size() / 2);
    }

    /** One build in a class loader of its own, with its check spec built once. */
    private static final class Build {
        private final Object spec;
        private final Object explorer;
        private final Method run;
        private final long states;
        private final long transitions;
        private final String name;

        Build(String name, URL jar, String which, boolean check) throws Exception {
            this.name = name;
            ClassLoader cl = new URLClassLoader(new URL[] {jar}, ClassLoader.getPlatformClassLoader());
            Class<?> params = cl.loadClass("org.rdmacheck.model.Params");
            Class<?> catalog = cl.loadClass("org.rdmacheck.properties.catalog.Catalog");
            List<String> p = which.equals("iofd") ? List.of("topology=fattree:k=4", "flows=0-15,5-10L")
                    : List.of("flows=0-1,1-0", "packets=3", "tokens=3", "failures=0", "xoff=3", "background=1");
            states = which.equals("iofd") ? 1_014_756 : 433_073;
            transitions = which.equals("iofd") ? 4_696_579 : 1_591_672;
            Object entry = catalog.getMethod("find", String.class).invoke(null, which.equals("iofd") ? "iofd" : "fabric");
            Object parsed = params.getMethod("parse", Iterable.class).invoke(null, p);
            Object s = method(entry.getClass(), "build", 2).invoke(entry, which.equals("iofd") ? "dft" : "repaired",
                    parsed);
            s = s.getClass().getMethod("withoutProgress").invoke(s);
            if (!check) {
                Predicate<Object> none = x -> false;
                s = s.getClass().getMethod("selecting", Predicate.class).invoke(s, none);
            }
            spec = s;
            Class<?> settings = cl.loadClass("org.rdmacheck.engine.ExplorerSettings");
            Object set = settings.getMethod("defaults").invoke(null);
            set = settings.getMethod("withThreads", int.class).invoke(set, 1);
            Consumer<Object> quiet = r -> { };
            set = settings.getMethod("withProgress", long.class, Consumer.class).invoke(set, 0L, quiet);
            Class<?> explorerClass = cl.loadClass("org.rdmacheck.engine.Explorer");
            explorer = explorerClass.getConstructor(settings).newInstance(set);
            run = method(explorerClass, "check", 1);
        }

        /** @return the exploring threads' CPU time of one run, in nanoseconds */
        long round() throws Exception {
            Object r = run.invoke(explorer, spec);
            Object stats = r.getClass().getMethod("stats").invoke(r);
            long n = (long) stats.getClass().getMethod("distinctStates").invoke(stats);
            long t = (long) stats.getClass().getMethod("transitions").invoke(stats);
            if (n != states || t != transitions) {
                throw new IllegalStateException(name + ": " + n + " states, " + t + " transitions; expected "
                        + states + " and " + transitions);
            }
            Object tm = r.getClass().getMethod("timing").invoke(r);
            long serial = (long) tm.getClass().getMethod("serialNanos").invoke(tm);
            long parallel = (long) tm.getClass().getMethod("parallelNanos").invoke(tm);
            return serial + parallel;
        }

        private static Method method(Class<?> c, String name, int arity) {
            for (Method m : c.getMethods()) {
                if (m.getName().equals(name) && m.getParameterCount() == arity) {
                    m.setAccessible(true);
                    return m;
                }
            }
            throw new IllegalStateException("no method " + name + "/" + arity + " in " + c.getName());
        }
    }
}
