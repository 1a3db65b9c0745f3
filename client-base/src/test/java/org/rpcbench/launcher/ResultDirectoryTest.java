package org.rpcbench.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A client alone, its result not named: two started in the same second write into two directories. */
class ResultDirectoryTest {
    @Test
    void clientsStartedInTheSameSecondGetADirectoryEach(@TempDir Path dir) throws Exception {
        LocalDateTime second = LocalDateTime.parse("2026-11-28T10:15:30");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<Path>> made = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            made.add(pool.submit(() -> ClientOptions.newResultDirectory(dir.resolve("results"), "dubbo-hessian", second)));
        }
        List<String> names = new ArrayList<>();
        for (Future<Path> f : made) {
            names.add(f.get().getFileName().toString());
        }
        pool.shutdown();
        assertThat(names).doesNotHaveDuplicates().hasSize(6).contains("dubbo-hessian-20261128-101530", "dubbo-hessian-20261128-101530-6");
    }
}
