package org.rpcbench.record;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The order a run's cases (and groups, each one benchmark) were asked to run in, and the order they started in. A
 * run told a seed ran its benchmarks in the order that seed draws from its selection; a run told none ran them in
 * JMH's own order (by name). Records from before this was written have none.
 *
 * @param seed the seed the order was drawn with, or null for JMH's order
 * @param asked the order asked for
 * @param ran the order the benchmarks started in: the order asked, or a beginning of it when the run stopped early
 */
public record CaseOrder(@JsonInclude(JsonInclude.Include.NON_NULL) Long seed, List<String> asked, List<String> ran) {

    public CaseOrder {
        asked = asked == null ? List.of() : List.copyOf(asked);
        ran = ran == null ? List.of() : List.copyOf(ran);
    }

    /** Whether the benchmarks started in the order asked (those that started at all). */
    @JsonIgnore
    public boolean kept() {
        return ran.size() <= asked.size() && asked.subList(0, ran.size()).equals(ran);
    }
}
