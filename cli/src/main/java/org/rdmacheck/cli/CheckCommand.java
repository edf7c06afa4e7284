package org.rdmacheck.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rdmacheck check MODEL}: exhaustive check of one model variant with the explorer. */
@Command(name = "check", description = "Checks every property of a model variant with the built-in explorer.")
final class CheckCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "MODEL", description = "model name (see rdmacheck list)")
    String model;

    @Option(names = "--variant", description = "variant (default: the design as the paper describes it)")
    String variant;

    @Option(names = "--param", paramLabel = "KEY=VALUE", description = "model parameter (repeatable)")
    List<String> params = new ArrayList<>();

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Mixin
    ExplorerOptions explorer = new ExplorerOptions();

    @Override
    public Integer call() {
        ModelEntry entry = Catalog.find(model);
        String v = variant == null ? entry.defaultVariant() : entry.variant(variant).name();
        CheckSpec<?> check = entry.build(v, Params.parse(params));
        List<Finding> rows = ModelChecks.run(check, explorer.settings(spec.commandLine().getErr()),
                explorer.outDir());
        Output.print(spec.commandLine().getOut(), rows, json);
        return ExitCodes.of(rows);
    }
}
