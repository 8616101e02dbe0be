package history

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
)

// A recording of a failed connect (a server answering 500 text/html to
// everything) was exported with its Problems listed without the advice the
// TUI shows under them. The export carries the advice, from the one table,
// after the arrow the TUI puts before it.
func TestExportProblemsCarryTheAdvice(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte("<html><body>Internal Server Error</body></html>"))
	}))
	t.Cleanup(srv.Close)
	l := logWhile(t, mcp.Config{URL: srv.URL + "/mcp"}, func(ctx context.Context, s *mcp.Session) {
		if err := s.Connect(ctx); err == nil {
			t.Fatal("connecting to a server that answers 500 to everything succeeded")
		}
	})

	problems := l.Negotiation().Problems
	var want []string
	for _, p := range problems {
		if a := p.Advice(advice.CLI); a != "" {
			want = append(want, a)
		}
	}
	if len(want) == 0 {
		t.Fatalf("no problem of the failed connect has advice: %+v", problems)
	}
	var md bytes.Buffer
	if err := ExportMarkdown(&md, Header{MCPScope: "test", URL: srv.URL + "/mcp", Transport: "auto", Started: scriptStart}, l); err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(md.String(), "### Problems")
	section, _, _ = strings.Cut(section, "## Messages")
	for _, a := range want {
		// After the TUI's arrow, not in parentheses that read as more of
		// the message and nested the advice's own.
		if !strings.Contains(section, "→ "+mdText(a)+"\n") {
			t.Errorf("the Problems section lacks the advice %q after an arrow:\n%s", a, section)
		}
	}
}
