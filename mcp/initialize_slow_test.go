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

// A server that takes 200ms over every POST, notifications included,
// answers initialize within a 300ms --endpoint-timeout: the connection
// opens. The notifications/initialized that ends the handshake used to
// run under what was left of that deadline, so its 202 came too late and
// the connection failed with "POST ... got no answer in time" (and advice
// naming --timeout) although the server had answered initialize.
func TestInitializeNotificationOutlivesTheConnectDeadline(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
			return
		case <-time.After(200 * time.Millisecond):
		}
		body, _ := io.ReadAll(r.Body)
		var m struct {
			ID     json.RawMessage
			Method string
		}
		_ = json.Unmarshal(body, &m)
		if r.Method != http.MethodPost || m.Method != "initialize" {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(m.ID)+`,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"slow","version":"1"}}}`)
	}))
	t.Cleanup(srv.Close)
	s := NewSession(Config{URL: srv.URL + "/mcp", Transport: TransportStreamable, EndpointTimeout: 300 * time.Millisecond, NoGetStream: true})
	t.Cleanup(func() { s.Close() })
	rec := collect(s)
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect = %v, want the session open (initialize was answered in 200ms of 300)", err)
	}
	rec.waitFor(t, "the initialized state", func(r Record) bool { return r.Kind == KindState && r.State.State == StateInitialized })
	for _, r := range rec.all() {
		if r.Kind == KindError && strings.Contains(r.Error.Message, "no answer in time") {
			t.Errorf("an error was logged: %s", r.Error.Message)
		}
	}
}
