package org.rpcbench.runs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command lines of a run's two sides, from its settings: the server's jar (or the Go binary) with the
 * server's JVM options, the switches and, when profiled, its flight recording and profiler agent; the
 * client's with the address to call, where its results go, how many calls are in flight and the server's
 * process to meter, or the server's meter endpoint when it has one. A framework switch is a system property of every JVM, a {@code --switch} of the Go binary.
 *
 * @param s the run's settings
 * @param profiler the profiler of a profiled run, or null
 */
record Launch(PairRunSettings s, Pinning pinning, Profiler profiler) {

    /**
     * @param port the port to listen on, or null for the pair's own
     * @param jfr the flight recording of a profiled server, or null
     * @param flame its flame graph, or null
     */
    List<String> server(Integer port, Path jfr, Path flame) {
        List<String> cmd = new ArrayList<>();
        if (s.pair().go()) {
            cmd.addAll(List.of(s.checkout().goBinary().toString(), "server", "--pair", s.pair().name()));
            goSwitches(cmd);
        } else {
            cmd.add("java");
            cmd.addAll(s.serverJvm());
            javaSwitches(cmd);
            if (jfr != null) {
                cmd.add("-XX:StartFlightRecording=filename=" + jfr + ",settings=profile,dumponexit=true");
            }
            if (flame != null && profiler != null) {
                cmd.add(profiler.agent(flame));
            }
            cmd.addAll(List.of("-jar", s.checkout().jar(s.pair().name(), "server").toString()));
        }
        cmd.addAll(List.of("--host", s.host()));
        if (port != null) {
            cmd.addAll(List.of("--port", port.toString()));
        }
        if (s.meterEndpoint()) {
            cmd.addAll(List.of("--meter-port", s.meterPort().toString()));
        }
        return Pinning.on(pinning.serverCpus(), cmd);
    }

    /**
     * @param port the server's port, or null for the pair's own
     * @param threads calls in flight, or null for the client's default
     * @param serverPid the server's process on this machine, or -1
     * @param flameDir where a profiled client's flame graphs go, or null
     */
    List<String> client(Integer port, Path result, Integer threads, long serverPid, Path flameDir) {
        List<String> cmd = new ArrayList<>();
        if (s.pair().go()) {
            cmd.addAll(List.of(s.checkout().goBinary().toString(), "client", "--pair", s.pair().name()));
            goSwitches(cmd);
        } else {
            // the launcher measures itself in an open loop or with JMH's -f 0; JMH's forks get the same options
            cmd.add("java");
            cmd.addAll(s.clientJvm());
            javaSwitches(cmd);
            cmd.addAll(List.of("-jar", s.checkout().jar(s.pair().name(), "client").toString()));
        }
        cmd.addAll(List.of("--host", s.host()));
        if (port != null) {
            cmd.addAll(List.of("--port", port.toString()));
        }
        cmd.addAll(List.of("--result", result.toString()));
        if (threads != null) {
            cmd.addAll(List.of("--concurrency", threads.toString()));
        }
        if (s.meterEndpoint()) {
            // over the network, as a client on another host reads it, Java's or Go's
            cmd.addAll(List.of("--server-meter", meterAddress(s.host(), s.meterPort())));
        } else if (serverPid > 0) {
            cmd.addAll(List.of("--server-pid", String.valueOf(serverPid)));
        }
        if (s.rate() != null) {
            cmd.addAll(List.of("--rate", s.rate().toString()));
        }
        if (s.profiling()) {
            cmd.add("--jfr");
            if (profiler != null && flameDir != null) {
                cmd.addAll(List.of("-prof", profiler.jmhProfiler(flameDir)));
            }
        }
        cmd.addAll(s.clientArgs());
        return Pinning.on(pinning.clientCpus(), cmd);
    }

    /** HOST:PORT, an IPv6 host in brackets. */
    static String meterAddress(String host, int port) {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    private void javaSwitches(List<String> cmd) {
        s.switches().forEach(w -> cmd.add("-D" + org.rpcbench.binding.Switch.PREFIX + w));
    }

    private void goSwitches(List<String> cmd) {
        s.switches().forEach(w -> cmd.addAll(List.of("--switch", w)));
    }
}
