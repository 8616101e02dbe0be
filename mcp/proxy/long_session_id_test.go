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
	id := func(i int) string { return fmt.Sprintf("%04d", i) + strings.Repeat("s", bigHeader) }
	d := deleteMany(t, func(i int) []string { return []string{"Mcp-Session-Id", id(i)} })
	d.checkGrowth(t, "ids")
	// The last one ended is still known for what it was, by a client that
	// sends no User-Agent, as the DELETEs did.
	if got := d.again(t, "Mcp-Session-Id", id(manyDeletes-1), "User-Agent", ""); !strings.Contains(got, "which the client ended with DELETE in client session 16") {
		t.Errorf("the session of the last id DELETEd is %q, want it said to be the one its client ended in client session 16", got)
	}
}

// The client that ended a session is remembered with the id, to tell one
// coming back whether that DELETE was its own, and a client names itself
// in its User-Agent, up to a megabyte too: remembered whole, the same
// DELETEs with megabyte User-Agents held a megabyte each. The client is
// still known again by it, and another one told apart.
func TestLongUserAgentsOfEndedSessionsAreNotHeldWhole(t *testing.T) {
	agent := func(i int) string { return fmt.Sprintf("sweeper/%d ", i) + strings.Repeat("a", bigHeader) }
	d := deleteMany(t, func(i int) []string {
		return []string{"Mcp-Session-Id", fmt.Sprintf("sid-%d", i), "User-Agent", agent(i)}
	})
	d.checkGrowth(t, "User-Agents")
	last := fmt.Sprintf("sid-%d", manyDeletes-1)
	if got := d.again(t, "Mcp-Session-Id", last, "User-Agent", agent(manyDeletes-1)); !strings.Contains(got, "which the client ended with DELETE in client session 16") {
		t.Errorf("the session its own client DELETEd, used again, is %q, want it said to be the one the client ended in client session 16", got)
	}
	// Another session, so that the one above does not say this uses its id.
	if got := d.again(t, "Mcp-Session-Id", fmt.Sprintf("sid-%d", manyDeletes-2), "User-Agent", agent(0)); !strings.Contains(got, "which another client (") {
		t.Errorf("the session another client DELETEd, used again, is %q, want it said to be another client's DELETE", got)
	}
}

// bigHeader is the size of the header deleteMany's DELETEs each carry,
// manyDeletes how many it sends, through a proxy of manySessions.
const bigHeader, manyDeletes, manySessions = 1000 << 10, 16, 2

// deletes is a proxy that ended manyDeletes sessions with DELETE, and how
// much its heap grew meanwhile.
type deletes struct {
	base    string
	grew    int64
	details chan string
}

// deleteMany DELETEs manyDeletes sessions through a proxy to an upstream
// that takes any session id (one keeping no sessions), the ith with the
// headers of headers(i), and measures the heap the proxy keeps after.
func deleteMany(t *testing.T, headers func(i int) []string) *deletes {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		if r.Method == http.MethodDelete {
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{}}`)
	}))
	t.Cleanup(up.Close)
	// The watcher keeps nothing, as the headless one writes each record
	// to its file and lets it go: what stays is the proxy's.
	ended, details := make(chan int, manyDeletes+1), make(chan string, 2)
	p, err := New(Config{Upstream: up.URL, MaxSessions: manySessions, OnStart: func(c *Client) {
		go func() {
			for b := range c.Records() {
				for _, r := range b {
					if r.State != nil && strings.Contains(r.State.Detail, "again") {
						details <- r.State.Detail
					}
				}
			}
			ended <- c.ID
		}()
	}})
	if err != nil {
		t.Fatal(err)
	}
	d := &deletes{base: startServer(t, p), details: details}
	// Sent on a connection of its own, so that nothing of the test keeps
	// the request (rawDo keeps each response, its request and its
	// headers, until the test ends).
	del := func(i int) {
		t.Helper()
		conn := rawConn(t, d.base)
		fmt.Fprintf(conn, "DELETE /mcp HTTP/1.1\r\nHost: %s\r\n", strings.TrimPrefix(d.base, "http://"))
		kv := headers(i)
		for j := 0; j+1 < len(kv); j += 2 {
			fmt.Fprintf(conn, "%s: %s\r\n", kv[j], kv[j+1])
		}
		fmt.Fprintf(conn, "Connection: close\r\n\r\n")
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
	for i := range manyDeletes {
		del(i)
	}
	for range manyDeletes {
		select {
		case <-ended:
		case <-time.After(testTimeout):
			t.Fatal("the sessions DELETEd did not all end")
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	d.grew = int64(after.HeapAlloc) - int64(before.HeapAlloc)
	return d
}

// checkGrowth fails t when the proxy kept what the DELETEs' big headers,
// what, held. Remembered whole, the last 4*manySessions hold 8 MB. The
// bound is half that: a connection's last request (its header buffer, a
// megabyte) may still be alive as the heap is measured.
func (d *deletes) checkGrowth(t *testing.T, what string) {
	t.Helper()
	if most := int64(2 * manySessions * bigHeader); d.grew > most {
		t.Errorf("%d DELETEs of sessions with %d KiB %s grew the heap by %d KiB, want under %d KiB", manyDeletes, bigHeader>>10, what, d.grew>>10, most>>10)
	}
}

// again sends a request with headers in a session deleteMany ended, and
// returns what the proxy says of the session it begins.
func (d *deletes) again(t *testing.T, headers ...string) string {
	t.Helper()
	resp := rawPost(t, d.base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, append([]string{"Accept", "application/json, text/event-stream"}, headers...)...)
	readAll(t, resp.Body)
	select {
	case got := <-d.details:
		return got
	case <-time.After(testTimeout):
		t.Fatal("the session used again was not said to be one a client ended")
		return ""
	}
}
