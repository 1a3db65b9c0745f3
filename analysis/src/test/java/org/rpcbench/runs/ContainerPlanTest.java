package org.rpcbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContainerPlanTest {
    private final Path dir = Path.of("/home/u/rpc-bench/results/dubbo-hessian-1");

    private PairRunSettings settings(List<Integer> concurrency) {
        return new RunShape("-f 0 -wi 0 getUser", concurrency, false, List.of("-Xmx1g"), List.of("-Xmx512m"))
                .settings(Checkout.copyOf(Path.of("/home/u/rpc-bench"), "0123456789abcdef"), new Pair("dubbo-hessian", "java", 20880),
                        List.of("dubbo.filters=default"), dir, null).build();
    }

    @Test
    void theServerListensInItsContainerAndEachClientCallsItByNameIntoAFolderOfItsOwn() {
        ContainerPlan plan = ContainerPlan.of(settings(List.of(8)), "r1", "rpc-bench:0123456789ab", 2, 2);
        assertThat(plan.network()).isEqualTo("rpcbench-r1");
        assertThat(plan.networkArgs()).containsExactly("network", "create", "--label", "rpcbench.run=r1", "rpcbench-r1");
        assertThat(plan.server().createArgs(plan.network(), plan.image())).containsExactly("create", "--name", "rpcbench-r1-server",
                "--hostname", "rpcbench-r1-server", "--network", "rpcbench-r1", "--label", "rpcbench.pair=dubbo-hessian", "--label",
                "rpcbench.role=server", "--label", "rpcbench.run=r1", "--cpuset-cpus", "0", "--volume", "/tmp/hsperfdata_root", "--volume",
                "/tmp/rpcbench-go_root", "rpc-bench:0123456789ab", "java", "-Xmx1g",
                "-Drpcbench.switch.dubbo.filters=default", "-jar", "/opt/rpc-bench/dubbo-hessian-server/target/dubbo-hessian-server.jar",
                "--host", "0.0.0.0");
        ContainerPlan.Container second = plan.clients().get(1);
        assertThat(second.createArgs(plan.network(), plan.image())).containsExactly("create", "--name", "rpcbench-r1-client-2",
                "--hostname", "rpcbench-r1-client-2", "--network", "rpcbench-r1", "--label", "rpcbench.pair=dubbo-hessian", "--label",
                "rpcbench.role=client", "--label", "rpcbench.run=r1", "--cpuset-cpus", "1", "--pid", "container:rpcbench-r1-server",
                "--volumes-from", "rpcbench-r1-server",
                "--volume", dir + ":/results",
                "--env", "RPCBENCH_GIT_COMMIT=0123456789abcdef", "--env", "RPCBENCH_PINNING=server on CPU 0, client on CPUs 1",
                "--env", "RPCBENCH_SERVER_COMMAND=java -Xmx1g -Drpcbench.switch.dubbo.filters=default -jar "
                        + "/opt/rpc-bench/dubbo-hessian-server/target/dubbo-hessian-server.jar --host 0.0.0.0",
                "rpc-bench:0123456789ab", "java", "-Xmx512m", "-Drpcbench.switch.dubbo.filters=default", "-jar",
                "/opt/rpc-bench/dubbo-hessian-client/target/dubbo-hessian-client.jar", "--host", "rpcbench-r1-server",
                "--result", "/results/client-2/jmh.json", "--concurrency", "8", "--server-pid", "1", "-f", "0", "-wi", "0", "getUser");
        assertThat(plan.clientDirs()).containsExactly(dir.resolve("client-1"), dir.resolve("client-2"));
    }

    @Test
    void theClientsMeterTheServersFirstProcess() {
        ContainerPlan plan = ContainerPlan.of(settings(List.of()), "r1", "i", 1, 2);
        List<String> args = plan.clients().get(0).createArgs(plan.network(), "i");
        assertThat(args).containsSubsequence("--server-pid", "1");
        assertThat(args).doesNotContain("--concurrency");
    }

    @Test
    void oneClientWritesTheRunsOwnRecord() {
        ContainerPlan plan = ContainerPlan.of(settings(List.of()), "r1", "i", 1, 4);
        List<String> args = plan.clients().get(0).createArgs(plan.network(), "i");
        assertThat(plan.clientDirs()).containsExactly(dir);
        assertThat(args).containsSubsequence("--volume", dir.getParent() + ":/results");
        assertThat(args).containsSubsequence("--result", "/results/dubbo-hessian-1/jmh.json");
        assertThat(args).containsSubsequence("--cpuset-cpus", "1-3");
    }

    @Test
    void aHostOfOneCpuHasNoCpuSets() {
        ContainerPlan plan = ContainerPlan.of(settings(List.of()), "r1", "i", 3, 1);
        assertThat(plan.pinning().pinned()).isFalse();
        assertThat(plan.server().createArgs(plan.network(), "i")).doesNotContain("--cpuset-cpus");
        assertThat(plan.clients()).allSatisfy(c -> assertThat(c.createArgs(plan.network(), "i")).doesNotContain("--cpuset-cpus")
                .doesNotContain("RPCBENCH_PINNING"));
    }

    @Test
    void aGoPairRunsItsBinaryInEachContainer() {
        PairRunSettings.Builder b = PairRunSettings.of(Checkout.copyOf(Path.of("/x"), "c"), new Pair("grpc-go", "go", 50051),
                PairRunSettings.Side.PAIR);
        b.resultFile = dir.resolve("jmh.json");
        ContainerPlan plan = ContainerPlan.of(b.build(), "r2", "i", 2, 2);
        assertThat(plan.server().command()).containsExactly("/opt/rpc-bench/go/target/bin/rpcbench-go", "server", "--pair", "grpc-go",
                "--host", "0.0.0.0");
        assertThat(plan.clients().get(0).command()).startsWith("/opt/rpc-bench/go/target/bin/rpcbench-go", "client", "--pair", "grpc-go",
                "--host", "rpcbench-r2-server");
    }

    @Test
    void aSweepOrNoClientIsNoPlan() {
        assertThatThrownBy(() -> ContainerPlan.of(settings(List.of(4, 8)), "r", "i", 1, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ContainerPlan.of(settings(List.of()), "r", "i", 0, 2)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theImageIsNamedAsTheBuildScriptTagsIt() {
        assertThat(DockerImage.tagOf("0123456789abcdef0123")).isEqualTo("rpc-bench:0123456789ab");
        assertThat(DockerImage.tagOf("0123456789abcdef0123+dirty")).isEqualTo("rpc-bench:0123456789ab-dirty");
        assertThat(DockerImage.runId(Clock.fixed(Instant.parse("2026-11-28T14:05:06Z"), ZoneOffset.UTC))).matches("20261128-140506-[0-9a-f]{4}");
    }
}
