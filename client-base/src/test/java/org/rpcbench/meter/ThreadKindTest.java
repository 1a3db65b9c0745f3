package org.rpcbench.meter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Thread names as Linux keeps them (15 bytes), as read from a dubbo-hessian server on JDK 17 and 25. */
class ThreadKindTest {

    @Test
    void hotSpotsCompilersAreTheJit() {
        assertThat(ThreadKind.of("C1 CompilerThre")).isEqualTo(ThreadKind.JIT);
        assertThat(ThreadKind.of("C2 CompilerThre")).isEqualTo(ThreadKind.JIT);
        assertThat(ThreadKind.of("Sweeper thread")).isEqualTo(ThreadKind.JIT);
        assertThat(ThreadKind.of("JVMCI CompilerT")).isEqualTo(ThreadKind.JIT);
    }

    @Test
    void theCollectorsThreadsAndTheVmThreadAreTheGc() {
        for (String gc : new String[] {"GC Thread#0", "GC Thread#1", "G1 Main Marker", "G1 Conc#0", "G1 Refine#0", "G1 Service",
                "VM Thread", "ZWorker#3", "ZDriverMajor", "Shenandoah Cont"}) {
            assertThat(ThreadKind.of(gc)).as(gc).isEqualTo(ThreadKind.GC);
        }
    }

    @Test
    void theJvmsHousekeepingAndRpcBenchsMetersAreOther() {
        for (String other : new String[] {"VM Periodic Tas", "Service Thread", "Monitor Deflati", "Signal Dispatch",
                "Notification Th", "Attach Listener", "rpc-bench-alloc", "rpc-bench-windo"}) {
            assertThat(ThreadKind.of(other)).as(other).isEqualTo(ThreadKind.OTHER);
        }
    }

    @Test
    void everythingElseIsTheServiceGoThreadsIncluded() {
        for (String service : new String[] {"NettyServerWork", "NettyServerBoss", "DubboServerHand", "Dubbo-framework",
                "Dubbo-global-sh", "java", "Reference Handl", "Finalizer", "Common-Cleaner", "grpc-default-ex", "jmh-worker-1",
                "rpcbench-go", "ZooKeeper", "GC", "C2"}) {
            assertThat(ThreadKind.of(service)).as(service).isEqualTo(ThreadKind.SERVICE);
        }
    }
}
