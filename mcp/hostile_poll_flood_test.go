package mcp

import (
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
	"time"
)

// A response stream that ends at once with "retry: 0" and an event id it
// never sent before, every time it is resumed, is polling as fast as the
// network allows: a new id counts as progress, so only the request's
// timeout would end it, after tens of thousands of GETs and a recording of
// hundreds of megabytes. A stream that ended as soon as it opened is
// resumed no sooner than quickBackoff, whatever its retry field says.
func TestResumeWithRetryZeroDoesNotSpin(t *testing.T) {
	var n atomic.Int64
	f := &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		writeEvents(w, "id: p0\nretry: 0\ndata: \n\n")
	}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Last-Event-ID") == "" {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		writeEvents(w, fmt.Sprintf("id: p%d\nretry: 0\ndata: \n\n", n.Add(1)))
	}
	const timeout = time.Second
	s, _ := dialRaw(t, f, Config{RequestTimeout: timeout})
	start := time.Now()
	if _, err := s.CallTool(testCtx(t), "poll", []byte(`{}`)); err == nil {
		t.Fatalf("tools/call on a stream that never answers succeeded")
	}
	elapsed := time.Since(start)
	// At most one resumption per quickBackoff, and a few more for slack.
	if limit := int64(elapsed/quickBackoff) + 5; n.Load() > limit {
		t.Errorf("%d resuming GETs in %s, want at most %d (one per %s)", n.Load(), elapsed.Round(time.Millisecond), limit, quickBackoff)
	}
	if n.Load() < 2 {
		t.Errorf("%d resuming GETs, want the stream resumed while the request waited", n.Load())
	}
}
