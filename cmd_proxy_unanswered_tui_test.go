package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// retriedInitialize is a client's initialize, as each of its retries sends it.
const retriedInitialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"retrier","version":"1"}}}`

// In the TUI, initializes upstream never answered are one entry, shown
// under the number of the first of them (no other entry has it), with
// every attempt's records, not a tab per attempt.
func TestInitializesUpstreamNeverAnsweredAreOneTab(t *testing.T) {
	addr := mcptest.ClosedAddr(t)
	run := tuiProxy(t, "http://"+addr+"/mcp", proxyFlags{listen: "127.0.0.1:0", recordDir: t.TempDir()})
	const attempts = 2
	for range attempts {
		if status, _ := clientPost(t, run.base+"/mcp", "", retriedInitialize); status != http.StatusBadGateway {
			t.Fatalf("the initialize was answered %d, want 502", status)
		}
	}
	unansweredTab(t, run, attempts)
}

// The entry is shown under the number of the session that began first
// even where a later one ended first: a first initialize upstream holds
// (cut off once the second was refused), a second refused at once.
func TestInitializesUpstreamNeverAnsweredAreShownUnderTheFirst(t *testing.T) {
	got, release := make(chan struct{}), make(chan struct{})
	var asked atomic.Int32
	upstream := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		// The proxy's probes at its start are GETs.
		if r.Method == http.MethodPost && asked.Add(1) == 1 {
			close(got)
			<-release
		}
		// Cut off unanswered, without a log line.
		panic(http.ErrAbortHandler)
	}))
	t.Cleanup(upstream.Close)
	// Before upstream closes, which waits for its handlers.
	letGo := sync.OnceFunc(func() { close(release) })
	t.Cleanup(letGo)
	run := tuiProxy(t, upstream.URL+"/mcp", proxyFlags{listen: "127.0.0.1:0", recordDir: t.TempDir()})
	first := make(chan error, 1)
	go func() {
		status, _, err := tryClientPost(run.base+"/mcp", "", retriedInitialize)
		if err == nil && status != http.StatusBadGateway {
			err = fmt.Errorf("the first initialize was answered %d, want 502", status)
		}
		first <- err
	}()
	<-got
	if status, _ := clientPost(t, run.base+"/mcp", "", retriedInitialize); status != http.StatusBadGateway {
		t.Fatalf("the second initialize was answered %d, want 502", status)
	}
	letGo()
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	unansweredTab(t, run, 2)
}

// unansweredTab waits for the TUI's one entry of the proxy sessions
// upstream never answered and fails unless it is numbered 1 and holds
// the initializes of every attempt.
func unansweredTab(t *testing.T, run *proxyRun, attempts int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var got struct {
		id      int
		name    string
		records <-chan []mcp.Record
	}
	select {
	case c := <-run.sessions.show():
		if c.Log != nil {
			t.Cleanup(func() { c.Log.Close() })
		}
		got.id, got.name, got.records = c.ID, c.Name, c.Records
	case <-ctx.Done():
		t.Fatal("the TUI was told of no session")
	}
	// The tab reads its number, then its name: the name must not read
	// as a count of the sessions it holds.
	if want := "(sessions upstream never answered)"; got.id != 1 || got.name != want {
		t.Fatalf("the TUI's first entry is %d %q, want 1 %q", got.id, got.name, want)
	}
	for inits := 0; inits < attempts; {
		select {
		case batch := <-got.records:
			for _, r := range batch {
				if r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "initialize" {
					inits++
				}
			}
		case c := <-run.sessions.show():
			t.Fatalf("the TUI was told of another entry, %d %q, where the attempts share one", c.ID, c.Name)
		case <-ctx.Done():
			t.Fatalf("the entry holds %d initializes, want the %d attempts", inits, attempts)
		}
	}
}
