// Stands in for github.com/lucas-clemente/quic-go, which erpc v6.3.3 imports for its optional QUIC
// network: every published version of that module refuses to build on (or panics at start under) the
// Go this project pins, and erpc's root package imports it unconditionally. rpc-bench runs erpc over
// TCP only, so the QUIC entry points here only say that QUIC is not built in.
module github.com/lucas-clemente/quic-go

go 1.26
