package mcp

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A server of the initialize era refuses server/discover (the first probe)
// and then fails initialize with 500: detection gives up on the 500, not
// on the refusal, which only said to try the next era. The refusal was
// taken for the answer that "says the most", so the user read "not a 2026
// server: leave out --transport stateless", flags they never gave.
func TestFailedDetectionIsNotBlamedOnTheDiscoverRefusal(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.NotFound(w, r)
			return
		}
		body, _ := io.ReadAll(r.Body)
		var m struct {
			ID     json.RawMessage
			Method string
		}
		_ = json.Unmarshal(body, &m)
		if m.Method == "server/discover" {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(m.ID)+`,"error":{"code":-32601,"message":"Method not found"}}`)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusInternalServerError)
		io.WriteString(w, "<html><body>Internal Server Error</body></html>")
	}))
	t.Cleanup(srv.Close)
	s := NewSession(Config{URL: srv.URL + "/mcp"})
	t.Cleanup(func() { s.Close() })
	err := s.Connect(testCtx(t))
	if err == nil {
		t.Fatal("Connect succeeded against a server failing initialize with 500")
	}
	if c := CauseOf(err); c == CauseNotModern || !strings.Contains(err.Error(), "500") {
		t.Errorf("Connect = %v (cause %s), want the failure of initialize (500), not the discover refusal", err, c)
	}
}
