package rpcx

import (
	"testing"

	"rpcbench/go/binding/bindingtest"
)

func TestEveryCaseMakesTheRoundTripAndAWrongAnswerIsCaught(t *testing.T) {
	bindingtest.RoundTrip(t, Pair{})
}

func TestEachCallerMayHaveItsOwnTCPConnection(t *testing.T) {
	bindingtest.PerCaller(t, Pair{})
}
