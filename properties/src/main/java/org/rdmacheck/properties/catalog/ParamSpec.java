package org.rdmacheck.properties.catalog;

import java.util.List;
import java.util.Set;
import org.rdmacheck.model.Params;

/**
 * A model parameter declared once: its name, default, accepted values and meaning. The same
 * declaration feeds {@code rdmacheck list} and reads the value from {@link Params}, so the range
 * a user is shown is the range that is enforced.
 */
public sealed interface ParamSpec permits ParamSpec.Int, ParamSpec.Flag, ParamSpec.Choice, ParamSpec.Text {

    /** @return parameter name, e.g. {@code packets} */
    String name();

    /** @return the default as text */
    String defaultValue();

    /** @return the accepted values as text, e.g. {@code 1..64} or {@code ack|ignore} */
    String accepted();

    /** @return one line: what it is */
    String description();

    /**
     * @param name        parameter name
     * @param def         default
     * @param min         least accepted value
     * @param max         greatest accepted value
     * @param description what it is
     * @return the declaration
     */
    static Int integer(String name, int def, int min, int max, String description) {
        return new Int(name, def, min, max, description);
    }

    /**
     * @param name        parameter name
     * @param def         default
     * @param description what it is
     * @return the declaration
     */
    static Flag flag(String name, boolean def, String description) {
        return new Flag(name, def, description);
    }

    /**
     * @param name        parameter name
     * @param def         default (one of {@code words})
     * @param words       accepted words
     * @param description what it is
     * @return the declaration
     */
    static Choice choice(String name, String def, List<String> words, String description) {
        return new Choice(name, def, words, description);
    }

    /**
     * @param name        parameter name
     * @param def         default
     * @param syntax      the accepted form, e.g. {@code SRC-DST[L],...}
     * @param description what it is
     * @return the declaration
     */
    static Text text(String name, String def, String syntax, String description) {
        return new Text(name, def, syntax, description);
    }

    /**
     * An integer in [min, max].
     *
     * @param name        parameter name
     * @param def         default
     * @param min         least accepted value
     * @param max         greatest accepted value
     * @param description what it is
     */
    record Int(String name, int def, int min, int max, String description) implements ParamSpec {

        /** Checks that the default is in range. */
        public Int {
            if (def < min || def > max) {
                throw new IllegalArgumentException(name + ": default " + def + " outside " + min + ".." + max);
            }
        }

        @Override
        public String defaultValue() {
            return Integer.toString(def);
        }

        @Override
        public String accepted() {
            return min + ".." + max;
        }

        /**
         * @param params parameters
         * @return the value, or the default when absent
         * @throws org.rdmacheck.model.InputException naming the value and the range when out of it
         */
        public int get(Params params) {
            return params.integer(name, def, min, max);
        }

        /**
         * @param lo least accepted value in some configuration (at least {@link #min})
         * @param hi greatest accepted value in some configuration (at most {@link #max})
         * @return this parameter with the narrower range
         */
        public Int within(int lo, int hi) {
            return new Int(name, Math.min(Math.max(def, lo), hi), Math.max(min, lo), Math.min(max, hi), description);
        }
    }

    /**
     * A yes-or-no setting, given as {@code true} or {@code false} and echoed in JSON as a boolean.
     *
     * @param name        parameter name
     * @param def         default
     * @param description what it is
     */
    record Flag(String name, boolean def, String description) implements ParamSpec {

        /** The words a flag accepts, in the order {@code list} shows them. */
        public static final List<String> WORDS = List.of("true", "false");

        @Override
        public String defaultValue() {
            return Boolean.toString(def);
        }

        @Override
        public String accepted() {
            return String.join("|", WORDS);
        }

        /**
         * @param params parameters
         * @return the value, or the default when absent
         * @throws org.rdmacheck.model.InputException naming the value and the words when neither
         */
        public boolean get(Params params) {
            return params.choice(name, defaultValue(), Set.copyOf(WORDS)).equals("true");
        }
    }

    /**
     * One of a fixed set of words.
     *
     * @param name        parameter name
     * @param def         default
     * @param words       accepted words, in the order {@code list} shows them
     * @param description what it is
     */
    record Choice(String name, String def, List<String> words, String description) implements ParamSpec {

        /** Copies the words and checks the default is one of them. */
        public Choice {
            words = List.copyOf(words);
            if (!words.contains(def)) {
                throw new IllegalArgumentException(name + ": default " + def + " not in " + words);
            }
        }

        @Override
        public String defaultValue() {
            return def;
        }

        @Override
        public String accepted() {
            return String.join("|", words);
        }

        /**
         * @param params parameters
         * @return the word, or the default when absent
         * @throws org.rdmacheck.model.InputException naming the value and the words when not one of them
         */
        public String get(Params params) {
            return params.choice(name, def, Set.copyOf(words));
        }

        /**
         * @param params parameters
         * @param yes    the word that means true
         * @return whether the value is {@code yes}
         */
        public boolean is(Params params, String yes) {
            return get(params).equals(yes);
        }
    }

    /**
     * Free text that a model's own parser reads (a topology, a list of flows).
     *
     * @param name        parameter name
     * @param def         default
     * @param syntax      the accepted form
     * @param description what it is
     */
    record Text(String name, String def, String syntax, String description) implements ParamSpec {

        @Override
        public String defaultValue() {
            return def;
        }

        @Override
        public String accepted() {
            return syntax;
        }

        /**
         * @param params parameters
         * @return the raw text, or the default when absent
         */
        public String get(Params params) {
            return params.string(name, def);
        }
    }
}
