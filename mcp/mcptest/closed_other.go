//go:build !linux

package mcptest

import (
	"net"
	"testing"
)

// hold finds a free port of 127.0.0.1 by listening and closing at once:
// elsewhere than Linux a bound socket that never listens may not refuse
// connections, so the port is not held (another listener may be given
// it).
func hold(t testing.TB) (string, func()) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr, func() {}
}
