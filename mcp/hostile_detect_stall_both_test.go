package mcp

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// A server whose answers all stall mid-body, to server/discover and to
// the initialize detection falls back to: each waits the endpoint timeout,
// and the failure says both did, not only the first, which left the second
// wait unexplained.
func TestDetectionStalledOnDiscoverAndInitializeSaysBoth(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		_, _ = io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":`)
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	s := NewSession(Config{URL: srv.URL + "/mcp", EndpointTimeout: 500 * time.Millisecond})
	rec := collect(s)
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	err := s.Connect(ctx)
	if err == nil {
		t.Fatal("Connect succeeded against a server that never finishes an answer")
	}
	for _, want := range []string{"no answer to server/discover within 500ms", "; and then no answer to initialize within 500ms"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Connect = %q, want it to say %q", err, want)
		}
	}
	// The session's error record, what exec and the TUI show, says it too.
	rec.waitFor(t, "the error record naming both waits", func(r Record) bool {
		return r.Kind == KindError && r.Error != nil && strings.Contains(r.Error.Message, "and then no answer to initialize")
	})
}
