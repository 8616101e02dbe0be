package mcp

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// A request whose response stream dropped, waiting to be resumed, when the
// user starts a new session (r, or initialize typed) ended with its
// session: mcpscope replaced it. It failed ("its session was replaced
// by a new one meanwhile"), a failed row and an error counted for the
// user's own reconnect; it is now ended as replaced, with words saying to
// send it again in the new session.
func TestResumeOfAReplacedSessionEndsAsReplaced(t *testing.T) {
	f := &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		// One event with an id, then the stream ends, asking for a wait
		// long enough for the new session to come first.
		writeEvents(w, fmt.Sprintf("id: e1\nretry: 2000\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":%s,\"progress\":1}}\n\n", id))
	}
	f.get = func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusMethodNotAllowed) }
	s, rec := dialRaw(t, f, Config{})
	called := make(chan error, 1)
	go func() {
		_, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
		called <- err
	}()
	rec.waitFor(t, "the dropped stream waiting to be resumed", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateResuming
	})
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatalf("a new session while the call waits: %v", err)
	}
	err := <-called
	if CauseOf(err) != CauseReplaced || !strings.Contains(err.Error(), "a new session replaced the one it was sent in") {
		t.Fatalf("the call = %v (cause %q), want it ended as replaced by the new session", err, CauseOf(err))
	}
	end := rec.waitFor(t, "the call's end", func(r Record) bool { return r.Kind == KindError && r.Error.ReqSeq != 0 })
	if end.Error.Op != OpCancelled || end.Error.Cause != CauseReplaced {
		t.Errorf("the call's end is logged as %s/%s, want %s/%s: ended here, not failed", end.Error.Op, end.Error.Cause, OpCancelled, CauseReplaced)
	}
}
