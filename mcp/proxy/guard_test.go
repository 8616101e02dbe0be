package proxy

import (
	"bufio"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The proxy refuses what a web page could send through DNS rebinding: an
// Origin that is not this machine, and on loopback a Host that is not.
func TestDNSRebindingIsRefused(t *testing.T) {
	fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	_, base, w := startProxy(t, fake.URL, Config{})
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`
	for _, tc := range []struct {
		name    string
		headers []string
		want    int
	}{
		{"evil origin", []string{"Origin", "http://evil.example"}, http.StatusForbidden},
		{"null origin", []string{"Origin", "null"}, http.StatusForbidden},
		{"rebound host", []string{"Origin", "http://evil.example:8812"}, http.StatusForbidden},
		{"local page", []string{"Origin", "http://localhost:3000"}, http.StatusOK},
		{"loopback page", []string{"Origin", "http://127.0.0.1:6274"}, http.StatusOK},
		{"no origin", nil, http.StatusOK},
	} {
		resp := rawPost(t, base+"/mcp", init, append([]string{"Accept", "application/json, text/event-stream"}, tc.headers...)...)
		body := readAll(t, resp.Body)
		if resp.StatusCode != tc.want {
			t.Errorf("%s: %s %q, want %d", tc.name, resp.Status, body, tc.want)
		}
		if tc.want == http.StatusForbidden && !strings.Contains(body, "DNS rebinding") {
			t.Errorf("%s: body %q does not say why", tc.name, body)
		}
	}
	req, _ := http.NewRequestWithContext(bounded(t), "POST", base+"/mcp", strings.NewReader(init))
	req.Host = "attacker.example:8812"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("Host attacker.example: %s, want 403", resp.Status)
	}
	for _, r := range fake.Requests() {
		if r.Header.Get("Origin") == "http://evil.example" {
			t.Error("a refused request reached upstream")
		}
	}
	if n := len(w.sessions()); n != 3 {
		t.Errorf("%d sessions, want one per accepted request and none for refused ones", n)
	}
}

func TestCheckListen(t *testing.T) {
	for _, tc := range []struct {
		addr string
		ok   bool
	}{
		{"127.0.0.1:8812", true},
		{"localhost:0", true},
		{"[::1]:8812", true},
		{"0.0.0.0:8812", true},
		{":8812", true},
		{"127.0.0.1", false},
		{"127.0.0.1:http", false},
		{"127.0.0.1:70000", false},
	} {
		err := CheckListen(tc.addr)
		if (err == nil) != tc.ok {
			t.Errorf("CheckListen(%q) = %v, want ok %v", tc.addr, err, tc.ok)
		}
	}
}

// A request with two Origin headers, a local page's and then another's,
// is refused for the other: only the first was looked at, and both went
// upstream, whose check may read the last.
func TestEveryOriginOfARequestIsChecked(t *testing.T) {
	fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	_, base, w := startProxy(t, fake.URL, Config{})
	conn := rawConn(t, base)
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`
	fmt.Fprintf(conn, "POST /mcp HTTP/1.1\r\nHost: %s\r\nOrigin: http://localhost:3000\r\nOrigin: http://evil.example\r\n"+
		"Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: %d\r\n\r\n%s", strings.TrimPrefix(base, "http://"), len(body), body)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	answer := readAll(t, resp.Body)
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(answer, `Origin "http://evil.example"`) {
		t.Errorf("a request with a local Origin and then http://evil.example got %s %q, want 403 naming the other", resp.Status, answer)
	}
	if n := len(fake.Requests()); n != 0 {
		t.Errorf("%d requests reached upstream, want none", n)
	}
	if n := len(w.sessions()); n != 0 {
		t.Errorf("%d sessions, want none for a refused request", n)
	}
}

// A request naming two sessions is refused: upstream may act in either,
// and the recording would file it under the first.
func TestTwoSessionIDsAreRefused(t *testing.T) {
	fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	_, base, w := startProxy(t, fake.URL, Config{})
	sid := rawInitialize(t, base)
	before := len(fake.Requests())
	conn := rawConn(t, base)
	body := `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
	fmt.Fprintf(conn, "POST /mcp HTTP/1.1\r\nHost: %s\r\nMcp-Session-Id: %s\r\nMcp-Session-Id: other\r\nMCP-Protocol-Version: 2025-11-25\r\n"+
		"Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: %d\r\n\r\n%s", strings.TrimPrefix(base, "http://"), sid, len(body), body)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	answer := readAll(t, resp.Body)
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(answer, "2 Mcp-Session-Id headers") {
		t.Errorf("a request naming two sessions got %s %q, want 400 saying so", resp.Status, answer)
	}
	if n := len(fake.Requests()) - before; n != 0 {
		t.Errorf("%d requests reached upstream, want none", n)
	}
	if n := len(w.sessions()); n != 1 {
		t.Errorf("%d sessions, want the one initialized", n)
	}
}

// The watcher's few words for a request carrying several session ids say
// how many it carried, as the answer to its client does: three were read
// as "two sessions", and one id sent twice is no two sessions at all.
func TestSeveralSessionIDsAreCountedInTheRefusal(t *testing.T) {
	fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	var mu sync.Mutex
	var shorts []string
	_, base, _ := startProxy(t, fake.URL, Config{OnRefused: func(r Refusal) {
		mu.Lock()
		shorts = append(shorts, r.Short)
		mu.Unlock()
	}})
	for _, ids := range [][]string{{"a", "b", "c"}, {"a", "a"}} {
		conn := rawConn(t, base)
		fmt.Fprintf(conn, "DELETE /mcp HTTP/1.1\r\nHost: %s\r\n", strings.TrimPrefix(base, "http://"))
		for _, id := range ids {
			fmt.Fprintf(conn, "Mcp-Session-Id: %s\r\n", id)
		}
		fmt.Fprint(conn, "\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		readAll(t, resp.Body)
		mu.Lock()
		got := shorts
		mu.Unlock()
		if want := fmt.Sprintf("it carries %d Mcp-Session-Id headers", len(ids)); resp.StatusCode != http.StatusBadRequest || len(got) == 0 || got[len(got)-1] != want {
			t.Errorf("a request carrying Mcp-Session-Id %q: %s, the watcher told %q, want 400 and %q", ids, resp.Status, got, want)
		}
	}
}
