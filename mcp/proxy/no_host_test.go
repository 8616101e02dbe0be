package proxy

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An HTTP/1.0 client that sends no Host header is refused, and told that
// its Host is missing and what to send, rather than that it asked for
// Host "".
func TestRequestWithNoHostIsToldToSendOne(t *testing.T) {
	fake := mcptest.New(t, mcptest.Options{})
	_, base, w := startProxy(t, fake.URL, Config{})
	conn := rawConn(t, base)
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`
	fmt.Fprintf(conn, "POST /mcp HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a request with no Host: %s, want 403 Forbidden", resp.Status)
	}
	if !strings.Contains(string(text), "no Host header") || !strings.Contains(string(text), "send Host") {
		t.Errorf("the refusal says %q, want it to say the Host header is missing and to send one", text)
	}
	if n := len(w.sessions()); n != 0 {
		t.Errorf("%d client sessions began for a refused request, want none", n)
	}
}
