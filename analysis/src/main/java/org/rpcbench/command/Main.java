package org.rpcbench.command;

/**
 * The one program behind benchmark.sh: every command, every process. Exit 0 passed, 1 slower or failed, 2
 * bad input, 3 a server that cannot be benchmarked, 130 or 143 stopped by Ctrl-C or SIGTERM.
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        Context context = Context.system(System.out, System.err);
        Signals.install(context.stop, System.err);
        int exit = Cli.run(args, context);
        System.out.flush();
        System.err.flush();
        System.exit(exit);
    }
}
