package org.rpcbench.cluster;

import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * kubernetes-validate, run as a process on files: the schemas of {@value #KUBERNETES}, strict (a field the
 * schema does not know is an error). Found through RPCBENCH_KUBERNETES_VALIDATE (test.sh sets it, from
 * .ci/kubernetes-validate) or on the PATH. Missing, the calling test is skipped saying so; in CI (CI=true)
 * it fails.
 */
final class KubernetesValidator {
    static final String KUBERNETES = "1.30.0";

    record Verdict(int exitCode, String output) {}

    private final String executable;

    private KubernetesValidator(String executable) {
        this.executable = executable;
    }

    static KubernetesValidator find() {
        String given = System.getenv("RPCBENCH_KUBERNETES_VALIDATE");
        if (given != null && !given.isBlank() && Files.isExecutable(Path.of(given))) {
            return new KubernetesValidator(given);
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "kubernetes-validate");
            if (!dir.isEmpty() && Files.isExecutable(candidate)) {
                return new KubernetesValidator(candidate.toString());
            }
        }
        String missing = "kubernetes-validate is missing (not at RPCBENCH_KUBERNETES_VALIDATE='" + given
                + "' nor on the PATH): .ci/kubernetes-validate installs it and prints its path";
        if ("true".equals(System.getenv("CI"))) {
            fail(missing);
        }
        Assumptions.abort("SKIPPED: " + missing);
        return null;
    }

    Verdict validate(List<Path> files) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(executable, "--strict", "-k", KUBERNETES));
        files.forEach(f -> command.add(f.toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("kubernetes-validate did not finish within 120 s");
        }
        return new Verdict(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
