package history

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A session whose initialize answer named a version mcpscope refused
// records the refusal with its cause, and the Log built from the records
// (what the panes, the status bar, a replay and an export read) names no
// version in use and no server of it: the answer came first, and its
// version used to be taken as the session's, with the transport forced
// or detected alike.
func TestLogRefusedVersionIsNotInUse(t *testing.T) {
	const refused = "2025-11-25\u001b[31m"
	srv := mcptest.OnMethod(t, "initialize", func(x *mcptest.Exchange) {
		x.Result(map[string]any{"protocolVersion": refused, "capabilities": map[string]any{},
			"serverInfo": map[string]any{"name": "odd-version", "version": "1"}})
	})
	for _, transport := range []string{mcp.TransportStreamable, mcp.TransportAuto} {
		t.Run(transport, func(t *testing.T) {
			l := logWhile(t, mcp.Config{URL: srv.Endpoint(), Transport: transport, NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
				if err := s.Connect(ctx); mcp.CauseOf(err) != mcp.CauseBadVersion {
					t.Fatalf("Connect = %v, want cause %q", err, mcp.CauseBadVersion)
				}
			})
			n := l.Negotiation()
			if n.ProtocolVersion != "" || n.ServerName != "" || l.Stats().Protocol != "" {
				t.Errorf("Negotiation() protocol %q server %q, Stats().Protocol %q; want none in use",
					n.ProtocolVersion, n.ServerName, l.Stats().Protocol)
			}
			refusals := 0
			for _, p := range n.Problems {
				if p.Fact != nil && p.Fact.Cause == mcp.CauseBadVersion && p.Level == LevelError {
					refusals++
				}
			}
			if refusals != 1 {
				t.Errorf("%d problems of cause %q, want 1: %+v", refusals, mcp.CauseBadVersion, n.Problems)
			}
			var md bytes.Buffer
			if err := ExportMarkdown(&md, Header{}, l); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(md.String(), "| Protocol | 2025-11-25") {
				t.Errorf("the export names the refused version as the protocol:\n%s", md.String())
			}
		})
	}
}
