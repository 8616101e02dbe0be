package history

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A session left to detect its transport was exported as "| Transport |
// auto |": the header's, what was asked for. The export says what the
// session used, and that it was detected, and the header stays as recorded.
func TestExportShowsTheDetectedTransport(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	url := srv.SSEURL()
	l := logOf(t, mcp.Config{URL: url}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.Request(ctx, "ping", nil); err != nil {
			t.Fatal(err)
		}
	})
	h := Header{MCPScope: "test", URL: url, Transport: "auto", Started: scriptStart}

	var md bytes.Buffer
	if err := ExportMarkdown(&md, h, l); err != nil {
		t.Fatal(err)
	}
	if want := "| Transport | sse (detected; asked: auto) |"; !strings.Contains(md.String(), want) {
		t.Errorf("markdown lacks %q:\n%s", want, md.String())
	}

	var js bytes.Buffer
	if err := ExportJSON(&js, h, l); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Header    Header `json:"header"`
		Transport string `json:"transport"`
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatalf("%v:\n%s", err, js.String())
	}
	if doc.Header.Transport != "auto" || doc.Transport != mcp.TransportSSE {
		t.Errorf("JSON export: header transport %q, transport %q; want the header's auto kept and sse beside it", doc.Header.Transport, doc.Transport)
	}
}
