package org.rpcbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every file the analysis, the client and the records write for others to read is written whole
 * (org.rpcbench.record.WholeFile): none of their sources writes a file in place. A {@code Files.writeString}
 * of a report, or Jackson writing straight into a file, fails it. The run's log (appended as it goes) is no
 * record, and is written where it is.
 */
class WholeWritesTest {
    static final Pattern IN_PLACE = Pattern.compile("Files\\.write(String)?\\(|\\.writeValue\\(|new FileWriter\\(|StandardOpenOption\\.APPEND");

    @Test
    void noSourceWritesAFileInPlace() throws Exception {
        List<String> found = new ArrayList<>();
        for (String module : List.of("src/main/java", "../client-base/src/main/java", "../run-record/src/main/java")) {
            try (Stream<Path> files = Files.walk(Path.of(module))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    if (f.getFileName().toString().equals("WholeFile.java")) {
                        continue;
                    }
                    List<String> lines = Files.readAllLines(f);
                    for (int i = 0; i < lines.size(); i++) {
                        if (IN_PLACE.matcher(lines.get(i)).find()) {
                            found.add(f + ":" + (i + 1) + ": " + lines.get(i).strip());
                        }
                    }
                }
            }
        }
        assertThat(found).isEmpty();
    }
}
