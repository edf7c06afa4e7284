package org.rdmacheck.checker.tlc;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Entry point of a child JVM that runs several TLC jobs one after the other, each exactly as a
 * {@link TlcThenOutline} child of its own would: {@code tlc2.TLC.main} untouched, then (if asked)
 * the spec's outline. TLC keeps static state (its globals, the interned names and variable
 * indexes of the spec it loaded), so each job loads TLC, SANY and the outline code afresh in a
 * class loader of its own, whose statics start as a new JVM's; what the jobs share is the JVM's
 * start and its warmed-up platform classes, about two thirds of a small TLC child's CPU.
 *
 * <p>TLC ends with {@code System.exit}; here the exit of {@code tlc2.TLC.main} itself ends the job
 * ({@link ExitTrap}) and its status is printed after the job's output. An exit from anywhere else
 * in TLC (an I/O error deep in a worker) ends the JVM as it would have ended a child of its own:
 * the jobs not finished then have no end line, and the parent runs them again one child each; so
 * does a job whose {@code main} ended with an exception.
 *
 * <p>Arguments, per job: {@code --job TMPDIR LIBRARY OUTLINE [3 preflight arguments] N [N TLC arguments]},
 * where LIBRARY is the {@code TLA-Library} path or {@code -}, OUTLINE is {@code outline} or {@code none}.
 * Output: for job i, a line {@code BEGIN i}, its output, then {@code END i STATUS}.
 */
public final class TlcBatch {

    /** Start of the line before a job's output. */
    static final String BEGIN = SpecPreflight.MARKER + "batch-begin ";
    /** Start of the line after a job's output, followed by the job's index and exit status. */
    static final String END = SpecPreflight.MARKER + "batch-end ";
    /** Separates the jobs' arguments. */
    static final String JOB = "--job";

    private TlcBatch() {
    }

    /** One job: its temporary folder, TLA-Library path, preflight arguments (empty: no outline) and TLC's arguments. */
    record Job(String tmpDir, String library, List<String> preflight, List<String> tlcArguments) {

        /** @return the job's arguments for {@link TlcBatch#main} */
        List<String> arguments() {
            List<String> a = new ArrayList<>(List.of(JOB, tmpDir, library == null ? "-" : library,
                    preflight.isEmpty() ? "none" : "outline"));
            a.addAll(preflight);
            a.add(String.valueOf(tlcArguments.size()));
            a.addAll(tlcArguments);
            return a;
        }

        /** @return the jobs encoded in {@code args} */
        static List<Job> parse(String[] args) {
            List<Job> jobs = new ArrayList<>();
            int i = 0;
            while (i < args.length) {
                if (!args[i].equals(JOB)) {
                    throw new IllegalArgumentException("expected " + JOB + " at argument " + i + ", found " + args[i]);
                }
                String tmp = args[i + 1];
                String lib = args[i + 2].equals("-") ? null : args[i + 2];
                boolean outline = args[i + 3].equals("outline");
                i += 4;
                List<String> pre = outline ? List.of(Arrays.copyOfRange(args, i, i + 3)) : List.of();
                i += pre.size();
                int n = Integer.parseInt(args[i]);
                jobs.add(new Job(tmp, lib, pre, List.of(Arrays.copyOfRange(args, i + 1, i + 1 + n))));
                i += 1 + n;
            }
            return jobs;
        }
    }

    /**
     * One job's part of the batch's output.
     *
     * @param output what the job printed (empty if it never started)
     * @param status its exit status, or empty if it did not finish
     */
    record Part(String output, java.util.OptionalInt status) {

        /**
         * @param output everything the batch printed
         * @param index  the job's index
         * @return the job's part
         */
        static Part of(String output, int index) {
            String begin = BEGIN + index + "\n";
            int b = output.indexOf(begin);
            if (b < 0) {
                return new Part("", java.util.OptionalInt.empty());
            }
            int from = b + begin.length();
            String end = END + index + " ";
            int e = output.indexOf(end, from);
            int eol = e < 0 ? -1 : output.indexOf('\n', e);
            if (e < 0 || eol < 0) {
                int next = output.indexOf(BEGIN + (index + 1) + "\n", from);
                return new Part(output.substring(from, next < 0 ? output.length() : next), java.util.OptionalInt.empty());
            }
            return new Part(output.substring(from, e),
                    java.util.OptionalInt.of(Integer.parseInt(output.substring(e + end.length(), eol).trim())));
        }
    }

    /**
     * The batch's output routed as it arrives: each job's lines (between its {@link #BEGIN} and
     * {@link #END} lines) to a {@link TlcThenOutline.Split} of its own, and its exit status read
     * from its end line, as {@link Part#of} splits the whole output.
     */
    static final class Parts implements java.util.function.Consumer<String> {
        private final TlcThenOutline.Split[] jobs;
        private final java.util.OptionalInt[] status;
        private int current = -1;

        /** @param outlineAfter per job, whether it prints the outline after TLC's output */
        Parts(boolean[] outlineAfter) {
            jobs = new TlcThenOutline.Split[outlineAfter.length];
            status = new java.util.OptionalInt[outlineAfter.length];
            for (int j = 0; j < jobs.length; j++) {
                jobs[j] = new TlcThenOutline.Split(outlineAfter[j]);
                status[j] = java.util.OptionalInt.empty();
            }
        }

        @Override
        public synchronized void accept(String line) {
            int b = line.indexOf(BEGIN);
            if (b >= 0) {
                int index = index(line.substring(b + BEGIN.length()).trim());
                if (index >= 0 && index < jobs.length) {
                    if (b > 0 && current >= 0) {
                        jobs[current].accept(line.substring(0, b));
                    }
                    current = index;
                    return;
                }
            }
            if (current < 0) {
                return;
            }
            String end = END + current + " ";
            int e = line.indexOf(end);
            if (e >= 0) {
                if (e > 0) {
                    jobs[current].accept(line.substring(0, e));
                }
                status[current] = java.util.OptionalInt.of(Integer.parseInt(line.substring(e + end.length()).trim()));
                current = -1;
                return;
            }
            jobs[current].accept(line);
        }

        private static int index(String text) {
            try {
                return Integer.parseInt(text);
            } catch (NumberFormatException e) {
                return -1;
            }
        }

        /** @param j a job  @return its output, routed */
        TlcThenOutline.Split job(int j) {
            return jobs[j];
        }

        /** @param j a job  @return its exit status, or empty if it did not finish */
        synchronized java.util.OptionalInt status(int j) {
            return status[j];
        }
    }

    /** Thrown by {@code System.exit} called from {@code tlc2.TLC.main}: the job is over. */
    static final class ExitTrap extends SecurityException {
        private static final long serialVersionUID = 1L;
        final int status;

        ExitTrap(int status) {
            super("exit " + status);
            this.status = status;
        }
    }

    /**
     * Traps {@code tlc2.TLC.main}'s own exit; every other exit goes through, and nothing else is
     * checked.
     */
    @SuppressWarnings("removal")
    private static final class TrapMainExit extends SecurityManager {
        @Override
        public void checkPermission(java.security.Permission perm) {
        }

        @Override
        public void checkPermission(java.security.Permission perm, Object context) {
        }

        @Override
        public void checkExit(int status) {
            boolean fromMain = StackWalker.getInstance().walk(frames -> frames
                    .dropWhile(f -> !(f.getClassName().equals("java.lang.System") && f.getMethodName().equals("exit")))
                    .skip(1).findFirst().map(f -> f.getClassName().equals("tlc2.TLC") && f.getMethodName().equals("main"))
                    .orElse(false));
            if (fromMain) {
                throw new ExitTrap(status);
            }
        }
    }

    /**
     * @param args the jobs, as {@link Job#arguments()} joined
     * @throws Exception if a job cannot be loaded
     */
    @SuppressWarnings("removal")
    public static void main(String[] args) throws Exception {
        List<Job> jobs = Job.parse(args);
        URL[] path = classPath();
        System.setSecurityManager(new TrapMainExit());
        for (int i = 0; i < jobs.size(); i++) {
            Job job = jobs.get(i);
            System.out.flush();
            System.out.println(BEGIN + i);
            System.out.flush();
            java.util.OptionalInt status = run(job, path);
            System.out.flush();
            System.err.flush();
            if (status.isPresent()) {
                System.out.println(END + i + " " + status.getAsInt());
            }
            System.out.flush();
        }
        System.setSecurityManager(null);
        System.exit(0);
    }

    /**
     * @return the job's exit status, as the JVM of a child of its own would have ended, or empty when
     *         TLC's main thread ended with an exception (the parent runs that job in a child of its own)
     */
    private static java.util.OptionalInt run(Job job, URL[] path) throws Exception {
        // read by TLC's and SANY's classes as they initialise, in the job's own loader
        System.setProperty("java.io.tmpdir", job.tmpDir());
        if (job.library() == null) {
            System.clearProperty("TLA-Library");
        } else {
            System.setProperty("TLA-Library", job.library());
        }
        Thread self = Thread.currentThread();
        ClassLoader before = self.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(path, ClassLoader.getPlatformClassLoader())) {
            self.setContextClassLoader(loader);
            int status = 0;
            try {
                Method main = loader.loadClass("tlc2.TLC").getMethod("main", String[].class);
                main.invoke(null, (Object) job.tlcArguments().toArray(String[]::new));
            } catch (InvocationTargetException e) {
                if (!(e.getCause() instanceof ExitTrap trap)) {
                    e.getCause().printStackTrace();
                    return java.util.OptionalInt.empty();
                }
                status = trap.status;
            }
            if (!job.preflight().isEmpty()) {
                outline(loader, job.preflight());
            }
            return java.util.OptionalInt.of(status);
        } finally {
            self.setContextClassLoader(before);
        }
    }

    /**
     * Prints the outline after {@link TlcThenOutline#BEGIN}, as {@link TlcThenOutline}'s shutdown hook
     * does, but from the spec TLC has loaded in the job's loader ({@link SpecPreflight#printOutlineAfterTlc}).
     */
    private static void outline(ClassLoader loader, List<String> preflight) throws Exception {
        System.out.flush();
        System.out.println(TlcThenOutline.BEGIN);
        try {
            Method print = loader.loadClass(SpecPreflight.class.getName()).getDeclaredMethod("printOutlineAfterTlc",
                    String[].class);
            print.setAccessible(true);
            print.invoke(null, (Object) preflight.toArray(String[]::new));
        } catch (InvocationTargetException e) {
            System.out.println("preflight failed: " + e.getCause());
        }
        System.out.flush();
    }

    private static URL[] classPath() throws MalformedURLException {
        List<URL> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            urls.add(new File(entry).toURI().toURL());
        }
        return urls.toArray(URL[]::new);
    }
}
