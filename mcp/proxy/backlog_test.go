package proxy

import (
	"context"
	"fmt"
	"io"
	"net"
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
// the log every event. Only that session waits: another client's request
// meanwhile is answered and logged at once (a request of the TUI's exec
// read +5 ms beside an Inspector's busy stream, which was the machine's
// two cores, not one client waiting on another's log).
func TestFloodWaitsForTheLog(t *testing.T) {
	floodWaitsForTheLog(t, 48<<10, 1<<10, 40<<20) // 48 MiB of 1 KiB events
}

// The bound holds for large events too: the records handed to the log but
// not yet taken count as held back, however few batches they make (a flood
// of 8 MiB events went through whole: 64 batches waited unweighed). 128 MiB
// is twice the bound and still moves within the test's time under -race.
func TestFloodOfLargeEventsWaitsForTheLog(t *testing.T) {
	floodWaitsForTheLog(t, 16, 8<<20, 64<<20)
}

// floodTimeout bounds a flood's whole relay: a hang still fails, a machine
// busy with other tests does not.
const floodTimeout = 60 * time.Second

// floodWaitsForTheLog streams events of size bytes to a client whose log
// is stalled, and wants the client to get at most most bytes of them until
// the log is read, then every one.
func floodWaitsForTheLog(t *testing.T, events, size int, most int64) {
	event := "data: " + strings.Repeat("x", size-len("data: \n\n")) + "\n\n"
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		per := max(1, min(64, events))
		chunk := strings.Repeat(event, per)
		for i := 0; i < events/per; i++ {
			if _, err := io.WriteString(w, chunk); err != nil {
				return
			}
		}
	}))
	t.Cleanup(up.Close)

	release := make(chan struct{})
	logged := make(chan int, 1)
	answered := make(chan struct{}, 1) // another session logged its answer
	p, err := New(Config{Upstream: up.URL, OnStart: func(c *Client) {
		if c.path != "/flood" {
			go func() {
				for b := range c.Records() {
					for _, r := range b {
						if r.RPC != nil && r.RPC.Class == mcp.ClassResponse {
							select {
							case answered <- struct{}{}:
							default:
							}
						}
					}
				}
			}()
			return
		}
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
	// The flood moves as fast as the proxy parses and logs it: 128 MiB
	// takes 6 to 7 s under -race alone, and past testTimeout beside other
	// packages' tests on two cores (go test -race ./...). The request's
	// bound is a guard against a hang, not a measure of speed.
	ctx, cancel := context.WithTimeout(context.Background(), floodTimeout)
	t.Cleanup(cancel)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/flood", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET /flood: %v", err)
	}
	t.Cleanup(func() { resp.Body.Close() })
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

	// The client's bytes must stop growing well before the whole flood.
	if n := stalled(t, "the client's bytes", got.Load, most); n > most {
		t.Fatalf("the client got %d bytes of the flood while the log was stalled, want at most %d: the log's backlog grows without bound", n, most)
	}
	otherClientAnswered(t, base, answered)

	close(release)
	if err := <-done; err != io.EOF {
		t.Fatalf("reading the flood after the log caught up: %v", err)
	}
	if n := got.Load(); n != int64(events*size) {
		t.Errorf("the client got %d bytes, want all %d", n, events*size)
	}
	p.Close()
	if n := <-logged; n != events {
		t.Errorf("the log has %d events, want every one of the %d", n, events)
	}
}

// A client that does not read holds its relay in a write; stopping the
// proxy ends that write at once, and records that the proxy stopped the
// stream, not that the client left.
func TestCloseDoesNotWaitOnAClientThatDoesNotRead(t *testing.T) {
	var written atomic.Int64
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		chunk := strings.Repeat("data: "+strings.Repeat("x", 1000)+"\n\n", 64)
		for r.Context().Err() == nil {
			n, err := io.WriteString(w, chunk)
			written.Add(int64(n))
			if err != nil {
				return
			}
		}
	}))
	t.Cleanup(up.Close)
	p, base, w := startProxy(t, up.URL, Config{})
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.(*net.TCPConn).SetReadBuffer(4096)
	fmt.Fprintf(conn, "GET /stream HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\n\r\n", strings.TrimPrefix(base, "http://"))
	stalled(t, "upstream's bytes", written.Load, 1<<40) // the relay is blocked writing to the client

	start := time.Now()
	p.Close()
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("Close took %v: it waited on a client that does not read", took)
	}
	c := w.sessions()[0]
	w.record(t, c.ID, "the closed state", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateClosed
	})
	for _, r := range w.records(c.ID) {
		if r.State != nil && r.State.State == mcp.StateClosed && !strings.Contains(r.State.Detail, "proxy stopped") {
			t.Errorf("the session closed with %q, want that the proxy stopped it", r.State.Detail)
		}
	}
}

// A client that stops part way through its request's body holds the relay
// in a read; stopping the proxy ends that read at once, as it ends a
// blocked write, instead of waiting its few seconds for the handler.
func TestCloseDoesNotWaitOnAClientThatStopsSendingItsBody(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("upstream got %s %s: the body never came whole", r.Method, r.URL)
	}))
	t.Cleanup(up.Close)
	arrived := make(chan struct{}, 1)
	// The proxy reads the clock as a request arrives, just before it reads
	// the body: then the relay is in that read.
	p, base, _ := startProxy(t, up.URL, Config{Now: func() time.Time {
		select {
		case arrived <- struct{}{}:
		default:
		}
		return time.Now()
	}})
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"jsonrpc\":",
		strings.TrimPrefix(base, "http://"))
	select {
	case <-arrived:
	case <-time.After(testTimeout):
		t.Fatal("the proxy never took the request")
	}

	start := time.Now()
	p.Close()
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("Close took %v: it waited on a client that stopped sending its body", took)
	}
}

// otherClientAnswered posts a tools/list of a session of its own to the
// proxy at base, while another session's relay waits for its log, and
// wants the answer relayed and logged (answered) all the same.
func otherClientAnswered(t *testing.T, base string, answered <-chan struct{}) {
	t.Helper()
	req, err := http.NewRequestWithContext(bounded(t), http.MethodPost, base+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Session-Id", "other")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("another client's request while one session's log was stalled: %v", err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || !strings.Contains(string(body), `"tools"`) {
		t.Fatalf("another client got %q (%v) while one session's log was stalled, want its tools", body, err)
	}
	select {
	case <-answered:
	case <-time.After(testTimeout):
		t.Fatal("another client's answer was never logged while one session's log was stalled")
	}
}
