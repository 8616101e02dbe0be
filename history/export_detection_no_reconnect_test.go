package history

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A bare URL on a legacy-only server is found by detection, whose probes
// each take a connection: the export said "Reconnected … the messages
// below went on the new connection" after the probe's row, of a session
// that had never opened before.
func TestExportDetectionIsNoReconnect(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	l := logOf(t, mcp.Config{URL: srv.URL}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.Request(ctx, "ping", nil); err != nil {
			t.Fatal(err)
		}
	})
	if l.Stats().Transport != mcp.TransportSSE {
		t.Fatalf("detection found %q, want legacy HTTP+SSE after its probes", l.Stats().Transport)
	}
	var md bytes.Buffer
	if err := ExportMarkdown(&md, Header{URL: srv.URL, Transport: mcp.TransportAuto}, l); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(md.String(), "Reconnected") {
		t.Errorf("detection's probes read as a reconnect:\n%s", md.String())
	}
}
