package mcptest

import "testing"

// OnMethod starts a streamable fake whose requests of method go to handle
// and whose every other message is answered as the fake does by default
// (Exchange.Default). Most tests that script a server change one answer
// only; this keeps each of them to that answer, and keeps the dispatch in
// one place rather than in a copy per test.
func OnMethod(t testing.TB, method string, handle func(x *Exchange)) *StreamableServer {
	t.Helper()
	return NewStreamable(t, StreamableOptions{Handle: func(x *Exchange) {
		if x.Kind == KindRequest && x.Method == method {
			handle(x)
			return
		}
		x.Default()
	}})
}
