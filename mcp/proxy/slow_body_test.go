package proxy

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client whose POST body trickles in (here it sends one byte of 100 and
// then nothing) is answered 408 once BodyTimeout passes, told to send its
// message whole, and the watcher hears of it: it held its connection and a
// handler for as long as it liked. The proxy goes on serving others.
func TestTricklingBodyIsRefusedWhenItTakesTooLong(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	var mu sync.Mutex
	var refused []string
	_, base, _ := startProxy(t, gw.URL, Config{BodyTimeout: 200 * time.Millisecond, OnRefused: func(r Refusal) {
		mu.Lock()
		refused = append(refused, fmt.Sprintf("%s %s from %s %d %s", r.Method, r.URI, r.From, r.Status, r.Why))
		mu.Unlock()
	}})
	conn := rawConn(t, base)
	fmt.Fprintf(conn, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{", strings.TrimPrefix(base, "http://"))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer to a body that stopped coming: %v", err)
	}
	text, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(text), "did not arrive whole within 200ms") {
		t.Errorf("a trickling body got %s %q, want 408 saying it did not arrive whole in time", resp.Status, text)
	}
	mu.Lock()
	got := strings.Join(refused, "\n")
	mu.Unlock()
	if !strings.Contains(got, "POST /mcp from ") || !strings.Contains(got, " 408 its body did not arrive whole within 200ms") {
		t.Errorf("the watcher heard %q, want the trickling POST refused with 408", got)
	}
	// A client that sends its message at once is relayed as ever.
	post, _ := http.NewRequestWithContext(bounded(t), http.MethodPost, base+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"prompt","version":"1"}}}`))
	post.Header.Set("Content-Type", "application/json")
	post.Header.Set("Accept", "application/json, text/event-stream")
	ok, err := http.DefaultClient.Do(post)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, ok.Body)
	ok.Body.Close()
	if ok.StatusCode != http.StatusOK {
		t.Errorf("an initialize sent at once after it: %s, want 200 OK", ok.Status)
	}
}
