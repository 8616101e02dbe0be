package mcp

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// A server that takes initialize and its notification with a session id,
// then answers the GET stream opened next 404 (it no longer knows the
// session), fails the handshake, saying so: the session used to report
// itself initialized with the session in use, while the GET had dropped
// it, so the user read "initialized · session s1" over the Negotiation
// pane's "check the path", and the next request failed "not sent: session
// s1 expired".
func TestGetStreamRefusingTheNewSessionFailsTheHandshake(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		body, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(body, &m)
		w.Header().Set("Mcp-Session-Id", "s1")
		if m.ID == nil {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"h","version":"1"}}}`))
	}))
	defer srv.Close()
	s := NewSession(Config{URL: srv.URL + "/mcp", Transport: TransportStreamable, RequestTimeout: 10 * time.Second})
	rec := collect(s)
	err := s.Connect(testCtx(t))
	if err == nil || !strings.Contains(err.Error(), "GET") || !strings.Contains(err.Error(), "404") || !strings.Contains(err.Error(), "s1") || !strings.Contains(err.Error(), "--no-get-stream") {
		t.Errorf("Connect = %v, want it to say the GET stream was answered 404 to session s1, and how to connect without it", err)
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
