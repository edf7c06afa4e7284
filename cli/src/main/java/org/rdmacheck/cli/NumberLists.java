package org.rdmacheck.cli;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.model.InputException;

/**
 * Lists of numbers on the command line: comma-separated values and ranges {@code FROM..TO:STEP}
 * (step 1 when omitted), e.g. {@code 2..100:2} or {@code 1,50,100} or {@code 2..10:2,20}. A value may
 * be a fraction {@code a/b} (g = 1/256). Bad input is one line naming the option and the value.
 */
final class NumberLists {

    private static final int MAX_VALUES = 100_000;

    private NumberLists() {
    }

    /**
     * @param option the option's name, for messages
     * @param text   the list
     * @return the values, in order
     */
    static double[] doubles(String option, String text) {
        List<Double> out = new ArrayList<>();
        for (String part : text.split(",")) {
            String s = part.trim();
            int dots = s.indexOf("..");
            if (dots < 0) {
                out.add(number(option, s));
                continue;
            }
            String rest = s.substring(dots + 2);
            int colon = rest.indexOf(':');
            double from = number(option, s.substring(0, dots));
            double to = number(option, colon < 0 ? rest : rest.substring(0, colon));
            double step = colon < 0 ? 1 : number(option, rest.substring(colon + 1));
            if (!(step > 0) || to < from) {
                throw new InputException(option + " '" + s + "': expected FROM..TO:STEP with FROM <= TO and STEP > 0");
            }
            long count = (long) Math.floor((to - from) / step + 1e-9) + 1;
            if (out.size() + count > MAX_VALUES) {
                throw new InputException(option + " '" + s + "': expected at most " + MAX_VALUES + " values");
            }
            for (long i = 0; i < count; i++) {
                out.add(from + i * step);
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /**
     * @param option the option's name
     * @param text   the list
     * @return the values, each an integer ≥ 1
     */
    static int[] positiveInts(String option, String text) {
        double[] d = doubles(option, text);
        int[] out = new int[d.length];
        for (int i = 0; i < d.length; i++) {
            if (d[i] != Math.rint(d[i]) || d[i] < 1 || d[i] > 1e6) {
                throw new InputException(option + " value " + d[i] + ": expected an integer in [1, 1000000]");
            }
            out[i] = (int) d[i];
        }
        return out;
    }

    private static double number(String option, String s) {
        try {
            return FluidParameters.finiteNumber(s);
        } catch (NumberFormatException e) {
            throw new InputException(option + " value '" + s + "': expected a finite number");
        }
    }
}
