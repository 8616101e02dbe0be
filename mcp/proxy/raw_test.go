package proxy

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// rawPost POSTs body to url with the headers given as name, value pairs,
// bounded by the test's time limit.
func rawPost(t *testing.T, url, body string, headers ...string) *http.Response {
	t.Helper()
	return rawDo(t, http.MethodPost, url, body, headers...)
}

func rawDo(t *testing.T, method, url, body string, headers ...string) *http.Response {
	t.Helper()
	return rawDoWithin(t, testTimeout, method, url, body, headers...)
}

// rawDoWithin is rawDo bounded by d, from the request to its body's end.
func rawDoWithin(t *testing.T, d time.Duration, method, url, body string, headers ...string) *http.Response {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(boundedBy(t, d), method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// rawInitialize initializes a 2025-11-25 session through the proxy at
// base, as the client "first" 1, with raw POSTs (no SDK, so a test can
// send what an SDK would not), and returns the session's Mcp-Session-Id.
func rawInitialize(t *testing.T, base string) string {
	t.Helper()
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"first","version":"1"}}}`, "Accept", "application/json, text/event-stream")
	sid := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != http.StatusOK || sid == "" {
		t.Fatalf("initialize got %s with session %q, want 200 and a session", resp.Status, sid)
	}
	return sid
}

// demoOpen proxies the demo gateway and initializes a session through it
// as rawInitialize does, then waits, as a client waits for the answer,
// until the proxy has it open (the test's client session 1).
func demoOpen(t *testing.T) (base, sid string, w *watched) {
	t.Helper()
	gw := demotest.Start(t, demo.Options{})
	_, base, w = startProxy(t, gw.URL, Config{})
	sid = rawInitialize(t, base)
	w.record(t, 1, "the session open", inState(mcp.StateOpen, "session "+sid))
	return base, sid, w
}

// readAll reads a whole body, failing the test on error.
func readAll(t *testing.T, r io.Reader) string {
	t.Helper()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("reading the answer: %v", err)
	}
	return string(b)
}

// nextEvent reads one SSE block (up to its blank line) from br.
func nextEvent(t *testing.T, br *bufio.Reader) string {
	t.Helper()
	var b bytes.Buffer
	for {
		line, err := br.ReadString('\n')
		b.WriteString(line)
		if err != nil {
			t.Fatalf("reading an event: %v (so far %q)", err, b.String())
		}
		if line == "\n" || line == "\r\n" {
			return b.String()
		}
	}
}

// request2026 is a stateless request of client name with its _meta.
func request2026(id, method, params, name string) string {
	meta := `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},` +
		`"io.modelcontextprotocol/clientInfo":{"name":"` + name + `","version":"0.1"}}`
	if params != "" {
		meta += "," + params
	}
	return `{"jsonrpc":"2.0","id":` + id + `,"method":"` + method + `","params":{` + meta + `}}`
}

// headers2026 are the headers a 2026 request carries.
func headers2026(method string, more ...string) []string {
	return append([]string{"Accept", "application/json, text/event-stream", "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", method}, more...)
}

func stringsReader(s string) io.Reader { return strings.NewReader(s) }

// rawConn is a connection to the proxy at base, for requests net/http
// would not write; it is closed when the test ends, and no read or write
// on it waits past testTimeout.
func rawConn(t *testing.T, base string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	_ = conn.SetDeadline(time.Now().Add(testTimeout))
	return conn
}

// rawSession initializes a streamable session at base+"/mcp" in version
// with raw POSTs, says notifications/initialized, and returns the headers
// its requests go with.
func rawSession(t *testing.T, base, version string) []string {
	t.Helper()
	accept := []string{"Accept", "application/json, text/event-stream"}
	init := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"`+version+`","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`, accept...)
	readAll(t, init.Body)
	session := append(accept, "Mcp-Session-Id", init.Header.Get("Mcp-Session-Id"), "MCP-Protocol-Version", version)
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, session...).Body)
	return session
}
