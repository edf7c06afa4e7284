package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.rdmacheck.checker.thresholds.ConfigCheck;
import org.rdmacheck.checker.thresholds.DynamicDerivation;
import org.rdmacheck.checker.thresholds.SwitchSpecs;
import org.rdmacheck.checker.thresholds.ThresholdReport;
import org.rdmacheck.checker.trace.TraceJson;

/** A threshold report as a JSON tree (Optional fields spelled out, sizes in bytes). */
final class ThresholdJson {

    private ThresholdJson() {
    }

    /** @param r a report  @return its JSON */
    static ObjectNode report(ThresholdReport r) {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        ObjectNode sw = o.putObject("switch");
        SwitchSpecs.toMap(r.sw()).forEach(sw::put);
        ObjectNode h = o.putObject("headroom");
        h.put("tFlightBytes", r.headroom().bytes());
        h.put("given", r.headroom().given());
        h.set("terms", TraceJson.MAPPER.valueToTree(r.headroom().terms()));
        o.put("reservedHeadroomBytes", r.reservedHeadroom());
        o.put("sharedBufferBytes", r.sharedBuffer());
        o.set("static", TraceJson.MAPPER.valueToTree(r.staticDerivation()));
        DynamicDerivation d = r.dynamicDerivation();
        ObjectNode dyn = o.putObject("dynamic");
        dyn.put("status", d.status().name());
        dyn.put("beta", d.beta().map(Object::toString).orElse(null));
        dyn.put("tEcnMax", d.tEcnMax());
        dyn.put("feasible", d.feasible());
        dyn.set("perBeta", TraceJson.MAPPER.valueToTree(d.perBeta().stream()
                .map(b -> java.util.Map.of("beta", b.beta().toString(), "tEcnMax", b.tEcnMax())).toList()));
        r.check().ifPresent(c -> o.set("check", check(c)));
        return o;
    }

    private static ObjectNode check(ConfigCheck c) {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        ObjectNode cfg = o.putObject("config");
        SwitchSpecs.toMap(c.config()).forEach(cfg::put);
        o.put("verdict", c.verdict().name());
        o.set("inequalities", TraceJson.MAPPER.valueToTree(c.inequalities()));
        o.put("solverStatus", c.witnessSearch().status().name());
        o.put("solverMillis", c.witnessSearch().millis());
        o.put("solverAgrees", c.solverAgrees());
        o.set("witness", c.witnessSearch().witness().map(TraceJson::toJson).orElse(null));
        return o;
    }
}
