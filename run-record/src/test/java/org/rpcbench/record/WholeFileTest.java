package org.rpcbench.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files written whole or not at all: a new file replaces the old one in one rename, so the old one (as a
 * reader that opened it holds it, here another link to it) is never rewritten in place, and nothing is left
 * beside it. Written in place, the other link would see the new text, or part of it.
 */
class WholeFileTest {
    @TempDir
    Path dir;

    @Test
    void aFileIsReplacedWholeNeverRewrittenInPlace() throws Exception {
        Path file = dir.resolve("suite.md");
        WholeFile.write(file, "old and long enough to be cut");
        Path reader = Files.createLink(dir.resolve("held-by-a-reader"), file);
        WholeFile.write(file, "new");
        assertThat(file).hasContent("new");
        assertThat(reader).hasContent("old and long enough to be cut");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("suite.md", "held-by-a-reader");
        }
    }

    @Test
    void recordsAndTalliesAreWrittenWhole() throws Exception {
        TallyFile t = new TallyFile("getUser", 7, 42, 0, 0, List.of(), List.of());
        t.write(dir);
        Path tally = dir.resolve("getUser-42-7" + TallyFile.SUFFIX);
        Path held = Files.createLink(dir.resolve("held"), tally);
        String before = Files.readString(held);
        new TallyFile("getUser", 7, 42, 5, 0, List.of(), List.of()).write(dir);
        assertThat(held).hasContent(before);
        assertThat(TallyFile.read(tally).warmupCalls()).isEqualTo(5);
    }

    @Test
    void aTruncatedTallyIsNamedInOneLineAndTheOthersAreRead() throws Exception {
        new TallyFile("getUser", 1, 42, 0, 0, List.of(), List.of()).write(dir);
        String whole = Json.MAPPER.writeValueAsString(new TallyFile("listUser", 2, 43, 0, 0, List.of(), List.of()));
        Files.writeString(dir.resolve("listUser-43-2" + TallyFile.SUFFIX), whole.substring(0, whole.length() / 2));
        Files.writeString(dir.resolve("existUser-44-3" + TallyFile.SUFFIX), "{\"caseName\":\"existUser\",\"iterations\":[null]}");
        TallyFile.Read read = TallyFile.readEach(dir);
        assertThat(read.tallies()).extracting(TallyFile::caseName).containsExactly("getUser");
        assertThat(read.unreadable()).containsOnlyKeys("existUser-44-3" + TallyFile.SUFFIX, "listUser-43-2" + TallyFile.SUFFIX);
        read.unreadable().values().forEach(why -> assertThat(why).startsWith("cannot read the tally ").doesNotContain("\n"));
        assertThat(TallyFile.Read.caseOf("listUser-43-2" + TallyFile.SUFFIX)).isEqualTo("listUser");
    }
}
