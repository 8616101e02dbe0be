package ui

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// --transport streamable against a server that took initialize and
// refused notifications/initialized: the pane's ✗ line was the POST's own
// failure, which does not say which message was refused, and the attempt's
// line gave the notification's 400 to initialize ("→ 400 · answered 400:
// not streamable HTTP here"). The ✗ line now names the notification, once,
// and the attempt shows initialize's own answer and the refused handshake;
// the status bar counts it once.
func TestLiveForcedRefusedHandshakeIsNamed(t *testing.T) {
	srv := mcptest.OnMethod(t, "notifications/initialized", func(x *mcptest.Exchange) {
		x.Status(http.StatusBadRequest, "text/plain", "Unsupported protocol version")
	})
	words, errors := forcedNegotiation(t, srv, "notifications/initialized, which ends")
	if errors != 1 {
		// The refused POST's failure and the handshake's, which wraps
		// it whole, are one failure: the status bar read "2 err".
		t.Errorf("the status bar counts %d errors for the one refused notification, want 1", errors)
	}
	if got := strings.Count(words, "Unsupported protocol version"); got != 1 {
		t.Errorf("the Negotiation pane quotes the refusal %d times, want once:\n%s", got, words)
	}
	if !strings.Contains(words, "✗ notifications/initialized, which ends the handshake") {
		t.Errorf("the ✗ line does not name the refused notification:\n%s", words)
	}
	if !strings.Contains(words, "tried POST initialize "+srv.Endpoint()+" → 200") || strings.Contains(words, "not streamable HTTP here") {
		t.Errorf("the attempt's line does not show initialize's own answer:\n%s", words)
	}
}
