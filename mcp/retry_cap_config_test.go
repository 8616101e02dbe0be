package mcp

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A server's retry past the cap the user set (Config.MaxRetry, --max-retry
// 150ms) is held to that cap, and the words say that cap: they named the
// default 30s while mcpscope waited 150ms.
func TestRetryPastASetCapNamesThatCap(t *testing.T) {
	f := &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		writeEvents(w, "id: h1\nretry: 3600000\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"before\"}}\n\n")
	}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Last-Event-ID") == "" {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		// The resumed stream says nothing until the request gives up.
		writeEvents(w)
		<-r.Context().Done()
	}
	s, rec := dialRaw(t, f, Config{RequestTimeout: time.Second, MaxRetry: 150 * time.Millisecond})
	_, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
	var te *TimeoutError
	if !errors.As(err, &te) {
		t.Fatalf("call = %v, want a timeout", err)
	}
	if want := "and mcpscope waited 150ms (its cap)"; !strings.Contains(err.Error(), want) {
		t.Errorf("timeout = %q, want it to say %q", err, want)
	}
	if got := UnsayCappedWait(err.Error(), te.ResumeAsked); strings.Contains(got, "asked to wait") || !strings.Contains(got, "resumed after event") {
		t.Errorf("unsaid = %q, want the timeout without the capped wait", got)
	}
	r := rec.waitFor(t, "the resuming record", func(r Record) bool {
		return r.Kind == KindState && r.State != nil && r.State.State == StateResuming
	})
	if want := "waiting 150ms (mcpscope's cap)"; !strings.Contains(r.State.Detail, want) {
		t.Errorf("resuming record = %q, want it to say %q", r.State.Detail, want)
	}
}
