package org.rpcbench.history;

/** A store's address fit to print: any password in it taken out. */
final class Redaction {

    private Redaction() {}

    /** The address with a {@code password=} parameter's value and a {@code user:password@} password as {@code ***}. */
    static String redact(String where) {
        return where.replaceAll("(?i)(password=)[^&;]*", "$1***").replaceAll("//([^/@:]*):[^/@]*@", "//$1:***@");
    }
}
