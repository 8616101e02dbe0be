package mcp

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"testing"
	"time"
)

// An initialize answered as an event stream with an empty Mcp-Session-Id,
// the stream kept open after the answer, says so in an open state before
// the session reads as initialized: said once the stream ended, it came
// after "initialized" (and after the GET stream opened), and the session
// read as "open" from then on, the Negotiation pane's GET stream wiped.
func TestEventStreamInitializeOpenStateBeforeInitialized(t *testing.T) {
	f := &rawStreamable{}
	f.post = func(w http.ResponseWriter, r *http.Request) bool {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &m)
		if m.Method != "initialize" {
			return false
		}
		w.Header()["Mcp-Session-Id"] = []string{""}
		writeEvents(w, fmt.Sprintf("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"serverInfo\":{\"name\":\"held\",\"version\":\"1\"}}}\n\n", m.ID))
		// Held open until mcpscope lets it go.
		<-r.Context().Done()
		return true
	}
	s, rec := dialRaw(t, f, Config{RequestTimeout: 10 * time.Second, NoGetStream: true})
	rec.waitFor(t, "the empty session id's open state", func(r Record) bool {
		return r.Kind == KindState && r.State != nil && r.State.State == StateOpen && r.State.Detail == EmptySessionID
	})
	// Initialized is said after the answer is handled, which under load can
	// come after the open state was seen: wait for it too, then read the order.
	rec.waitFor(t, "initialized", func(r Record) bool {
		return r.Kind == KindState && r.State != nil && r.State.State == StateInitialized
	})
	s.Close()
	var order []string
	for _, r := range rec.all() {
		if r.Kind == KindState && r.State != nil && (r.State.State == StateOpen || r.State.State == StateInitialized) {
			order = append(order, r.State.State)
		}
	}
	if len(order) != 2 || order[0] != StateOpen || order[1] != StateInitialized {
		t.Errorf("states %q, want the open state, then initialized", order)
	}
}
