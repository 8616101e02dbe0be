package history

import (
	"os"
	"strings"
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

// waitInFile waits until the file at path holds s, failing the test with
// what it holds after 10s. Nothing tells of a flush but the file: it is
// polled, bounded well past any stall.
func waitInFile(t testing.TB, path, s string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, err := os.ReadFile(path)
		if err == nil && strings.Contains(string(b), s) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%q not in %s after 10s; it holds:\n%s", s, path, b)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
