package org.rpcbench.runs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A pair's declared contract ({@code pair.contract=idl}) is what its client binding carries: the soak refuses a
 * pair by the declaration, before anything starts, and the client by its binding; the two must agree.
 */
class PairsContractTest {

    @Test
    void everyJavaPairDeclaresTheContractItsClientBindingCarries() throws IOException {
        Pairs pairs = Pairs.of(SuiteTest.ROOT);
        int idl = 0;
        for (String name : pairs.names()) {
            if (!pairs.javaPair(name)) {
                assertThat(pairs.callsJavaInterface(name)).as(name + ": the Go pairs' client calls the IDL").isFalse();
                continue;
            }
            boolean twinnedOnly;
            try (Stream<Path> sources = Files.walk(SuiteTest.ROOT.resolve(name + "-client/src/main/java"))) {
                // a binding of the IDL carries only the twinned operations (ClientBinding.carries)
                twinnedOnly = sources.filter(f -> f.toString().endsWith(".java")).anyMatch(f -> read(f).contains("return op.twinned();"));
            }
            assertThat(pairs.callsJavaInterface(name)).as(name + "'s pair.contract").isEqualTo(!twinnedOnly);
            idl += twinnedOnly ? 1 : 0;
        }
        assertThat(idl).as("the Java pairs of an IDL").isPositive();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
