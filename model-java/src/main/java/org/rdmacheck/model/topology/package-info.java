/**
 * Datacenter topologies shared by the models and checkers: an immutable array-based
 * {@link org.rdmacheck.model.topology.Topology} (nodes with roles and tiers, links with ids, arcs
 * and ports), generators for k-ary fat-trees, leaf-spine fabrics, three-tier Clos with
 * oversubscription (seed 000 §VI-A) and rings, a validated JSON edge-list reader, the
 * {@code KIND:PARAMS} specs of the command line, and the routing every model and checker shares:
 * shortest-path next hops ({@link org.rdmacheck.model.topology.NextHops}) and up*&#47;down*
 * ({@link org.rdmacheck.model.topology.UpDown}).
 */
package org.rdmacheck.model.topology;
