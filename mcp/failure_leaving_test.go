package mcp

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
)

// A notifications/cancelled that outlived the short bound of what is sent
// on leaving is read back from its record as the timeout it was: the
// record adds why mcpscope stopped waiting after net/http's "context
// deadline exceeded", and the words read from it were that whole text,
// which the Negotiation pane showed as "failed: …" rather than as no
// answer in time.
func TestLeavingTimeoutIsSaidAsATimeout(t *testing.T) {
	called := make(chan struct{})
	f := &rawStreamable{
		call: func(w http.ResponseWriter, r *http.Request, id string) {
			close(called)
			<-r.Context().Done()
		},
		post: func(w http.ResponseWriter, r *http.Request) bool {
			b, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(strings.NewReader(string(b)))
			if !strings.Contains(string(b), `"notifications/cancelled"`) {
				return false
			}
			// Never takes the notification: mcpscope's bound ends it.
			<-r.Context().Done()
			return true
		},
	}
	s, rec := dialRaw(t, f, Config{})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-called
		cancel()
	}()
	if _, err := s.CallTool(ctx, "slow", nil); err == nil {
		t.Fatal("a call given up on got an answer")
	}
	got := rec.waitFor(t, "the record of the notifications/cancelled POST", func(r Record) bool {
		return r.HTTP != nil && r.HTTP.Status == 0 && r.HTTP.Purpose == PurposePost && strings.Contains(r.HTTP.Err, context.DeadlineExceeded.Error())
	})
	if !got.HTTP.Stopped() {
		t.Errorf("the notifications/cancelled POST recorded %q, want it ended at the bound of what is sent on leaving", got.HTTP.Err)
	}
	if words := RecordedFailureWords(got.HTTP.Err); words != context.DeadlineExceeded.Error() {
		t.Errorf("the notifications/cancelled POST that ran out of time (%q) is said %q, want it read as the timeout it was (%q)", got.HTTP.Err, words, context.DeadlineExceeded.Error())
	}
}
