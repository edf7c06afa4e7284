package org.rdmacheck.model.topology;

/**
 * A view of one bidirectional link: its id and its two end nodes ({@code a < b} is not
 * required; {@code a} is the end listed first). Topologies store links in arrays; this record is
 * only made on request.
 *
 * @param id link id in [0, linkCount)
 * @param a  first end node
 * @param b  second end node
 */
public record Link(int id, int a, int b) {
}
