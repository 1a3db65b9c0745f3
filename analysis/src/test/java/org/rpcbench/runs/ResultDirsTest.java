package org.rpcbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.cli.UsageException;

/** Result directories: new every time, named to the second with a suffix when taken; a claimed one is no one else's. */
class ResultDirsTest {
    @TempDir
    Path dir;

    final Clock second = Clock.fixed(Instant.parse("2026-11-26T10:15:30Z"), ZoneOffset.UTC);

    @Test
    void directoriesMadeInTheSameSecondAreEachNew() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Path>> made = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            made.add(pool.submit(() -> {
                go.await();
                return ResultDirs.create(dir.resolve("results"), "dubbo-hessian", second);
            }));
        }
        go.countDown();
        List<String> names = new ArrayList<>();
        for (Future<Path> f : made) {
            names.add(f.get().getFileName().toString());
        }
        pool.shutdown();
        Collections.sort(names);
        assertThat(names).containsExactlyInAnyOrder("dubbo-hessian-20261126-101530", "dubbo-hessian-20261126-101530-2",
                "dubbo-hessian-20261126-101530-3", "dubbo-hessian-20261126-101530-4", "dubbo-hessian-20261126-101530-5",
                "dubbo-hessian-20261126-101530-6", "dubbo-hessian-20261126-101530-7", "dubbo-hessian-20261126-101530-8");
    }

    @Test
    void aResultIsNotReplacedUnlessAskedAndAClaimedDirectoryIsRefused() throws Exception {
        Path file = dir.resolve("run/jmh.json");
        try (ResultDirs.Claim claim = ResultDirs.claim(List.of(file), false)) {
            assertThat(dir.resolve("run/" + ResultDirs.CLAIM)).exists();
            // a live process (this test's own parent, say) holds it: another run is refused
            Files.writeString(dir.resolve("run/" + ResultDirs.CLAIM), String.valueOf(ProcessHandle.current().parent().orElseThrow().pid()));
            assertThatThrownBy(() -> ResultDirs.claim(List.of(dir.resolve("run/other.json")), false))
                    .isInstanceOf(UsageException.class).hasMessageContaining("another run (pid");
        }
        assertThat(dir.resolve("run/" + ResultDirs.CLAIM)).as("the other run's claim is its own to let go").exists();
        Files.delete(dir.resolve("run/" + ResultDirs.CLAIM));
        Files.writeString(dir.resolve("run/run.json"), "{}");
        assertThatThrownBy(() -> ResultDirs.claim(List.of(file), false)).isInstanceOf(UsageException.class)
                .hasMessage(dir.resolve("run/run.json") + " holds a result already (give another -f, or --overwrite to replace it)");
        ResultDirs.claim(List.of(file), true).close();
        // a claim left by a process that is gone is taken over
        Files.writeString(dir.resolve("run/" + ResultDirs.CLAIM), "999999999");
        ResultDirs.claim(List.of(file), true).close();
    }

    @Test
    void anUnwritableResultsDirectoryIsBadInputInOneLine() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertThatThrownBy(() -> ResultDirs.create(file.resolve("results"), "p", second)).isInstanceOf(UsageException.class)
                .hasMessageStartingWith("cannot write results in " + file.resolve("results") + ": ");
        assertThatThrownBy(() -> ResultDirs.claim(List.of(file.resolve("x/jmh.json")), false)).isInstanceOf(UsageException.class)
                .hasMessageStartingWith("cannot write results in ");
    }

    @Test
    void anOverwrittenResultIsSetAsideBeforeTheRunSoThatAFailedRunLeavesNoOldRecord() throws Exception {
        Path file = dir.resolve("run/jmh.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "old jmh");
        Files.writeString(dir.resolve("run/run.json"), "old record");
        try (ResultDirs.Claim claim = ResultDirs.claim(List.of(file), true)) {
            assertThat(file).doesNotExist();
            assertThat(dir.resolve("run/run.json")).doesNotExist();
        }
        assertThat(dir.resolve("run/run.json.replaced")).hasContent("old record");
        assertThat(dir.resolve("run/jmh.json.replaced")).hasContent("old jmh");
        assertThat(org.rpcbench.record.Records.find(dir)).as("a record set aside is no record").isEmpty();
    }

    @Test
    void closingAClaimLeavesAnotherRunsClaimAlone() throws Exception {
        Path file = dir.resolve("run/jmh.json");
        Path claimFile = dir.resolve("run/" + ResultDirs.CLAIM);
        String other = String.valueOf(ProcessHandle.current().parent().orElseThrow().pid());
        ResultDirs.Claim claim = ResultDirs.claim(List.of(file), false);
        // this run's claim was taken over (its process seemed gone, say) by another, live run
        Files.delete(claimFile);
        Files.writeString(claimFile, other);
        claim.close();
        assertThat(claimFile).as("another run's claim").hasContent(other);
    }

    @Test
    void aClaimIsNeverSeenWithoutItsProcessId() throws Exception {
        Path file = dir.resolve("run/jmh.json");
        Path claimFile = dir.resolve("run/" + ResultDirs.CLAIM);
        Files.createDirectories(claimFile.getParent());
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicInteger empty = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger seen = new java.util.concurrent.atomic.AtomicInteger();
        Thread reader = new Thread(() -> {
            while (!done.get()) {
                try {
                    String held = Files.readString(claimFile);
                    seen.incrementAndGet();
                    if (held.isEmpty()) {
                        empty.incrementAndGet();
                    }
                } catch (java.io.IOException gone) {
                    // no claim between two runs
                }
            }
        });
        reader.start();
        try {
            for (int i = 0; i < 3000; i++) {
                ResultDirs.claim(List.of(file), false).close();
            }
        } finally {
            done.set(true);
            reader.join();
        }
        assertThat(seen.get()).as("the reader saw claims").isPositive();
        assertThat(empty.get()).as("claims seen empty").isZero();
    }
}
