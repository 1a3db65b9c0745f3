package grpcgo

import (
	"testing"

	"rpcbench/go/binding/bindingtest"
)

func TestEveryCaseMakesTheRoundTripAndAWrongAnswerIsCaught(t *testing.T) {
	bindingtest.RoundTrip(t, Pair{})
}
