package org.rdmacheck.model;

/**
 * An error the user caused: a bad parameter, an unknown name, a malformed file. Its message is one
 * line that names the offending value and says what was expected; the command line prints it
 * without a stack trace and exits with status 2.
 */
public class InputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message one line naming the value and what was expected
     */
    public InputException(String message) {
        super(message);
    }

    /**
     * @param message one line naming the value and what was expected
     * @param cause   the underlying error
     */
    public InputException(String message, Throwable cause) {
        super(message, cause);
    }
}
