package org.rpcbench.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.cases.Case;
import org.rpcbench.record.TallyFile;

/** A bad tally (a fork killed while writing it) fails and names its case; the run's other cases are kept. */
class SpoiledTalliesTest {
    @Test
    void aTruncatedTallyFailsItsCaseInOneLine(@TempDir Path dir) throws Exception {
        new TallyFile("getUser", 1, 42, 0, 0, List.of(), List.of()).write(dir);
        Files.writeString(dir.resolve("listUser-43-2" + TallyFile.SUFFIX), "{\"caseName\":\"listUser\",\"startedAtMi");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> spoiled = RecordAssembly.spoiled(TallyFile.readEach(dir), List.of(Case.GET_USER, Case.LIST_USER),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(spoiled).containsExactly("listUser");
        assertThat(err.toString(StandardCharsets.UTF_8).lines()).singleElement().asString()
                .startsWith("rpc-bench client: cannot read the tally ").endsWith("(case listUser is failed: a fork's counts are lost)");
    }
}
