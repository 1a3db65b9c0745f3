package org.rpcbench.cluster;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodStatus;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What keeps a pod from doing its part, read from its status: failed (with its exit code and the end of
 * its log), evicted or disrupted, on a lost node, or a container that cannot start (an image that cannot
 * be pulled, a bad configuration). Pending, scheduling and running are no trouble: the waits' deadlines
 * handle a pod that never gets further, and name its last condition.
 */
final class PodTrouble {
    private static final Set<String> CANNOT_START = Set.of("ErrImagePull", "ImagePullBackOff", "InvalidImageName",
            "ErrImageNeverPull", "CreateContainerConfigError", "CreateContainerError", "CrashLoopBackOff", "RunContainerError");

    private PodTrouble() {}

    static Optional<String> of(Pod pod) {
        PodStatus status = pod.getStatus();
        String name = "pod " + pod.getMetadata().getName() + onNode(pod);
        if (status == null) {
            return Optional.empty();
        }
        if ("Evicted".equals(status.getReason())) {
            return Optional.of(name + " was evicted: " + orNone(status.getMessage()));
        }
        if ("NodeLost".equals(status.getReason()) || "Unknown".equals(status.getPhase())) {
            return Optional.of(name + ": its node was lost (phase " + status.getPhase() + ")");
        }
        for (PodCondition c : list(status.getConditions())) {
            if ("DisruptionTarget".equals(c.getType()) && "True".equals(c.getStatus())) {
                return Optional.of(name + " was disrupted (" + c.getReason() + "): " + orNone(c.getMessage()));
            }
        }
        for (ContainerStatus c : containers(status)) {
            if (c.getState() != null && c.getState().getWaiting() != null && CANNOT_START.contains(c.getState().getWaiting().getReason())) {
                return Optional.of(name + " cannot start: " + c.getState().getWaiting().getReason() + ": "
                        + orNone(c.getState().getWaiting().getMessage()));
            }
        }
        if ("Failed".equals(status.getPhase())) {
            for (ContainerStatus c : containers(status)) {
                if (c.getState() != null && c.getState().getTerminated() != null) {
                    var t = c.getState().getTerminated();
                    return Optional.of(name + " failed: exit " + t.getExitCode() + " (" + orNone(t.getReason()) + "): " + lastLine(t.getMessage()));
                }
            }
            return Optional.of(name + " failed: " + orNone(status.getReason()) + ": " + orNone(status.getMessage()));
        }
        return Optional.empty();
    }

    /** Why a pod is not ready yet, for a deadline's message: its phase and its last false condition. */
    static String waitingFor(Pod pod) {
        PodStatus status = pod.getStatus();
        if (status == null || status.getPhase() == null) {
            return "no status yet";
        }
        StringBuilder why = new StringBuilder("phase " + status.getPhase());
        for (PodCondition c : list(status.getConditions())) {
            if ("False".equals(c.getStatus()) && c.getReason() != null) {
                why.append(", ").append(c.getType()).append(": ").append(c.getReason());
                if (c.getMessage() != null) {
                    why.append(" (").append(c.getMessage()).append(')');
                }
            }
        }
        return why.toString();
    }

    static boolean ready(Pod pod) {
        return pod.getStatus() != null && "Running".equals(pod.getStatus().getPhase())
                && list(pod.getStatus().getConditions()).stream().anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
    }

    static String node(Pod pod) {
        return pod.getSpec() == null ? null : pod.getSpec().getNodeName();
    }

    private static String onNode(Pod pod) {
        String node = node(pod);
        return node == null ? "" : " (node " + node + ")";
    }

    private static List<ContainerStatus> containers(PodStatus status) {
        return list(status.getContainerStatuses());
    }

    private static <T> List<T> list(List<T> l) {
        return l == null ? List.of() : l;
    }

    private static String orNone(String s) {
        return s == null || s.isBlank() ? "no message" : s;
    }

    private static String lastLine(String s) {
        if (s == null || s.isBlank()) {
            return "no message";
        }
        List<String> lines = s.strip().lines().toList();
        return lines.get(lines.size() - 1).strip();
    }
}
