package mcptest

import "testing"

// ClosedAddr is an address on 127.0.0.1 that nothing listens on for the
// rest of the test: a dial there is refused, as at a server that is not
// running. The port is held (bound, never listening) until the test
// ends, so no listener can be given it meanwhile: a port found free and
// let go could be handed to the next listener, a proxy's own among them,
// which then relayed to itself.
func ClosedAddr(t testing.TB) string {
	t.Helper()
	addr, _ := ClosedUntil(t)
	return addr
}

// ClosedUntil is ClosedAddr for a test that starts a server there later:
// free lets the port go, for the server to listen on.
func ClosedUntil(t testing.TB) (addr string, free func()) {
	t.Helper()
	addr, free = hold(t)
	t.Cleanup(free)
	return addr, free
}
