package org.rpcbench.record;

import java.util.List;

/**
 * One kind of problem a case met, and how often: every failed call is counted under exactly one kind, so a
 * case's kinds add up to its errors, warm-up included.
 *
 * @param kind the problem with its numbers masked ({@link ProblemTally#kind}): "HttpTimeoutException: request
 *     timed out", "wrong answer: expected user #, got null"
 * @param count the failed calls of this kind
 * @param examples the first few of them as they were reported, numbers and all
 */
public record ProblemKind(String kind, long count, List<String> examples) {
    public ProblemKind {
        examples = examples == null ? List.of() : List.copyOf(examples);
    }
}
