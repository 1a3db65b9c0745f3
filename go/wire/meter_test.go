package wire

import (
	"testing"
	"time"

	"rpcbench/go/binding/bindingtest"
	"rpcbench/go/binding/grpcgo"
	"rpcbench/go/cases"
)

func TestEveryCaseHasItsBytesOnTheWireBothWays(t *testing.T) {
	addr := bindingtest.Serve(t, grpcgo.Pair{})
	sizes, err := Measure(grpcgo.Pair{}, addr, 5*time.Second, cases.All)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases.All {
		s := sizes[c]
		if s == nil || s.Request <= 0 || s.Response <= 0 {
			t.Errorf("%s: %+v", c, s)
		}
	}
	// a page of 15 users is far larger than its request
	if sizes[cases.ListUser].Response < 10*sizes[cases.ListUser].Request {
		t.Errorf("listUser: %+v", sizes[cases.ListUser])
	}
}
