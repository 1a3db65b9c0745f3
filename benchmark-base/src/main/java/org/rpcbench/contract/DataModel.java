package org.rpcbench.contract;

/**
 * Which data the contract carries, named so that run records can say what was measured: runs of different
 * data models measured different work and are never compared.
 */
public final class DataModel {
    /** The contract as it is: User's times as epoch milliseconds, sex an enum. */
    public static final String ID = "epoch-times";

    private DataModel() {}
}
