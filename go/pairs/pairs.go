// Package pairs names the Go pairs.
package pairs

import (
	"sort"
	"strings"

	"rpcbench/go/binding"
	"rpcbench/go/binding/grpcgo"
	"rpcbench/go/binding/rpcx"
	"rpcbench/go/binding/teleport"
)

var all = []binding.Pair{grpcgo.Pair{}, rpcx.Pair{}, teleport.Pair{}}

// Named is the pair of that name, or nil.
func Named(name string) binding.Pair {
	for _, p := range all {
		if p.Name() == name {
			return p
		}
	}
	return nil
}

// Names lists them, for messages.
func Names() string {
	names := make([]string, len(all))
	for i, p := range all {
		names[i] = p.Name()
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}
