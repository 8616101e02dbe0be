package history

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// On a bridge that shares one upstream process (supergateway's SSE
// output), answers meant for other clients arrive on our stream. The
// Markdown transcript heads them as what they are, not as a method named
// "foreign".
func TestExportMarkdownNamesForeignAnswers(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Handle: mcptest.Broadcast})
	l := logOf(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE}, func(ctx context.Context, s *mcp.Session) {
		initialize(t, ctx, s)
		if _, err := s.Request(ctx, "ping", nil); err != nil {
			t.Fatal(err)
		}
	})
	var b bytes.Buffer
	if err := ExportMarkdown(&b, Header{URL: srv.SSEURL()}, l); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	if !strings.Contains(md, ". answer to an id we never sent: ok\n") || strings.Contains(md, "`foreign`") {
		t.Errorf("foreign answers are not headed as such:\n%s", md)
	}
	if !strings.Contains(md, "foreign · id `9001`") {
		t.Errorf("the foreign answer's facts lost its id:\n%s", md)
	}
}

// A server that cannot read a request answers an error with id null. The
// transcript heads it as that, not as an answer meant for another client.
func TestExportMarkdownNamesANullIDError(t *testing.T) {
	srv := mcptest.UnreadableRequest(t, "tools/list", "request too large")
	l := logOf(t, mcp.Config{URL: srv.URL, NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
		if _, _, err := s.ListTools(ctx, false); err == nil {
			t.Error("tools/list answered by an error with id null succeeded")
		}
	})
	var b bytes.Buffer
	if err := ExportMarkdown(&b, Header{URL: srv.URL}, l); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	if !strings.Contains(md, ". error with id null (a request the server could not read): ") || strings.Contains(md, "answer to an id we never sent") {
		t.Errorf("the error with id null is not headed as one:\n%s", md)
	}
}
