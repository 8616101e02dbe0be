package mcp

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
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

// A nextCursor the server named before would make the listing go round
// the same pages until the page bound, each held for completion: the
// listing stops at the first repeat and says so, for every paged list.
func TestRepeatedCursorStopsTheListing(t *testing.T) {
	for _, method := range []string{"tools/list", "prompts/list"} {
		var pages atomic.Int32
		handle := func(c *mcptest.Call) {
			if c.Method != method {
				c.Default()
				return
			}
			n := pages.Add(1)
			// a, b, a, b, ...: a cycle, not just the same cursor again.
			cursor := []string{"a", "b"}[(n-1)%2]
			c.Result(map[string]any{"tools": []map[string]any{{"name": fmt.Sprintf("t%d", n)}},
				"prompts": []map[string]any{{"name": fmt.Sprintf("p%d", n)}}, "nextCursor": cursor})
		}
		_, s, _ := dial(t, mcptest.Options{Handle: handle}, Config{})
		var err error
		if method == "tools/list" {
			_, _, err = s.ListTools(testCtx(t), true)
		} else {
			_, err = s.ListPages(testCtx(t), method, "", true)
		}
		if CauseOf(err) != CauseLimit || !strings.Contains(err.Error(), `nextCursor "a" again`) {
			t.Errorf("%s --all over cursors a, b, a = %v, want a limit error naming the repeated cursor", method, err)
		}
		if got := pages.Load(); got != 3 {
			t.Errorf("%s --all asked for %d pages, want 3 (the third names a cursor seen before)", method, got)
		}
	}
}
