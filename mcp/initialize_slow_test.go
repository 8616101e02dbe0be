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

// A server that answers initialize within --endpoint-timeout and takes
// longer than all of it over the notifications/initialized that ends the
// handshake: the connection opens. That notification used to run under
// what was left of the deadline, so its 202 came too late and the
// connection failed with "POST ... got no answer in time" (and advice
// naming --timeout) although the server had answered initialize.
// Initialize is answered at once and the notification held past the whole
// deadline, so the test needs no margin between two timings (200ms of a
// 300ms deadline failed under -race on a busy machine).
func TestInitializeNotificationOutlivesTheConnectDeadline(t *testing.T) {
	const deadline = time.Second
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var m struct {
			ID     json.RawMessage
			Method string
		}
		_ = json.Unmarshal(body, &m)
		if r.Method != http.MethodPost || m.Method != "initialize" {
			if m.Method == "notifications/initialized" {
				select {
				case <-r.Context().Done():
					return
				case <-time.After(deadline + deadline/5):
				}
			}
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(m.ID)+`,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"slow","version":"1"}}}`)
	}))
	t.Cleanup(srv.Close)
	s := NewSession(Config{URL: srv.URL + "/mcp", Transport: TransportStreamable, EndpointTimeout: deadline, NoGetStream: true})
	t.Cleanup(func() { s.Close() })
	rec := collect(s)
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect = %v, want the session open (initialize was answered at once)", err)
	}
	rec.waitFor(t, "the initialized state", func(r Record) bool { return r.Kind == KindState && r.State.State == StateInitialized })
	for _, r := range rec.all() {
		if r.Kind == KindError && strings.Contains(r.Error.Message, "no answer in time") {
			t.Errorf("an error was logged: %s", r.Error.Message)
		}
	}
}
