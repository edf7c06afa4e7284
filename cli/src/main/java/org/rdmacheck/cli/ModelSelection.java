package org.rdmacheck.cli;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The model, variant and parameters a command checks ({@code check} and {@code scope}): one option
 * block, one parser, and one refusal of the reserved knock-out parameter.
 */
public final class ModelSelection {

    @Parameters(index = "0", paramLabel = "MODEL", description = "model name (see rdmacheck list)")
    String model;

    @Option(names = "--variant", description = "variant (default: the model's first; `list` says whether it is the "
            + "paper's rule or a repair)")
    String variant;

    @Option(names = "--param", paramLabel = "KEY=VALUE", description = "model parameter (repeatable)")
    List<String> params = new ArrayList<>();

    /**
     * @return the catalogue entry
     * @throws InputException for an unknown model
     */
    public ModelEntry entry() {
        return Catalog.find(model);
    }

    /**
     * @param entry the model's entry
     * @return the variant asked for, or the model's default
     * @throws InputException for an unknown variant
     */
    public String variant(ModelEntry entry) {
        return variant == null ? entry.defaultVariant() : entry.variant(variant).name();
    }

    /**
     * @param knockoutHint what to say when the reserved parameter {@value ModelEntry#KNOCKOUT_PARAM}
     *                     is given as {@code --param}: how the command asks for knock-outs instead
     * @return the parameters given with {@code --param}
     * @throws InputException for a malformed parameter or the reserved one
     */
    public Params params(String knockoutHint) {
        Params p = Params.parse(params);
        if (p.asMap().containsKey(ModelEntry.KNOCKOUT_PARAM)) {
            throw new InputException("--param " + ModelEntry.KNOCKOUT_PARAM + "=" + p.asMap().get(ModelEntry.KNOCKOUT_PARAM)
                    + ": " + knockoutHint);
        }
        return p;
    }
}
