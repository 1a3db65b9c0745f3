package org.rpcbench.contract;

public enum Sex {
    MALE,
    FEMALE
}
