// Package cases holds the measured cases and their deterministic fixtures, ported from benchmark-base's
// org.rpcbench.cases (Case, Fixtures, ProtoFixtures): for the same case and sequence number the Go and
// the Java side build the same request and expect the same answer, byte for byte in protobuf (checked
// by the shared vectors, see vectors_test.go).
package cases

import (
	"fmt"
	"regexp"
	"strings"
)

// Case is one measured call of the contract; its name is the Java method name, used everywhere.
type Case string

const (
	ExistUser  Case = "existUser"
	CreateUser Case = "createUser"
	GetUser    Case = "getUser"
	ListUser   Case = "listUser"
	Ping       Case = "ping"
	Say        Case = "say"
)

// Every case the Go pairs carry, in the Java enum's order. The Java cases not here (the echoes, and any
// case added to the Java enum without a port) are not carried: a pattern selecting only them selects
// nothing here. Naming them is left to the Java side, so that a Java case needs no change here.
var All = []Case{ExistUser, CreateUser, GetUser, ListUser, Ping, Say}

// Default is what a run measures when no case is named: seed 001's four UserService calls.
var Default = []Case{ExistUser, CreateUser, GetUser, ListUser}

// BenchmarkPrefix makes a case's full JMH benchmark name, which patterns are matched against, so that
// a pattern written for the Java client selects the same cases here.
const BenchmarkPrefix = "org.rpcbench.rig.UserServiceBenchmark."

// Named is the case of that name, or false.
func Named(name string) (Case, bool) {
	for _, c := range All {
		if string(c) == name {
			return c, true
		}
	}
	return "", false
}

// Names lists the cases carried, for messages.
func Names() string {
	names := make([]string, len(All))
	for i, c := range All {
		names[i] = string(c)
	}
	return strings.Join(names, ", ")
}

// Select applies JMH's rule: a case is in when some include pattern is found in its full benchmark
// name and no exclude pattern is; no includes means the default cases.
func Select(includes, excludes []string) ([]Case, error) {
	if len(includes) == 0 {
		return append([]Case(nil), Default...), nil
	}
	in, err := compile(includes)
	if err != nil {
		return nil, err
	}
	out, err := compile(excludes)
	if err != nil {
		return nil, err
	}
	var selected []Case
	for _, c := range All {
		name := BenchmarkPrefix + string(c)
		if anyFound(in, name) && !anyFound(out, name) {
			selected = append(selected, c)
		}
	}
	return selected, nil
}

func compile(patterns []string) ([]*regexp.Regexp, error) {
	res := make([]*regexp.Regexp, 0, len(patterns))
	for _, p := range patterns {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("benchmark pattern %q: %v", p, err)
		}
		res = append(res, re)
	}
	return res, nil
}

func anyFound(res []*regexp.Regexp, name string) bool {
	for _, re := range res {
		if re.MatchString(name) {
			return true
		}
	}
	return false
}
