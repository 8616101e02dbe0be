package mcp

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// sessionlessAsker is a streamable server that keeps no sessions (no
// Mcp-Session-Id, as mcp-go's WithStateLess) yet asks the client for its
// roots in the middle of tools/call, then refuses the answer, which carries
// no session: "400 Missing session ID". The call waits for ever. A call of
// the tool "slow" asks nothing and waits for ever too, closing slowSeen
// (when given) once it has come.
func sessionlessAsker(t *testing.T, slowSeen chan struct{}) string {
	t.Helper()
	return mcptest.PostOnly(t, func(w http.ResponseWriter, r *http.Request, msg, id string) {
		switch {
		case strings.Contains(msg, `"method":"initialize"`):
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"asker","version":"1"}}}`)
		case strings.Contains(msg, `"name":"slow"`):
			w.Header().Set("Content-Type", "text/event-stream")
			w.(http.Flusher).Flush()
			if slowSeen != nil {
				close(slowSeen)
			}
			<-r.Context().Done()
		case strings.Contains(msg, `"method":"tools/call"`):
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprint(w, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"roots/list\"}\n\n")
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		case strings.Contains(msg, `"result"`):
			http.Error(w, "Missing session ID for sampling response", http.StatusBadRequest)
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	})
}

func TestTimeoutSaysTheServerRefusedOurAnswer(t *testing.T) {
	s, rec := connect(t, Config{URL: sessionlessAsker(t, nil), Transport: TransportStreamable, NoGetStream: true, RequestTimeout: 1500 * time.Millisecond})
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatalf("Initialize: %v", err)
	}
	_, err := s.CallTool(testCtx(t), "ask", []byte(`{}`))
	if CauseOf(err) != CauseReplyRefused {
		t.Fatalf("cause %q (%v), want %q: the wait is for an answer the server refused", CauseOf(err), err, CauseReplyRefused)
	}
	if msg := err.Error(); !strings.Contains(msg, "roots/list") || !strings.Contains(msg, "Missing session ID") {
		t.Errorf("the timeout does not name the question and the refusal: %s", msg)
	}
	// The refused reply's own record keeps the status its advice is
	// chosen by.
	r := rec.waitFor(t, "the failed reply", func(r Record) bool { return r.Kind == KindError && r.Error.Op == OpReply })
	if r.Error.Status != http.StatusBadRequest || r.Error.Purpose != PurposePost {
		t.Errorf("the failed reply is recorded with status %d purpose %q, want 400 post", r.Error.Status, r.Error.Purpose)
	}
}
