package org.rpcbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultArchiveTest {
    @Test
    void filesComeBackAsTheyWent() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("run.json", "{}".getBytes(StandardCharsets.UTF_8));
        files.put("tallies/fork-1/histogram.hgrm", new byte[1500]);
        files.put("empty", new byte[0]);

        Map<String, byte[]> back = ResultArchive.unpack(ResultArchive.pack(files));

        assertThat(back.keySet()).containsExactly("run.json", "tallies/fork-1/histogram.hgrm", "empty");
        assertThat(back.get("tallies/fork-1/histogram.hgrm")).hasSize(1500);
        assertThat(back.get("run.json")).isEqualTo("{}".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aNameLeavingTheFolderOrTextThatIsNoArchiveIsRefused() {
        assertThatThrownBy(() -> ResultArchive.unpack(ResultArchive.pack(Map.of("../evil", new byte[1]))))
                .hasMessageContaining("outside its folder");
        assertThatThrownBy(() -> ResultArchive.unpack("bm90IGEgdGFy")).hasMessageContaining("not a gzipped tar");
    }
}
