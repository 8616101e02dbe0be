package main

import (
	"context"
	"strings"
	"testing"
	"time"
)

// demo-server on an address beyond this machine says so: the URLs it
// prints are 127.0.0.1's, and the demo has no authentication. On loopback
// it says nothing of the kind.
func TestDemoServerBeyondLoopbackWarns(t *testing.T) {
	for addr, warns := range map[string]bool{"0.0.0.0:0": true, "127.0.0.1:0": false} {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		out, errOut, code := runCtx(t, ctx, "demo-server", "--addr", addr)
		cancel()
		if code != exitOK || !strings.Contains(out, "demo gateway listening on") {
			t.Errorf("--addr %s: exit %d %q %q", addr, code, out, errOut)
		}
		if got := strings.Contains(errOut, "beyond this machine, with no authentication"); got != warns {
			t.Errorf("--addr %s: stderr %q, want a warning %v", addr, errOut, warns)
		}
	}
}
