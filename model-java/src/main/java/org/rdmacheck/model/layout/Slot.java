package org.rdmacheck.model.layout;

/**
 * A named part of a {@link StateLayout}: a {@link Field} or a {@link Fifo}. Transition groups
 * declare the slots they read and write ({@link Footprint}), as LTSmin's PINS declares the state
 * vector slots of its transition groups.
 */
public sealed interface Slot permits Field, Fifo {

    /** @return the slot's name, as it appears in a state's named values */
    String name();
}
