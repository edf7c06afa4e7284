/**
 * The composed fabric model (seed 000 §IV-A/B/C, §VI-A): in-order flow deflection with the
 * deflected flow table, escape virtual lane VL0 with up*&#47;down* routing and the lane rules, PFC
 * back-pressure on per-(port, lane) buffers, ECN marking, ECMP, and the failure of one switch or
 * link with per-switch consequences, in one model.
 */
package org.rdmacheck.model.fabric;
