package org.rdmacheck.model.layout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Words;

class StateLayoutTest {

    enum Kind { ACK, NAK }

    private final StateLayout.Builder b = StateLayout.builder();
    private final Field next = b.integer("next", 0, 24);
    private final Field ce = b.integer("ce", -1, 23);
    private final Field timer = b.bool("timer");
    private final Field[] credits = b.integers("credits", 3, 0, 5);
    private final Field psn = StateLayout.Builder.component("psn", 0, 23);
    private final Fifo data = b.fifo("data", 8, psn);
    private final Field kind = StateLayout.Builder.kind("kind", Kind.class);
    private final Field cpsn = StateLayout.Builder.component("psn", 0, 24);
    private final Fifo ctrl = b.fifo("ctrl", 4, kind, cpsn);
    private final StateLayout layout = b.build();

    @Test
    void widthsComeFromTheBoundsAndTheHeaderIsPackedFirstFit() {
        assertEquals(5, next.width());
        assertEquals(5, ce.width());
        assertEquals(1, timer.width());
        assertEquals(3, credits[0].width());
        assertEquals(6, ctrl.width());
        assertEquals(6, data.perValue());
        assertEquals(5, ctrl.perValue());
        // 5 + 5 + 1 + 3*3 + 4 (data length 0..8) + 3 (ctrl length 0..4) = 27 bits: one value
        assertEquals(1, layout.header());
        assertEquals(1 + 2 + 1, layout.maxLength());
    }

    @Test
    void namedValuesRoundTripThroughTheEncoding() {
        Map<String, Object> named = Map.of("next", 7, "ce", -1, "timer", true, "credits", List.of(0, 5, 3),
                "data", List.of(3, 3, 4, 5, 6, 7, 8), "ctrl",
                List.of(Map.of("kind", "NAK", "psn", 24), Map.of("kind", "ACK", "psn", 0)));
        int[] v = layout.encode(named);
        assertEquals(1 + 2 + 1, v.length, "seven data elements take two values, two control elements one");
        assertEquals(named, layout.named(v, 0));
        assertEquals(List.of("next", "ce", "timer", "credits", "data", "ctrl"),
                new ArrayList<>(layout.named(v, 0).keySet()));
        LayoutState s = new LayoutState(layout, v, 0, v.length);
        Words w = new Words();
        new LayoutCodec(layout).encode(s, w);
        assertEquals(s, new LayoutCodec(layout).decode(w.reader()));
        assertThrows(IllegalArgumentException.class, () -> layout.encode(Map.of("next", 25, "ce", -1, "timer", true,
                "credits", List.of(0, 0, 0), "data", List.of(), "ctrl", List.of())));
    }

    @Test
    void anExpansionCopiesTheParentAndRepacksOnlyTheFifosItTouches() {
        int[] parent = layout.encode(Map.of("next", 1, "ce", 2, "timer", false, "credits", List.of(1, 2, 3),
                "data", List.of(9, 8, 7), "ctrl", List.of(Map.of("kind", "ACK", "psn", 4))));
        Expansion x = new Expansion(layout);
        x.load(parent, 0);
        List<Map<String, Object>> out = new ArrayList<>();
        PackedModel.Sink sink = (code, v, n) -> out.add(layout.named(v, 0));
        x.begin();
        x.set(next, 2);
        x.removeAt(data, 0);
        x.append(data, psn.bits(1));
        x.sort(data);
        x.emit(0, sink);
        x.begin();
        x.insertAt(ctrl, 0, kind.bits(Kind.NAK.ordinal()) | cpsn.bits(3));
        x.sort(ctrl);
        x.emit(1, sink);
        assertEquals(2, out.get(0).get("next"));
        assertEquals(List.of(1, 7, 8), out.get(0).get("data"));
        assertEquals(out.get(0).get("ctrl"), layout.named(parent, 0).get("ctrl"));
        assertEquals(1, out.get(1).get("next"));
        assertEquals(List.of(Map.of("kind", "ACK", "psn", 4), Map.of("kind", "NAK", "psn", 3)), out.get(1).get("ctrl"));
        assertArrayEquals(new int[] {9, 8, 7}, layout.elements(parent, 0, data), "the parent is never written");
    }

    @Test
    void sameOnComparesExactlyTheGivenFields() {
        int[] bits = layout.bitsOf(List.of(credits[1], timer, data.lengthField()));
        java.util.Random r = new java.util.Random(33);
        int agree = 0;
        for (int k = 0; k < 2000; k++) {
            int[] a = {r.nextInt(1 << 27), 0};
            int[] c = a.clone();
            for (Field f : List.of(next, ce, timer, credits[0], credits[1], credits[2])) {
                if (r.nextInt(4) == 0) {
                    f.set(c, 0, f.min() + r.nextInt(f.max() - f.min() + 1));
                }
            }
            boolean same = credits[1].get(a, 0) == credits[1].get(c, 0) && timer.get(a, 0) == timer.get(c, 0)
                    && data.length(a, 0) == data.length(c, 0);
            assertEquals(same, StateLayout.sameOn(bits, new int[] {9, a[0]}, 1, c, 0), "seed 33, case " + k);
            agree += same ? 1 : 0;
        }
        org.junit.jupiter.api.Assertions.assertTrue(agree > 100 && agree < 1900, "both outcomes occur: " + agree);
        assertThrows(IllegalArgumentException.class, () -> layout.bitsOf(List.of(psn)), "a FIFO component is no header field");
    }
}
