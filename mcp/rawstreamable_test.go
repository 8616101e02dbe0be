package mcp

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// rawStreamable is a stateful streamable server written by hand, for what
// the scripted fakes do not do: initialize answers JSON with session S1
// (S2 the next time), notifications and replies get 202, other requests {}
// as JSON, and call, get and post (when set) take tools/call, GET and any
// POST first.
type rawStreamable struct {
	call func(w http.ResponseWriter, r *http.Request, id string)
	get  func(w http.ResponseWriter, r *http.Request)
	post func(w http.ResponseWriter, r *http.Request) bool

	mu       sync.Mutex
	reqs     []*http.Request // every request, its body read
	sessions int             // initializes answered: session S<n>
}

// start serves f on 127.0.0.1 and returns its endpoint.
func (f *rawStreamable) start(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.reqs = append(f.reqs, r)
		f.mu.Unlock()
		if r.Method == http.MethodGet {
			if f.get == nil {
				w.WriteHeader(http.StatusMethodNotAllowed)
				return
			}
			f.get(w, r)
			return
		}
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		if f.post != nil && f.post(w, r) {
			return
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &m)
		switch {
		case m.Method == "initialize":
			f.mu.Lock()
			f.sessions++
			sid := fmt.Sprintf("S%d", f.sessions)
			f.mu.Unlock()
			w.Header().Set("Mcp-Session-Id", sid)
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"raw","version":"1"}}}`, m.ID)
		case m.ID == nil || m.Method == "":
			w.WriteHeader(http.StatusAccepted)
		case m.Method == "tools/call" && f.call != nil:
			f.call(w, r, string(m.ID))
		default:
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{}}`, m.ID)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/mcp"
}

// requests returns the requests of method m seen so far.
func (f *rawStreamable) requests(m string) []*http.Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []*http.Request
	for _, r := range f.reqs {
		if r.Method == m {
			out = append(out, r)
		}
	}
	return out
}

// dialRaw connects a streamable session to f.
func dialRaw(t *testing.T, f *rawStreamable, cfg Config) (*Session, *recorded) {
	t.Helper()
	cfg.URL, cfg.Transport = f.start(t), TransportStreamable
	s, rec := connect(t, cfg)
	return s, rec
}

// writeEvents writes a stream's events and flushes them.
func writeEvents(w http.ResponseWriter, events ...string) {
	if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "text/event-stream")
	}
	for _, e := range events {
		_, _ = io.WriteString(w, e)
	}
	w.(http.Flusher).Flush()
}
