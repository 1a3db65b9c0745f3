package org.rpcbench.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.net.http.HttpTimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/** The test rerun: only for the defect's timeout, at most three runs in all; every other failure fails at once. */
class RerunOnHttp1DefectTest {
    static final AtomicInteger RUNS = new AtomicInteger();

    /** Tests run by the launcher below, not by the build: each counts its runs and fails as its name says. */
    @ExtendWith(RerunOnHttp1Defect.class)
    static class Subjects {
        @Test
        void timesOutOnceThenPasses() throws Exception {
            if (RUNS.incrementAndGet() == 1) {
                throw new AssertionError("getUser #3 failed", new HttpTimeoutException("request timed out"));
            }
        }

        @Test
        void alwaysTimesOut() throws Exception {
            RUNS.incrementAndGet();
            throw new HttpTimeoutException("request timed out");
        }

        @Test
        void failsOtherwise() {
            RUNS.incrementAndGet();
            throw new AssertionError("expected user 3, got null");
        }

        @Test
        void timesOutThenFailsOtherwise() throws Exception {
            if (RUNS.incrementAndGet() == 1) {
                throw new HttpTimeoutException("request timed out");
            }
            throw new java.io.IOException("HTTP/1.1 header parser received no bytes");
        }
    }

    static TestExecutionSummary run(String method) {
        RUNS.set(0);
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        Launcher launcher = LauncherFactory.create();
        launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectMethod(Subjects.class, method)).build(), listener);
        return listener.getSummary();
    }

    @Test
    void theDefectsTimeoutIsRunAgainAndPassesWhenTheNextRunDoes() {
        assertThat(run("timesOutOnceThenPasses").getTestsSucceededCount()).isEqualTo(1);
        assertThat(RUNS).hasValue(2);
    }

    @Test
    void atMostThreeRunsInAll() {
        TestExecutionSummary s = run("alwaysTimesOut");
        assertThat(s.getTestsFailedCount()).isEqualTo(1);
        assertThat(RUNS).hasValue(RerunOnHttp1Defect.RUNS);
        assertThat(s.getFailures().get(0).getException()).isInstanceOf(HttpTimeoutException.class);
    }

    @Test
    void anyOtherFailureFailsAtOnceWithoutARunAgain() {
        assertThat(run("failsOtherwise").getTestsFailedCount()).isEqualTo(1);
        assertThat(RUNS).hasValue(1);
        TestExecutionSummary s = run("timesOutThenFailsOtherwise");
        assertThat(s.getTestsFailedCount()).isEqualTo(1);
        assertThat(RUNS).hasValue(2);
        assertThat(s.getFailures().get(0).getException()).hasMessage("HTTP/1.1 header parser received no bytes");
    }
}
