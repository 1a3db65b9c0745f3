package org.rpcbench.contract;

/**
 * Which data model the contract carries, for run records: results of different models are not
 * comparable (the User of the seeds' java.time fields costs some serializations far more than epoch
 * numbers did). Records that carry no model were made with {@link #EPOCH_TIMES}.
 */
public final class DataModel {
    /** The model of this contract. */
    public static final String ID = "seed-java-time";
    public static final String DESCRIPTION = "the seeds' User: java.time birthday/createTime/updateTime, int sex;"
            + " createTime set by the server on every call";
    /** The model before: times as epoch milliseconds, sex an enum. Records without a data model have it. */
    public static final String EPOCH_TIMES = "epoch-times";

    private DataModel() {}
}
