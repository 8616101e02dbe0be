package mcp

import (
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The bytes of an answer's event that began and stopped coming are the
// session's to offer while the request waits: a watcher saw only
// "waiting for the answer" and how many bytes came, never what they were.
// Once the request ends, there is nothing unfinished to offer.
func TestUnfinishedAnswerOffersTheStalledEvent(t *testing.T) {
	const partial = "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"half"
	for _, tc := range []struct{ name, contentType, partial, want string }{
		{"event", "text/event-stream", partial, partial},
		{"comment lines only", "text/event-stream", ": keep-alive\n", ""},
		{"json body", "application/json", `{"jsonrpc":"2.0","id":`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
			written := make(chan struct{})
			front := frontOf(t, srv, "tools/call", func(w http.ResponseWriter, r *http.Request, _ []byte) {
				w.Header().Set("Content-Type", tc.contentType)
				_, _ = io.WriteString(w, tc.partial)
				w.(http.Flusher).Flush()
				close(written)
				<-r.Context().Done()
			})
			s := NewSession(Config{URL: front + "/mcp", Transport: TransportStreamable, RequestTimeout: time.Minute})
			t.Cleanup(func() { s.Close() })
			if err := s.Connect(testCtx(t)); err != nil {
				t.Fatalf("Connect: %v", err)
			}
			sent := make(chan int64, 1)
			ctx, cancel := context.WithCancel(OnSent(testCtx(t), func(seq int64) { sent <- seq }))
			done := make(chan error, 1)
			go func() {
				_, err := s.CallTool(ctx, "echo", []byte(`{"text":"x"}`))
				done <- err
			}()
			seq := <-sent
			<-written
			// The client reads what the server flushed on its own time,
			// which nothing tells: polled, bounded. Where none is to be
			// offered, it is asked for a while, not once.
			got, start := "", time.Now()
			for end := start.Add(5 * time.Second); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
				if got = s.UnfinishedAnswer(seq); got == tc.want && (tc.want != "" || time.Since(start) > 100*time.Millisecond) {
					break
				}
			}
			if got != tc.want {
				t.Errorf("UnfinishedAnswer while it waits = %q, want %q", got, tc.want)
			}
			cancel()
			<-done
			if got := s.UnfinishedAnswer(seq); got != "" {
				t.Errorf("UnfinishedAnswer once given up on = %q, want none", got)
			}
		})
	}
}
