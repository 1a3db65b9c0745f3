package org.rpcbench.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OpenFilesTest {

    @Test
    void aLimitWithRoomForEveryCallerAndTheSpareIsEnough() {
        OpenFiles files = new OpenFiles(1024, 96);
        assertThat(files.shortOf(1024 - 96 - OpenFiles.SPARE, "this client")).isNull();
        assertThat(files.shortOf(1024 - 96 - OpenFiles.SPARE + 1, "this client")).isEqualTo("801 connections, one per caller,"
                + " need 929 more open files in this client, whose limit is 1024 with 96 open: raise its limit (ulimit -n) or"
                + " give fewer threads");
    }

    @Test
    void thisProcessAndAnotherAreRead() {
        OpenFiles own = OpenFiles.own();
        assertThat(own.limit()).isGreaterThan(own.open());
        assertThat(own.open()).isPositive();
        OpenFiles viaProc = OpenFiles.of(ProcessHandle.current().pid()).orElseThrow();
        assertThat(viaProc.limit()).isEqualTo(own.limit());
        assertThat(viaProc.open()).isPositive();
        assertThat(OpenFiles.of(Long.MAX_VALUE)).as("no such process").isEmpty();
    }
}
