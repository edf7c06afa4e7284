import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tlc2.value.IMVPerm;
import tlc2.value.impl.Enumerable;
import tlc2.value.impl.IntValue;
import tlc2.value.impl.MVPerms;
import tlc2.value.impl.Value;

/**
 * TLC's Java override of the generated module {@code RdmacheckSymmetry} (TLC finds an override by the
 * module's name, so this class lives in the unnamed package; the checker copies its class file into
 * the run's folder). {@code RdmacheckPermuted(S, k, v)} is the value {@code v} with its model values
 * renamed by the k-th permutation of the group TLC generates from the SYMMETRY set {@code S}
 * ({@code MVPerms.permutationSubgroup}, the group TLC's reduction uses, identity left out), computed by
 * TLC's own symmetry code ({@code Value.permute}). A definition evaluated on permuted variables is
 * then the definition evaluated in the permuted state.
 */
public final class RdmacheckSymmetry {

    private static final Map<Value, IMVPerm[]> GROUPS = new ConcurrentHashMap<>();

    private RdmacheckSymmetry() {
    }

    /**
     * @param symmetry the SYMMETRY set (permutations of model values)
     * @param k        which permutation, from 1 to the group's size minus one
     * @param v        a value
     * @return {@code v} with its model values renamed by that permutation
     */
    public static Value RdmacheckPermuted(Value symmetry, Value k, Value v) {
        IMVPerm[] group = GROUPS.computeIfAbsent(symmetry,
                s -> MVPerms.permutationSubgroup((Enumerable) s.toSetEnum()));
        return (Value) v.permute(group[((IntValue) k).val - 1]);
    }
}
