package proxy

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client that announces a body larger than the limit is refused with
// 413 and a text body at once, before it sends (and the proxy reads) the
// bytes it will refuse anyway; one within the limit is still relayed.
func TestTooLargeBodyRefusedBeforeItIsRead(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	_, base, _ := startProxy(t, srv.URL+"/mcp", Config{MaxEventSize: 1 << 20})
	conn := rawConn(t, base)
	// Headers only: the body never comes.
	fmt.Fprintf(conn, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", strings.TrimPrefix(base, "http://"), 64<<20)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer to a POST announcing 64 MiB past a 1 MiB limit: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(body), "--max-event-size") {
		t.Errorf("answer %s %q, want 413 saying to raise --max-event-size", resp.Status, body)
	}

	ok := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`,
		"Accept", "application/json, text/event-stream")
	if ok.StatusCode != http.StatusOK {
		t.Errorf("a small initialize got %s, want 200", ok.Status)
	}
}
