package org.rdmacheck.properties.catalog;

/**
 * A model parameter: its name, default value and meaning.
 *
 * @param name         parameter name, e.g. {@code packets}
 * @param defaultValue default as text
 * @param description  one line: what it is and its accepted range
 */
public record ParamSpec(String name, String defaultValue, String description) {
}
