/**
 * Datacenter topologies shared by the models and checkers: an immutable array-based
 * {@link org.rdmacheck.model.topology.Topology} (nodes with roles and tiers, links with ids, arcs
 * and ports), generators for k-ary fat-trees, leaf-spine fabrics, three-tier Clos with
 * oversubscription (seed 000 §VI-A) and rings, a validated JSON edge-list reader, and the
 * {@code KIND:PARAMS} specs of the command line.
 */
package org.rdmacheck.model.topology;
