package history

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
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

// The endpoint's rows list the URLs in the order a post tries them, as the
// Negotiation pane does: a fallback that is the resolved URL itself is "the
// same URL", where the export printed the URL a second time, reading as a
// second place the posts went.
func TestExportSaysAFallbackThatIsTheResolvedURL(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	url := srv.SSEURL()
	l := logOf(t, mcp.Config{URL: url, Transport: mcp.TransportSSE}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.Request(ctx, "ping", nil); err != nil {
			t.Fatal(err)
		}
	})
	var md bytes.Buffer
	if err := ExportMarkdown(&md, Header{MCPScope: "test", URL: url, Transport: "sse", Started: scriptStart}, l); err != nil {
		t.Fatal(err)
	}
	var resolved string
	for _, line := range strings.Split(md.String(), "\n") {
		if v, ok := strings.CutPrefix(line, "| Resolved URL | "); ok {
			resolved = strings.TrimSuffix(v, " |")
		}
	}
	if resolved == "" || !strings.Contains(md.String(), "| Fallback URL | the same URL |") || strings.Count(md.String(), resolved) != 2 {
		t.Errorf("want the resolved URL %s once more (Posting to) and the fallback as the same URL:\n%s", resolved, md.String())
	}
}

// An endpoint record that could not be read back names no URL: the export
// lists no fallback for it, where "the same URL" (as the empty fallback
// equalled the empty resolved URL) named a URL the export never showed.
func TestExportNamesNoFallbackForAnUnreadableEndpoint(t *testing.T) {
	l := NewLog()
	l.Append(*unreadable(kindCode(mcp.KindEndpoint), lineRef{seq: 1, nanos: scriptStart.UnixNano()}, errors.New("the line changed since it was read")))
	var md bytes.Buffer
	if err := ExportMarkdown(&md, Header{MCPScope: "test", URL: "http://127.0.0.1:1/sse", Transport: "sse", Started: scriptStart}, l); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "| Why | the line changed since it was read |") || strings.Contains(md.String(), "Fallback URL") {
		t.Errorf("want the endpoint's why and no fallback row:\n%s", md.String())
	}
}
