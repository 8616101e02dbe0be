package history

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server's request came on a stream; the POST of its row carried our
// reply. The transcript says so: "POST 202 in …" read as if the server's
// request had been POSTed.
func TestExportMarkdownNamesTheReplysPOST(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind == mcptest.KindRequest && x.Method == "tools/call" {
			_, _ = x.ServerRequest(x.Context(), "roots/list", map[string]any{})
			x.Result(map[string]any{"content": []any{}})
			return
		}
		x.Default()
	}})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.Initialize(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CallTool(ctx, "ask", []byte(`{}`)); err != nil {
			t.Fatal(err)
		}
	})
	var b bytes.Buffer
	if err := ExportMarkdown(&b, Header{URL: srv.Endpoint()}, l); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	_, roots, ok := strings.Cut(md, "`roots/list`: answered\n")
	if !ok {
		t.Fatalf("no answered roots/list row:\n%s", md)
	}
	facts, _, _ := strings.Cut(strings.TrimLeft(roots, "\n"), "\n")
	if !strings.Contains(facts, "· reply POST 202 in ") {
		t.Errorf("the roots/list row's facts %q do not name the POST as the reply's:\n%s", facts, md)
	}
}
