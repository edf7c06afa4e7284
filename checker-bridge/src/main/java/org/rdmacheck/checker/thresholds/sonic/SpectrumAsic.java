package org.rdmacheck.checker.thresholds.sonic;

import java.util.Locale;
import org.rdmacheck.model.InputException;

/**
 * The ASIC parameters SONiC's Mellanox headroom calculation reads from STATE_DB's ASIC_TABLE (they
 * are not in config_db.json). Values as sonic-buildimage's asic_table.j2 sets them; the delays are
 * in KB of 1024 bytes as there.
 *
 * @see MellanoxHeadroom
 */
public enum SpectrumAsic {
    /** Spectrum-1 (SN2xxx) */
    SPECTRUM_1(96, "18", "0.8"),
    /** Spectrum-2 (SN3xxx) */
    SPECTRUM_2(144, "18", "0.8"),
    /** Spectrum-3 (SN4xxx) */
    SPECTRUM_3(144, "18", "0.8");

    private final int cellBytes;
    private final String pipelineLatencyKb;
    private final String macPhyDelayKb;

    SpectrumAsic(int cellBytes, String pipelineLatencyKb, String macPhyDelayKb) {
        this.cellBytes = cellBytes;
        this.pipelineLatencyKb = pipelineLatencyKb;
        this.macPhyDelayKb = macPhyDelayKb;
    }

    /** @return the buffer cell size in bytes */
    public int cellBytes() {
        return cellBytes;
    }

    /** @return the pipeline latency in bytes (the XON figure) */
    public double pipelineLatencyBytes() {
        return Double.parseDouble(pipelineLatencyKb) * 1024;
    }

    /** @return the MAC/PHY delay in bytes */
    public double macPhyDelayBytes() {
        return Double.parseDouble(macPhyDelayKb) * 1024;
    }

    /**
     * @param value e.g. {@code spectrum-2}
     * @return the ASIC
     * @throws InputException if unknown
     */
    public static SpectrumAsic parse(String value) {
        for (SpectrumAsic a : values()) {
            if (a.cliName().equals(value.trim().toLowerCase(Locale.ROOT))) {
                return a;
            }
        }
        throw new InputException("asic = '" + value + "': expected spectrum-1, spectrum-2 or spectrum-3");
    }

    /** @return e.g. {@code spectrum-2} */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace("spectrum_", "spectrum-");
    }
}
