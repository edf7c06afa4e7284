package org.rdmacheck.fluid;

/**
 * The solution became NaN, infinite, or blew up beyond any physical bound. Carries the simulated
 * time (µs) at which it was first seen and the state component.
 */
public class FluidDivergenceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final double timeMicros;
    private final String component;

    /**
     * @param timeMicros simulated time at which the bad value appeared
     * @param component  name of the state component
     * @param value      the bad value
     */
    public FluidDivergenceException(double timeMicros, String component, double value) {
        super(String.format(java.util.Locale.ROOT, "fluid solution diverged at t = %.3f us: %s = %s",
                timeMicros, component, value));
        this.timeMicros = timeMicros;
        this.component = component;
    }

    /** @return simulated time (µs) at which the bad value appeared */
    public double timeMicros() {
        return timeMicros;
    }

    /** @return the state component, e.g. {@code q} or {@code Rc[1]} */
    public String component() {
        return component;
    }
}
