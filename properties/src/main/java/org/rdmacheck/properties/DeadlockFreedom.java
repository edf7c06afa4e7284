package org.rdmacheck.properties;

/**
 * Deadlock freedom: every reachable state either has a successor or is a declared final state.
 *
 * @param name the property's name (conventionally {@code DeadlockFree})
 * @param <S>  state type
 */
public record DeadlockFreedom<S>(String name) implements Property<S> {

    /** @param <S> state type
     *  @return the property named {@code DeadlockFree} */
    public static <S> DeadlockFreedom<S> standard() {
        return new DeadlockFreedom<>("DeadlockFree");
    }

    @Override
    public Kind kind() {
        return Kind.DEADLOCK;
    }
}
