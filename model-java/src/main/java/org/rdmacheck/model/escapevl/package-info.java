/**
 * The dynamic escape-virtual-lane model (seed 000 §IV-B): finite per-(link, lane) buffers with
 * back-pressure, packets with destinations and deflection tokens, tree routing and the lane rules
 * of Dart and its broken variants, plus the message-order rule answering the ordering question.
 * Its TLA+ twin is {@code specs/escape-vl/}.
 */
package org.rdmacheck.model.escapevl;
