package org.rdmacheck.fluid;

/**
 * A parameter the user gave is invalid: the message is one line naming the value and what was
 * expected. (fluid-model stands alone, so this is its own type; the command line maps it to exit
 * status 2.)
 */
public class FluidInputException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** @param message one line naming the value and what was expected */
    public FluidInputException(String message) {
        super(message);
    }
}
