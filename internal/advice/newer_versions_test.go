package advice

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// discoverRefused connects, pinned to protocol ("" for none), to a
// stateless server whose server/discover refuses the version asked for
// and names supported instead, and returns exec's advice for the failure.
func discoverRefused(t *testing.T, protocol string, supported ...string) string {
	t.Helper()
	srv := mcptest.StatelessOnMethod(t, "server/discover", func(x *mcptest.Exchange) {
		x.Fail(400, mcp.CodeUnsupportedVersion, "unsupported", map[string]any{"supported": supported, "requested": protocol})
	})
	s := mcp.NewSession(mcp.Config{URL: srv.URL, Transport: mcp.TransportStateless, Protocol: protocol, NoListen: true})
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	err := s.Connect(ctx)
	if err == nil {
		t.Fatal("Connect succeeded, want server/discover refused")
	}
	return ForError(err, CLI)
}

// A server that names only versions newer than mcpscope knows is not
// fixed by leaving --protocol out: mcpscope picks none of them itself, and
// the advice said to leave out a flag the user never gave. Pinned to a
// version the server does not name where it names mcpscope's own, leaving
// the flag out is still the advice.
func TestAdviceForVersionsNewerThanKnown(t *testing.T) {
	newer := discoverRefused(t, "", "2099-01-01")
	if strings.Contains(newer, "leave --protocol out") || !strings.Contains(newer, "--protocol") {
		t.Errorf("advice for a server of 2099-01-01 only: %q, want --protocol to pin one, not to leave it out", newer)
	}
	known := discoverRefused(t, "2099-01-01", mcp.ProtocolModern)
	if !strings.Contains(known, "leave --protocol out") {
		t.Errorf("advice for --protocol 2099-01-01 on a server of %s: %q, want --protocol left out", mcp.ProtocolModern, known)
	}
}
