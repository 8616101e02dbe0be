package history

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A session reconnected (the TUI's r) was exported as one run of
// messages: its second initialize read as sent again in the same
// session, and Negotiation names only the last session's id. The export
// says where the new connection begins, and why.
func TestExportSaysWhereItReconnected(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	l := logOf(t, mcp.Config{URL: srv.MCPURL(), Transport: mcp.TransportStreamable, NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
		greet := func(name string) {
			if _, err := s.CallTool(ctx, "greet", json.RawMessage(`{"name":"`+name+`"}`)); err != nil {
				t.Fatal(err)
			}
		}
		greet("before")
		if err := s.Reconnect(ctx); err != nil {
			t.Fatal(err)
		}
		greet("after")
	})
	var md bytes.Buffer
	if err := ExportMarkdown(&md, Header{MCPScope: "test", URL: srv.MCPURL(), Transport: "streamable", Started: scriptStart}, l); err != nil {
		t.Fatal(err)
	}
	text := md.String()
	_, after, found := strings.Cut(text, "**Reconnected**")
	if !found {
		t.Fatalf("the export does not say it reconnected:\n%s", text)
	}
	if strings.Count(text, "**Reconnected**") != 1 {
		t.Errorf("the export says it reconnected more than once:\n%s", text)
	}
	line, _, _ := strings.Cut(after, "\n")
	if !strings.Contains(line, "a new session, replacing") {
		t.Errorf("the reconnect line %q does not say why", line)
	}
	before, _, _ := strings.Cut(text, "**Reconnected**")
	if !strings.Contains(before, `"before"`) || strings.Contains(before, `"after"`) || !strings.Contains(after, `"after"`) {
		t.Errorf("the reconnect is not said between the two calls:\n%s", text)
	}
	if strings.Count(after, "`initialize`") != 1 {
		t.Errorf("the new connection's initialize is not below the reconnect:\n%s", after)
	}
}
