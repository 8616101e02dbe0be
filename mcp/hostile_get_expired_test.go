package mcp

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that takes initialize and its notification with a session id,
// then answers the GET stream opened next 404 (it no longer knows the
// session), fails the handshake, saying so: the session used to report
// itself initialized with the session in use, while the GET had dropped
// it, so the user read "initialized · session s1" over the Negotiation
// pane's "check the path", and the next request failed "not sent: session
// s1 expired".
func TestGetStreamRefusingTheNewSessionFailsTheHandshake(t *testing.T) {
	fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	front := mcptest.Front(t, fake.URL, func(w http.ResponseWriter, r *http.Request, _ []byte) bool {
		if r.Method != http.MethodGet {
			return false
		}
		http.Error(w, "session not found", http.StatusNotFound)
		return true
	})
	s := NewSession(Config{URL: front.URL + "/mcp", Transport: TransportStreamable, RequestTimeout: 10 * time.Second})
	rec := collect(s)
	err := s.Connect(testCtx(t))
	if err == nil || !strings.Contains(err.Error(), "GET") || !strings.Contains(err.Error(), "404") || !strings.Contains(err.Error(), "session") || !strings.Contains(err.Error(), "--no-get-stream") {
		t.Errorf("Connect = %v, want it to say the GET stream was answered 404 to the session, and how to connect without it", err)
	}
	if s.Initialized() {
		t.Errorf("the session says it is initialized, its session gone")
	}
	s.Close()
	rec.waitEnd(t)
	for _, r := range rec.of(KindState) {
		if r.State.State == StateInitialized {
			t.Errorf("a state record says %q (%s) of a session the server refused", r.State.State, r.State.Detail)
		}
	}
}
