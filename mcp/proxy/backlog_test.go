package proxy

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A stream faster than the log does not pile up in memory: while the
// session's records are not read, the proxy stops reading upstream once
// the log's backlog is full, so a fast client gets only a bounded part of
// a flood; once the records are read again, the client gets the rest and
// the log every event.
func TestFloodWaitsForTheLog(t *testing.T) {
	const events, size = 48 << 10, 1 << 10 // 48 MiB of 1 KiB events
	event := "data: " + strings.Repeat("x", size-len("data: \n\n")) + "\n\n"
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		chunk := strings.Repeat(event, 64)
		for i := 0; i < events/64; i++ {
			if _, err := io.WriteString(w, chunk); err != nil {
				return
			}
		}
	}))
	t.Cleanup(up.Close)

	release := make(chan struct{})
	logged := make(chan int, 1)
	p, err := New(Config{Upstream: up.URL, OnStart: func(c *Client) {
		go func() {
			<-release // the log's consumer is stalled until then
			n := 0
			for b := range c.Records() {
				for _, r := range b {
					if r.Kind == mcp.KindEvent {
						n++
					}
				}
			}
			logged <- n
		}()
	}})
	if err != nil {
		t.Fatal(err)
	}
	base := startServer(t, p)
	resp := rawDo(t, http.MethodGet, base+"/flood", "", "Accept", "text/event-stream")
	var got atomic.Int64
	done := make(chan error, 1)
	go func() {
		buf := make([]byte, 64<<10)
		for {
			n, err := resp.Body.Read(buf)
			got.Add(int64(n))
			if err != nil {
				done <- err
				return
			}
		}
	}()

	// Nothing signals that the relay is waiting: it shows as the client's
	// bytes no longer growing. Poll until they stall (bounded by the test's
	// time limit), failing as soon as the client has more than the backlog
	// and the buffers between could explain.
	const most = 40 << 20
	deadline := time.Now().Add(testTimeout)
	last, still := int64(-1), 0
	for still < 5 {
		if time.Now().After(deadline) {
			t.Fatalf("the client's bytes never stopped growing while the log was stalled (%d so far)", got.Load())
		}
		time.Sleep(100 * time.Millisecond)
		n := got.Load()
		if n > most {
			t.Fatalf("the client got %d bytes of the flood while the log was stalled, want at most %d: the log's backlog grows without bound", n, most)
		}
		if n == last && n > 0 {
			still++
		} else {
			still = 0
		}
		last = n
	}
	t.Logf("stalled at %d bytes", last)

	close(release)
	if err := <-done; err != io.EOF {
		t.Fatalf("reading the flood after the log caught up: %v", err)
	}
	if n := got.Load(); n != events*size {
		t.Errorf("the client got %d bytes, want all %d", n, events*size)
	}
	p.Close()
	if n := <-logged; n != events {
		t.Errorf("the log has %d events, want every one of the %d", n, events)
	}
}
