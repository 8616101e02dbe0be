package mcptest

import (
	"net"
	"testing"
)

// ClosedAddr is an address on 127.0.0.1 that nothing listens on: a port
// that was free a moment ago, its listener closed. A dial there is
// refused, as at a server that is not running.
func ClosedAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}
