package history

import (
	"testing"
	"time"
)

// waitClosed waits for ch to be closed, failing the test with what did not
// happen when it takes more than 10s: a hang fails at once with a reason
// instead of at go test's timeout.
func waitClosed(t testing.TB, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(10 * time.Second):
		t.Fatalf("no %s within 10s", what)
	}
}
