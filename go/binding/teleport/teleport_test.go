package teleport

import (
	"context"
	"testing"
	"time"

	erpc "github.com/henrylee2cn/erpc/v6"

	"rpcbench/go/cases"
	"rpcbench/go/contract"

	"rpcbench/go/binding/bindingtest"
)

// The server speaks seed 002's pbproto framing: a client on erpc's default framing (rawproto) gets no
// answer, and closing its connection with the call unanswered does not wait for the answer.
func TestTheServerSpeaksPbprotoNotErpcsDefaultFraming(t *testing.T) {
	addr := bindingtest.Serve(t, Pair{})
	erpc.SetLoggerLevel("OFF")
	peer := erpc.NewPeer(erpc.PeerConfig{DefaultBodyCodec: "protobuf", DialTimeout: time.Second})
	sess, stat := peer.Dial(addr)
	if !stat.OK() {
		t.Fatal(stat)
	}
	c := conn{peer: peer, sess: sess}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if _, err := c.Method(cases.ExistUser)(ctx, &contract.ExistUserRequest{}); err == nil {
		t.Error("a rawproto client was answered")
	}
}
