package mcp

import (
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer still arriving a byte at a time when the wait runs out (a
// slowloris server, a slow link) is said to be still coming, too slowly:
// not "stopped coming", whose advice blames a buffering proxy or a stuck
// server, nor a slow tool that sent nothing. "Still coming" means a byte
// came in the wait's second half. A loaded machine can stall the fake's
// writes or the client's reads past that half (15 bytes came in a 2s wait
// of a 10ms trickle): a run in which the last byte the client had was not
// written, by the fake's clock, within half the wait of the call's end
// tests nothing, and is tried again with twice the wait, up to 8s.
func TestAnswerStillTricklingWhenTheWaitRunsOut(t *testing.T) {
	for _, tc := range []struct{ name, contentType, answer string }{
		{"event", "text/event-stream", "event: message\ndata: " + strings.Repeat(" ", 1000) + "{}\n\n"},
		{"json body", "application/json", strings.Repeat(" ", 1000) + "{}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for wait := 2 * time.Second; ; wait *= 2 {
				trickled, err := trickleCall(t, tc.contentType, tc.answer, wait)
				if !trickled && wait < 8*time.Second {
					continue
				}
				if CauseOf(err) != CauseSlowAnswer || !strings.Contains(err.Error(), "still coming, too slowly") {
					t.Errorf("tools/call = %v (cause %q), want cause %q saying it was still coming", err, CauseOf(err), CauseSlowAnswer)
				}
				return
			}
		})
	}
}

// trickleCall makes a tools/call under a request timeout of wait, whose
// answer is written a byte every 10ms, and returns its error and whether
// the last byte the client had when its wait ran out was begun within
// wait/2 of the call's return by the fake's clock: a byte is read no
// earlier than it is written, so it then came in the wait's second half
// however late the timer fired.
func trickleCall(t *testing.T, contentType, answer string, wait time.Duration) (bool, error) {
	var mu sync.Mutex
	var writing []time.Time // when each byte's write began
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	front := frontOf(t, srv, "tools/call", func(w http.ResponseWriter, r *http.Request, _ []byte) {
		w.Header().Set("Content-Type", contentType)
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for i := 0; i < len(answer); i++ {
			mu.Lock()
			writing = append(writing, time.Now())
			mu.Unlock()
			_, _ = io.WriteString(w, answer[i:i+1])
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-tick.C:
			}
		}
	})
	s := NewSession(Config{URL: front + "/mcp", Transport: TransportStreamable, RequestTimeout: wait})
	t.Cleanup(func() { s.Close() })
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	_, err := s.CallTool(testCtx(t), "echo", []byte(`{"text":"x"}`))
	end := time.Now()
	var te *TimeoutError
	if !errorsAs(err, &te) || te.Unfinished <= 0 {
		return false, err
	}
	mu.Lock()
	defer mu.Unlock()
	n := min(int(te.Unfinished), len(writing))
	return n > 0 && end.Sub(writing[n-1]) < wait/2, err
}

// An answer stream that, when the wait runs out, holds only comment bytes
// in a block not yet ended (a keep-alive trickled a colon at a time, or
// cut mid-line) is said to have sent no answer, with those bytes named
// for what they are: not an answer that began and stopped, whose advice
// blames a buffering proxy that plainly passed them, nor one still coming.
// A comment followed by a field line begun is an answer that began.
func TestAnswerWaitOverAnUnfinishedComment(t *testing.T) {
	// Each framed run ends at the first line that takes it to 64 KiB.
	keepAlive := ": keep-alive\n"
	perRun := (commentRun + len(keepAlive) - 1) / len(keepAlive)
	commentRuns := strings.Repeat(keepAlive, 2*perRun)
	for _, tc := range []struct {
		name, sent string
		trickle    bool
		cause      Cause
		want       string
	}{
		{"colons trickling", ":", true, CauseTimeout, " bytes came, only comment (lines beginning with a colon, which are not events)"},
		{"comment cut mid-line", ": ping\n:pi", false, CauseTimeout, CommentOnly(int64(len(": ping\n:pi")))},
		// Comment runs with no blank line are framed every 64 KiB as
		// blocks of their own; the server's block has not ended, and all
		// of it is said, not the bytes after the last framing (none here:
		// two runs of exactly the framing's size).
		{"comment runs framed", commentRuns, false, CauseTimeout, CommentOnly(int64(len(commentRuns)))},
		{"field begun after a comment", ": ping\ndata: {\"jsonrpc\"", false, CauseStalled, "its answer began and stopped coming, " + bytesInto(int64(len(": ping\ndata: {\"jsonrpc\"")), "an event or body")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
			front := frontOf(t, srv, "tools/call", func(w http.ResponseWriter, r *http.Request, _ []byte) {
				w.Header().Set("Content-Type", "text/event-stream")
				tick := time.NewTicker(20 * time.Millisecond)
				defer tick.Stop()
				for {
					_, _ = io.WriteString(w, tc.sent)
					w.(http.Flusher).Flush()
					if !tc.trickle {
						<-r.Context().Done()
						return
					}
					select {
					case <-r.Context().Done():
						return
					case <-tick.C:
					}
				}
			})
			s := NewSession(Config{URL: front + "/mcp", Transport: TransportStreamable, RequestTimeout: time.Second})
			t.Cleanup(func() { s.Close() })
			if err := s.Connect(testCtx(t)); err != nil {
				t.Fatalf("Connect: %v", err)
			}
			_, err := s.CallTool(testCtx(t), "echo", []byte(`{"text":"x"}`))
			if CauseOf(err) != tc.cause || err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("tools/call = %v (cause %q), want cause %q saying %q", err, CauseOf(err), tc.cause, tc.want)
			}
			if tc.cause == CauseTimeout && (strings.Contains(err.Error(), "began and stopped") || strings.Contains(err.Error(), "too slowly")) {
				t.Errorf("tools/call = %v, want no answer said to have begun", err)
			}
		})
	}
}
