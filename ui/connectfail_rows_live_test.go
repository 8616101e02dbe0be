package ui

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// When why connecting failed is too long to read whole, what to do comes
// first and the attempts after it are cut: they are the Negotiation
// pane's, on screen above. The message takes the rows of what to do, not
// six rows repeating the pane it squeezed.
func TestLiveConnectFailureTakesTheRowsOfItsAdvice(t *testing.T) {
	notFound := httptest.NewServer(http.NotFoundHandler())
	t.Cleanup(notFound.Close)
	l := liveFailedAt(t, mcp.Config{URL: notFound.URL + "/wrong"}, 80, 24)
	v := ansi.Strip(l.quit().View())
	rows, at := couldNotConnectAt(t, v)
	msg := rows[at : len(rows)-1]
	text := strings.Join(strings.Fields(strings.Join(msg, " ")), " ")
	if !strings.HasPrefix(text, "could not connect — check the URL:") || !strings.Contains(text, "--transport streamable skips detection") {
		t.Errorf("the message does not read what to do whole: %q\n%s", text, v)
	}
	if len(msg) > 2 {
		t.Errorf("the message takes %d rows, want the 2 of its advice:\n%s", len(msg), v)
	}
}
