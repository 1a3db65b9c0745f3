// Command rpcbench-go is the Go pairs' server and load client in one binary:
//
//	rpcbench-go server --pair PAIR [--host HOST] [--port PORT] [--meter-port PORT] [--switch NAME=VALUE]
//	rpcbench-go client --pair PAIR [--host HOST] [--port PORT] [--result FILE] [--concurrency N] [--calls N]
//	                   [--server-pid PID | --server-meter HOST:PORT] [--timeout-ms MILLIS] [--switch NAME=VALUE]
//	                   [JMH options] [CASE...]
//
// Each takes --help; they behave as the Java pairs' server and client jars do.
package main

import (
	"fmt"
	"os"

	"rpcbench/go/launcher"
)

const usage = `Usage: rpcbench-go server|client --pair PAIR [options]   (each takes --help)
The Go pairs of rpc-bench (grpc-go, rpcx, teleport): a server, and a load client that measures any server
of the same protocol (grpc-go's client also measures the Java grpc-protobuf and triple-protobuf servers).`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "rpcbench-go: say server or client (see --help)")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "server":
		os.Exit(launcher.Serve(os.Args[2:], os.Stdout, os.Stderr))
	case "client":
		os.Exit(launcher.Client(os.Args[2:], os.Stdout, os.Stderr))
	case "-h", "--help", "help":
		fmt.Println(usage)
	default:
		fmt.Fprintf(os.Stderr, "rpcbench-go: unknown command '%s'; say server or client (see --help)\n", os.Args[1])
		os.Exit(2)
	}
}
