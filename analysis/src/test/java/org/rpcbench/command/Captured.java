package org.rpcbench.command;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.rpcbench.runs.Checkout;
import org.rpcbench.runs.PairRunner;
import org.rpcbench.runs.Stop;

/** A command line run in this JVM, with what it printed kept apart on each stream. */
final class Captured {
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();
    final Stop stop = Stop.system();
    Map<String, String> env = Map.of();
    Path root = Path.of("..").toAbsolutePath().normalize();
    Clock clock = Clock.systemDefaultZone();
    /** The checkout's commit, as git would say it. */
    String commit = "test";
    PairRunner runner;
    /** How a run on Kubernetes reaches its cluster; null: the kubeconfig's. */
    KubernetesAccess kubernetes;

    Context context() {
        return new Context(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), env,
                Checkout.copyOf(root, commit), stop, clock, runner, kubernetes != null ? kubernetes : KubernetesAccess.kubeconfig());
    }

    int run(String... args) {
        out.reset();
        err.reset();
        return Cli.run(args, context());
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    List<String> errLines() {
        return err().lines().toList();
    }
}
