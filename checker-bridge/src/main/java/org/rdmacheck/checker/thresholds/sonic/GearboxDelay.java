package org.rdmacheck.checker.thresholds.sonic;

import java.math.BigDecimal;

/**
 * The gearbox delay SONiC's headroom calculation used, and where it came from.
 *
 * @param nanos  gearbox_delay as the script takes it (bytes on the gearbox = speed[Mb/s] × delay / 8192)
 * @param source {@code --gearbox-delay}, {@code PERIPHERAL_TABLE|<model>}, or why it is 0
 */
public record GearboxDelay(BigDecimal nanos, String source) {
}
