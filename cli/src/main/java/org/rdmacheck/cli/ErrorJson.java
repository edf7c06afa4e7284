package org.rdmacheck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * The JSON document a command prints instead of its result when {@code --json} is given and the
 * input is wrong (schema {@code docs/json-schema/error.schema.json}): the kind, the file, line and
 * column when the message names them ({@code file:line:col: message}), and the message.
 */
final class ErrorJson {

    private static final Pattern LOCATED = Pattern.compile("^(.+?):(\\d+):(\\d+): (.*)$", Pattern.DOTALL);

    /** What went wrong. */
    enum Kind {
        /** the command line itself (unknown option, missing argument) */
        USAGE,
        /** a TLA+ module: parse, semantic or evaluation error, missing module */
        SPEC,
        /** a TLC configuration file */
        CONFIG,
        /** any other bad input: a value, a file, a trace */
        INPUT
    }

    private ErrorJson() {
    }

    /**
     * @param kind    {@link Kind#USAGE}, or {@link Kind#INPUT} to be refined from the message's file
     * @param message the one-line message
     * @return the JSON text
     */
    static String of(Kind kind, String message) {
        ObjectNode root = TraceJson.MAPPER.createObjectNode();
        ObjectNode e = root.putObject("error");
        Matcher m = LOCATED.matcher(message);
        String file = null;
        if (m.matches()) {
            file = m.group(1);
            e.put("file", file);
            e.put("line", Integer.parseInt(m.group(2)));
            e.put("column", Integer.parseInt(m.group(3)));
            e.put("message", m.group(4));
        } else {
            e.putNull("file");
            e.putNull("line");
            e.putNull("column");
            e.put("message", message);
        }
        Kind k = kind != Kind.INPUT || file == null ? kind : file.endsWith(".tla") ? Kind.SPEC
                : file.endsWith(".cfg") ? Kind.CONFIG : Kind.INPUT;
        e.put("kind", k.name());
        try {
            return TraceJson.MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
