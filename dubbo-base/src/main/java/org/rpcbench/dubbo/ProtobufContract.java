package org.rpcbench.dubbo;

import java.util.List;
import java.util.stream.Collectors;
import org.apache.dubbo.common.serialize.protobuf.support.ProtobufUtils;
import org.rpcbench.contract.proto.BenchmarkMessage;
import org.rpcbench.contract.proto.BoolReply;
import org.rpcbench.contract.proto.EchoText;
import org.rpcbench.contract.proto.Empty;
import org.rpcbench.contract.proto.ExistUserRequest;
import org.rpcbench.contract.proto.GetUserRequest;
import org.rpcbench.contract.proto.ListUserRequest;
import org.rpcbench.contract.proto.Page;
import org.rpcbench.contract.proto.Person;
import org.rpcbench.contract.proto.User;

/**
 * Dubbo's protobuf serialization on the dubbo protocol parses only message types it was told about
 * beforehand ("Protobuf classes should be registered in advance"), on both sides: every request and
 * answer type of the contract's protobuf twin. It keys parsers by class, so order does not matter here.
 */
public final class ProtobufContract {
    static final List<com.google.protobuf.MessageLite> MESSAGES = List.of(
            ExistUserRequest.getDefaultInstance(), GetUserRequest.getDefaultInstance(), ListUserRequest.getDefaultInstance(),
            User.getDefaultInstance(), Page.getDefaultInstance(), BoolReply.getDefaultInstance(),
            Empty.getDefaultInstance(), EchoText.getDefaultInstance(), Person.getDefaultInstance(),
            BenchmarkMessage.getDefaultInstance());

    private ProtobufContract() {}

    /** Once per JVM is enough; repeating is harmless. */
    public static void register() {
        MESSAGES.forEach(ProtobufUtils::marshaller);
    }

    /** The registered message types, as recorded in run records. */
    public static String describe() {
        return MESSAGES.stream().map(m -> m.getClass().getSimpleName()).collect(Collectors.joining(", "));
    }
}
