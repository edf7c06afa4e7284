package org.rdmacheck.cli;

import java.util.List;
import org.rdmacheck.model.InputException;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * Refuses an option that the mode a command runs in would not read: an option accepted and then
 * ignored gives a result that looks like an answer to a question the user did not ask (DESIGN.md:
 * bad input is one line naming the value, exit 2).
 */
final class UnusedOptions {

    private UnusedOptions() {
    }

    /**
     * @param parsed   the command's parse result
     * @param names    options the mode does not read
     * @param notUsed  why, e.g. {@code "not used by --dart (it derives t_PFC per mode)"}
     * @param expected where the option is read, e.g. {@code "expected with --switch FILE"}
     * @throws InputException naming the first of them given, its value, and both texts
     */
    static void refuse(ParseResult parsed, List<String> names, String notUsed, String expected) {
        for (String name : names) {
            OptionSpec o = parsed.matchedOption(name);
            if (o != null) {
                List<String> values = o.stringValues();
                String given = o.arity().max() == 0 || values.isEmpty() ? name : name + " " + values.get(0);
                throw new InputException(given + ": " + notUsed + "; " + expected);
            }
        }
    }
}
