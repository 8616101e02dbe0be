package history

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2025 server refuses the server/discover probe with 400 (every
// TypeScript SDK server does, "Server not initialized") and detection goes
// on to initialize. The probe's row was advised as a failure, "the server
// rejected the message (bad JSON-RPC, an unknown method or a missing
// session): read its body", in the export and the TUI's Detail alike (seen
// against @modelcontextprotocol/server-everything): advice a working
// server does not deserve.
func TestProbeRefusedByAnOlderServerIsNotAdvisedAsAFailure(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	l := logOf(t, mcp.Config{URL: srv.URL}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.Request(ctx, "tools/list", nil); err != nil {
			t.Fatal(err)
		}
	})
	var probe *Pair
	for i := 0; i < l.PairCount(); i++ {
		if p := l.Pair(i); p.State == StateProbe {
			probe = p
		}
	}
	if probe == nil || probe.Failure == nil || probe.Failure.Error == nil {
		t.Fatal("no refused server/discover probe among the pairs: the fake no longer refuses it, so this test tests nothing")
	}
	hint := advice.ForInfo(probe.Failure.Error, advice.TUI)
	if strings.Contains(hint, "rejected the message") || !strings.Contains(hint, "detection went on") {
		t.Errorf("the refused probe is advised %q, want it said to be a probe detection went on from", hint)
	}

	var md bytes.Buffer
	h := Header{MCPScope: "test", URL: srv.URL, Transport: "auto", Started: scriptStart}
	if err := ExportMarkdown(&md, h, l); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(md.String(), "rejected the message") {
		t.Errorf("the export advises the probe as a failure:\n%s", md.String())
	}
}
