package proxy

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"
)

// A client chooses its Mcp-Session-Id, up to the megabyte of headers a
// request may carry, and the proxy remembers the ids of sessions that
// ended (4 per --max-sessions in each of a few lists) to say which
// recording one was when its client comes back. Remembered whole, a
// client DELETEing sessions of megabyte ids at an upstream that takes
// any id (one keeping no sessions) held a megabyte per id: 1,000 such
// DELETEs through the demo took the proxy to 1.8 GB. A long id is
// remembered by its digest, and still known again.
func TestLongSessionIDsAreNotHeldWhole(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		if r.Method == http.MethodDelete {
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{}}`)
	}))
	t.Cleanup(up.Close)
	const sessions, idSize, deletes = 2, 1000 << 10, 16
	// The watcher keeps nothing, as the headless one writes each record
	// to its file and lets it go: what stays is the proxy's.
	ended, again := make(chan int, deletes+1), make(chan string, 1)
	p, err := New(Config{Upstream: up.URL, MaxSessions: sessions, OnStart: func(c *Client) {
		go func() {
			for b := range c.Records() {
				for _, r := range b {
					if r.State != nil && strings.Contains(r.State.Detail, "again") {
						again <- r.State.Detail
					}
				}
			}
			ended <- c.ID
		}()
	}})
	if err != nil {
		t.Fatal(err)
	}
	base := startServer(t, p)
	id := func(i int) string { return fmt.Sprintf("%04d", i) + strings.Repeat("s", idSize) }
	// Sent on a connection of its own, so that nothing of the test keeps
	// the request (rawDo keeps each response, its request and its
	// headers, until the test ends).
	del := func(i int) {
		t.Helper()
		conn := rawConn(t, base)
		fmt.Fprintf(conn, "DELETE /mcp HTTP/1.1\r\nHost: %s\r\nMcp-Session-Id: %s\r\nConnection: close\r\n\r\n", strings.TrimPrefix(base, "http://"), id(i))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("DELETE of session %d: %v", i, err)
		}
		conn.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("DELETE of session %d got %s, want upstream's 200", i, resp.Status)
		}
	}
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range deletes {
		del(i)
	}
	for range deletes {
		select {
		case <-ended:
		case <-time.After(testTimeout):
			t.Fatal("the sessions DELETEd did not all end")
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	// Remembered whole, the last 4*sessions ids hold 8 MB. The bound is
	// half that: a connection's last request (its header buffer, a
	// megabyte) may still be alive as the heap is measured.
	if grew, most := int64(after.HeapAlloc)-int64(before.HeapAlloc), int64(2*sessions*idSize); grew > most {
		t.Errorf("%d DELETEs of sessions with %d KiB ids grew the heap by %d KiB, want under %d KiB", deletes, idSize>>10, grew>>10, most>>10)
	}
	// The last one ended is still known for what it was.
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, "Mcp-Session-Id", id(deletes-1), "Accept", "application/json, text/event-stream")
	readAll(t, resp.Body)
	select {
	case d := <-again:
		if !strings.Contains(d, "which the client ended with DELETE in client session 16") {
			t.Errorf("the session of the last id DELETEd is %q, want it said to be the one its client ended in client session 16", d)
		}
	case <-time.After(testTimeout):
		t.Error("the session of the last id DELETEd was not said to be one its client ended")
	}
}
