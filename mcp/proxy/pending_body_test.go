package proxy

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A legacy server takes each POST with 202 and answers on its stream,
// when the tool is done. The proxy waits for those answers to pair them,
// and held the whole body of every request it waits on while it did: the
// request's id it waited on was a view of the body it had read, so a
// client sending large tool calls to slow tools made the proxy hold every
// one of them, past the budget for clients' bodies (four times
// --max-event-size), for as long as the tools took. It holds their ids.
func TestWaitedOnRequestsHoldNotTheirBodies(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			w.Header().Set("Content-Type", "text/event-stream")
			_, _ = io.WriteString(w, "event: endpoint\ndata: /message?sessionId=s1\n\n")
			w.(http.Flusher).Flush()
			// The tools never finish: no answer comes while the test runs.
			<-r.Context().Done()
			return
		}
		_, _ = io.Copy(io.Discard, r.Body)
		w.WriteHeader(http.StatusAccepted)
	}))
	t.Cleanup(up.Close)

	const limit, calls = 1 << 20, 32
	// The watcher writes records away as cmd_proxy's --headless does, and
	// keeps none: what stays on the heap is the proxy's own.
	var sent atomic.Int64
	allSent := make(chan struct{})
	p, err := New(Config{Upstream: up.URL, MaxEventSize: limit, OnStart: func(c *Client) {
		go func() {
			for batch := range c.Records() {
				for _, r := range batch {
					if r.Kind == mcp.KindSent && sent.Add(1) == calls {
						close(allSent)
					}
				}
			}
		}()
	}})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(p)
	t.Cleanup(func() {
		ts.Close()
		p.Close()
	})

	req, _ := http.NewRequestWithContext(bounded(t), http.MethodGet, ts.URL+"/sse", nil)
	req.Header.Set("Accept", "text/event-stream")
	stream, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	endpoint := ""
	for sc := bufio.NewScanner(stream.Body); endpoint == "" && sc.Scan(); {
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			endpoint = data
		}
	}
	if !strings.HasPrefix(endpoint, "/message") {
		t.Fatalf("the stream gave endpoint %q, want upstream's", endpoint)
	}

	// One blob makes every call's body, so the test itself holds one.
	blob := strings.Repeat("a", limit-200)
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc

	for i := range calls {
		body := io.MultiReader(strings.NewReader(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"upload","arguments":{"blob":"`, i+1)),
			strings.NewReader(blob), strings.NewReader(`"}}}`))
		req, _ := http.NewRequestWithContext(bounded(t), http.MethodPost, ts.URL+endpoint, body)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("call %d: %v", i+1, err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusAccepted {
			t.Fatalf("call %d was answered %s, want upstream's 202", i+1, resp.Status)
		}
	}
	select {
	case <-allSent:
	case <-bounded(t).Done():
		t.Fatalf("the watcher got %d of the %d calls", sent.Load(), calls)
	}
	// A handler gives its body back after the client has its 202: under
	// load a few may still be ending, each holding its body for a moment.
	bodiesGivenBack(t, p.bodies)

	runtime.GC()
	runtime.ReadMemStats(&ms)
	held := int64(ms.HeapAlloc) - int64(before)
	if budget := int64(bodyRoomFold * limit); held > budget {
		t.Errorf("with %d calls of %d bytes waiting on their answers, the proxy holds %d MiB more than before them, past its budget for clients' bodies (%d MiB)",
			calls, limit, held>>20, budget>>20)
	}
}

// bodiesGivenBack waits until every handler has given its client's body
// back to the budget, so that what is left on the heap is what the proxy
// keeps past its exchanges.
func bodiesGivenBack(t *testing.T, b *bodyRoom) {
	t.Helper()
	ctx := bounded(t)
	for {
		b.mu.Lock()
		held, freed := b.held, b.freed
		b.mu.Unlock()
		if held == 0 {
			return
		}
		select {
		case <-freed:
		case <-ctx.Done():
			t.Fatalf("the proxy still holds %d bytes of clients' bodies after every call was answered", held)
		}
	}
}
