package proxy

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// rawUpstream is an upstream that writes whatever bytes the test wants:
// serve gets each request, read with its body, and the connection it came
// on. Every connection is closed when the test ends.
func rawUpstream(t *testing.T, serve func(c net.Conn, r *http.Request, body []byte)) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
			go func() {
				br := bufio.NewReader(c)
				for {
					r, err := http.ReadRequest(br)
					if err != nil {
						c.Close()
						return
					}
					body, _ := io.ReadAll(r.Body)
					serve(c, r, body)
				}
			}()
		}
	}()
	return "http://" + ln.Addr().String()
}

// An upstream that answers 101 Switching Protocols to a request that asked
// for no upgrade (the proxy drops Upgrade): the client gets a 502 saying
// so at once, the upstream connection is closed, and the record says what
// upstream did. Relayed, the client got a bare 101 and then nothing, and
// the proxy read the switched connection until upstream closed it.
func TestUpstreamSwitchingProtocolsUnasked(t *testing.T) {
	upstreamClosed := make(chan struct{})
	up := rawUpstream(t, func(c net.Conn, r *http.Request, _ []byte) {
		_, _ = io.WriteString(c, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n")
		// The switched connection, silent, until the proxy closes it (or
		// the test's time is up, so that a proxy still reading it fails
		// the test rather than hanging it).
		_ = c.SetReadDeadline(time.Now().Add(testTimeout))
		_, _ = io.Copy(io.Discard, c)
		close(upstreamClosed)
	})
	_, base, w := startProxy(t, up, Config{})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
		"Accept", "application/json, text/event-stream", "Upgrade", "websocket", "Connection", "Upgrade")
	body := readAll(t, resp.Body)
	if resp.StatusCode != http.StatusBadGateway || !strings.Contains(body, "101 Switching Protocols") {
		t.Fatalf("the client got %s %q, want 502 saying upstream answered 101", resp.Status, body)
	}
	select {
	case <-upstreamClosed:
	case <-bounded(t).Done():
		t.Fatal("the proxy kept the switched upstream connection open")
	}
	c := w.sessions()[0]
	w.record(t, c.ID, "the request failed with upstream's 101", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Cause == mcp.CauseBadHTTP && strings.Contains(r.Error.Message, "101 Switching Protocols")
	})
}

// A client that sends Expect: 100-continue (curl does for large bodies)
// was told 100 Continue by the proxy when it read the body. The proxy must
// not ask upstream again: an upstream that sends no 100 held every such
// request up for a second (the transport's wait) before the body went.
func TestExpectContinueIsNotAskedOfUpstream(t *testing.T) {
	got := make(chan http.Header, 1)
	up := rawUpstream(t, func(c net.Conn, r *http.Request, body []byte) {
		got <- r.Header
		_, _ = io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 36\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}")
	})
	_, base, _ := startProxy(t, up, Config{})
	started := time.Now()
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, "Expect", "100-continue")
	if body := readAll(t, resp.Body); resp.StatusCode != http.StatusOK || !strings.Contains(body, `"result"`) {
		t.Fatalf("the client got %s %q, want upstream's answer", resp.Status, body)
	}
	if h := <-got; h.Get("Expect") != "" {
		t.Errorf("upstream was asked Expect: %s (the answer took %v); the proxy had the body already", h.Get("Expect"), time.Since(started).Round(time.Millisecond))
	}
}
