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

// A tool logging at five levels was exported as five headings alike,
// "notifications/message: received", what each said only in the JSON
// under it. Each heading says it as the Pairs row does: level, logger,
// text.
func TestExportNotificationHeadingSaysWhatItSaid(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	l := logOf(t, mcp.Config{URL: srv.StatelessURL(), Transport: mcp.TransportStateless, NoListen: true}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.SetLogLevel(ctx, "error"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CallTool(ctx, "log", json.RawMessage(`{"message":"disk almost full"}`)); err != nil {
			t.Fatal(err)
		}
	})
	var md bytes.Buffer
	if err := ExportMarkdown(&md, Header{MCPScope: "test", URL: srv.StatelessURL(), Transport: "stateless", Started: scriptStart}, l); err != nil {
		t.Fatal(err)
	}
	var heads []string
	for line := range strings.Lines(md.String()) {
		if strings.HasPrefix(line, "### ") && strings.Contains(line, "`notifications/message`") {
			heads = append(heads, strings.TrimSpace(line))
		}
	}
	if len(heads) == 0 {
		t.Fatalf("no notifications/message in the export:\n%s", md.String())
	}
	for _, h := range heads {
		if !strings.Contains(h, ": received · log ") || !strings.Contains(h, "disk almost full") {
			t.Errorf("heading %q does not say what the message said", h)
		}
	}
	if !strings.Contains(heads[0], "log error ") {
		t.Errorf("the first heading %q does not name its level", heads[0])
	}
}
