package history

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server's request came on a stream; the POST of its row carried our
// reply. The transcript says so: "POST 202 in …" read as if the server's
// request had been POSTed.
func TestExportMarkdownNamesTheReplysPOST(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		_, _ = x.ServerRequest(x.Context(), "roots/list", map[string]any{})
		x.Result(map[string]any{"content": []any{}})
	})
	// The reply's POST is answered 202 as the server reads it, which can
	// be after the call's own answer: the session is closed only once that
	// status is recorded (the second 202, after notifications/initialized's),
	// or the row would have no POST to name.
	s := mcp.NewSession(mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l := NewLog()
	replied, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		accepted := 0
		for b := range s.Records() {
			l.Append(b...)
			for _, r := range b {
				if r.HTTP != nil && r.HTTP.Purpose == mcp.PurposePost && r.HTTP.Status == 202 {
					if accepted++; accepted == 2 {
						close(replied)
					}
				}
			}
		}
	}()
	ctx := testCtx(t)
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	// Connect has initialized the session (a second initialize would
	// bring a second notifications/initialized, whose 202 could be
	// counted as the reply's).
	if _, err := s.CallTool(ctx, "ask", []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	waitClosed(t, replied, "202 to the reply's POST")
	s.Close()
	waitClosed(t, done, "end of the record stream after Close")
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
