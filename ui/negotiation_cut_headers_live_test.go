package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that closes the connection before or partway through its
// answer's status line and headers is said so in the Negotiation pane's
// tally of POSTs, in the words exec and the status line use, not net/http's
// "HTTP/1.x transport connection broken: unexpected EOF" or a bare "EOF".
func TestNegotiationSaysHeadersCutOffInExecsWords(t *testing.T) {
	for _, tc := range []struct{ answer, want string }{
		{"HTTP/1.1 200 OK\r\n", "failed: the server closed the connection partway through its answer's status line and headers (unexpected EOF) ×1"},
		{"", "failed: the server closed the connection without answering (EOF) ×1"},
	} {
		url := mcptest.RawAnswer(t, tc.answer)
		cfg := mcp.Config{URL: url + "/mcp", Transport: mcp.TransportStreamable, RequestTimeout: 10 * time.Second}
		final, _, _ := failedNegotiation(t, cfg, false, 160, 45)
		posts := final.com.log.Negotiation().Posts
		if len(posts) == 0 {
			t.Fatalf("answer %q: no POST recorded", tc.answer)
		}
		got, _ := postSummary(posts, false)
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("answer %q: POSTs = %q, want it to begin %q", tc.answer, got, tc.want)
		}
		if strings.Contains(got, "transport connection broken") {
			t.Errorf("answer %q: POSTs = %q, want no net/http words", tc.answer, got)
		}
	}
}
