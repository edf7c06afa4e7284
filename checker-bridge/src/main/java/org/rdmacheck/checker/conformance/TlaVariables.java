package org.rdmacheck.checker.conformance;

import java.nio.file.Path;
import java.util.Set;
import org.rdmacheck.checker.tlc.TlaDeclarations;

/**
 * Reads the names declared by {@code VARIABLE(S)} and {@code CONSTANT(S)}, and the operators
 * defined, in the modules of a spec folder (see {@link TlaDeclarations}).
 */
final class TlaVariables {

    private TlaVariables() {
    }

    /**
     * @param folder a spec folder
     * @return every variable declared in its {@code .tla} files
     */
    static Set<String> declared(Path folder) {
        return TlaDeclarations.variables(folder);
    }

    /**
     * @param folder a spec folder
     * @return every constant declared in its {@code .tla} files
     */
    static Set<String> constants(Path folder) {
        return TlaDeclarations.constants(folder);
    }

    /**
     * @param folder  a spec folder
     * @param without modules (names without {@code .tla}) to leave out: a refinement's abstract
     *                service and history modules
     * @return every constant declared in its other {@code .tla} files
     */
    static Set<String> constants(Path folder, Set<String> without) {
        return TlaDeclarations.constants(folder, without);
    }

    /**
     * @param folder  a spec folder
     * @param without modules to leave out
     * @return every variable declared in its other {@code .tla} files
     */
    static Set<String> declared(Path folder, Set<String> without) {
        return TlaDeclarations.variables(folder, without);
    }

    /**
     * @param folder a spec folder
     * @return every operator defined at the start of a line in its {@code .tla} files
     */
    static Set<String> definitions(Path folder) {
        return TlaDeclarations.definitions(folder);
    }
}
