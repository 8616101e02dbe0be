package main

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client's keep-alive connection left idle after its request is closed
// by the proxy after the idle timeout: 1,000 connections that each made one
// request and were then held open kept 1,000 descriptors until the proxy
// stopped, so a client could use up its open files and shut others out.
func TestProxyClosesIdleKeepAliveConnections(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{idle: 200 * time.Millisecond})
	addr := strings.TrimPrefix(h.run.base, "http://")
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if err := conn.SetDeadline(time.Now().Add(10 * time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(conn, "GET /health HTTP/1.1\r\nHost: "+addr+"\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Close {
		t.Fatalf("the proxy closed the connection after GET /health (%s); the test needs it kept alive", resp.Status)
	}
	// Held idle, the connection must be closed by the proxy, well before
	// the 10 s deadline.
	start := time.Now()
	_, err = br.ReadByte()
	if !errors.Is(err, io.EOF) {
		t.Fatalf("an idle keep-alive connection was not closed by the proxy: read gave %v after %v, want EOF", err, time.Since(start).Round(time.Millisecond))
	}
	// And the proxy goes on serving a new client.
	resp, err = http.Get(h.run.base + "/health")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /health after the idle close: %s, want 200 OK", resp.Status)
	}
}
