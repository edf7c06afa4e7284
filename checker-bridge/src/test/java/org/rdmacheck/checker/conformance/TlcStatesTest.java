package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.tlc.TlaValues;
import org.rdmacheck.checker.trace.TraceJson;

/** TLC's functions over integers read as the Java model's lists; records and sequences kept. */
class TlcStatesTest {

    @Test
    void integerFunctionsBecomeListsInKeyOrder() throws Exception {
        var tlc = TlaValues.parse("[buffers |-> (0 :> <<>> @@ 2 :> <<3>> @@ 1 :> <<1, 2>>), "
                + "ctrl |-> <<[kind |-> \"ACK\", psn |-> 2]>>, next |-> 4]");
        assertEquals(TraceJson.MAPPER.readTree("{\"buffers\": [[], [1, 2], [3]], "
                + "\"ctrl\": [{\"kind\": \"ACK\", \"psn\": 2}], \"next\": 4}"), TlcStates.asJavaView(tlc));
    }

    @Test
    void dasrSenderCountsBecomeOneSenderSetPerTenant() throws Exception {
        var tlc = TlaValues.parse("[mode |-> \"NoCongestion\", auss |-> (0 :> 1 @@ 1 :> 0 @@ 2 :> 2 @@ 3 :> 0), "
                + "sinceChange |-> (0 :> 2 @@ 1 :> 0)]");
        assertEquals(TraceJson.MAPPER.readTree("{\"mode\": \"NoCongestion\", \"auss\": [{\"inFlight\": {\"0\": 1}}, "
                + "{\"inFlight\": {\"2\": 2}}], \"sinceChange\": [2, 0]}"), TlcStates.forModel("dasr").apply(tlc));
        assertEquals(TlcStates.asJavaView(tlc), TlcStates.forModel("gbn").apply(tlc));
    }
}
