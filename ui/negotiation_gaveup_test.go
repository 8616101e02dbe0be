package ui

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A POST mcpscope stopped waiting for (the request timed out before any
// answer came) is said in words in Negotiation, not in Go's HTTP client's
// (`Post "http://…": context canceled`), which repeat the URL and read as
// a failure of the server's connection.
func TestNegotiationSaysAPostWasGivenUp(t *testing.T) {
	url := mcptest.PostOnly(t, func(w http.ResponseWriter, r *http.Request, msg, id string) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case strings.Contains(msg, `"method":"initialize"`):
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"slowpoke","version":"1"}}}`)
		case strings.Contains(msg, `"method":"tools/list"`):
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"tools":[{"name":"hang","inputSchema":{"type":"object"}}]}}`)
		case strings.Contains(msg, `"method":"tools/call"`):
			<-r.Context().Done() // stuck: no status, no headers
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	})
	// The timeout bounds notifications/initialized too, which ends the
	// handshake: at 300ms a loaded machine under -race failed it, and the
	// session never said it was initialized.
	l := startLive(t, mcp.Config{URL: url, Transport: mcp.TransportStreamable, NoGetStream: true, RequestTimeout: 2 * time.Second})
	l.waitFor("● initialized")
	l.call("hang")
	l.waitFor("✗ timed out")
	// The POST's own end comes after the request's timeout (its context is
	// cancelled then), so it is waited for, not read from the next frame:
	// by the words the pane never wraps apart. "no answer: mcpscope
	// stopped" was cut after "no answer:" once the tally above it grew (a
	// notifications/cancelled slower than its 300ms under -race adds "no
	// answer in time ×1").
	l.waitFor("mcpscope stopped")
	if seen := l.seen.String(); strings.Contains(seen, `Post "`) {
		t.Errorf("Negotiation said the given-up POST in Go's words:\n%s", ansi.Strip(seen))
	}
	l.quit()
}
