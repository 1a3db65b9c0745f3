package org.rpcbench.launcher;

import java.io.PrintStream;
import org.rpcbench.binding.ClientBinding;

/** Lets binding modules' tests run the launcher with a binding they name. */
public final class ClientMainAccess {
    private ClientMainAccess() {}

    public static int run(ClientBinding binding, String[] args, PrintStream out, PrintStream err) {
        return ClientMain.run(binding, args, out, err);
    }
}
