package proxy

import (
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// One Mcp-Session-Id reaching several clients (a server that gives every
// client the same id, a client that sends an id it was never given) must
// not mix their recordings: each client's requests are relayed, and
// recorded in a session of its own. Keyed on the id alone, alice's
// requests after bob's initialize went into bob's recording, and her own
// said nothing of them.
func TestOneSessionIDSeveralClients(t *testing.T) {
	_, base, w := startProxy(t, answeringUpstream(t, "same").URL, Config{})
	send := func(agent, body string, headers ...string) {
		t.Helper()
		resp := rawPost(t, base+"/mcp", body, append([]string{"User-Agent", agent, "Accept", "application/json, text/event-stream"}, headers...)...)
		if got := readAll(t, resp.Body); resp.StatusCode != http.StatusOK || !strings.Contains(got, `"result"`) {
			t.Fatalf("%s got %s %q, want upstream's answer", agent, resp.Status, got)
		}
	}
	initialize := func(agent string) {
		t.Helper()
		send(agent, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"`+agent+`","version":"1"}}}`)
	}
	initialize("alice")
	initialize("bob")
	send("alice", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, "Mcp-Session-Id", "same")
	send("mallory", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"steal"}}`, "Mcp-Session-Id", "same")

	byAgent := map[string]*Client{}
	w.until(t, "three client sessions", func() bool { return len(w.clients) == 3 })
	for _, c := range w.sessions() {
		byAgent[c.UserAgent] = c
	}
	sentIn := func(agent, method string) bool {
		for _, r := range w.records(byAgent[agent].ID) {
			if r.Kind == mcp.KindSent && r.RPC.Method == method {
				return true
			}
		}
		return false
	}
	w.record(t, byAgent["alice"].ID, "alice's tools/list in her recording", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC.Method == "tools/list"
	})
	if sentIn("bob", "tools/list") || sentIn("bob", "tools/call") || sentIn("alice", "tools/call") {
		t.Errorf("another client's request is in a recording not its own:\n%s", dump(w))
	}
	detect := w.record(t, byAgent["mallory"].ID, "mallory's session says whose id it used", func(r mcp.Record) bool { return r.Detect != nil })
	if !strings.Contains(detect.Detect.Reason, "uses too") {
		t.Errorf("mallory's session began with %q, want it to say another client's session uses that id", detect.Detect.Reason)
	}

	// The same client given the same id by a second initialize: its first
	// session ends, saying where its later requests are recorded.
	initialize("alice")
	closed := w.record(t, byAgent["alice"].ID, "alice's first session closed", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateClosed
	})
	if !strings.Contains(closed.State.Detail, "new initialize from the same client") {
		t.Errorf("alice's first session closed with %q, want why", closed.State.Detail)
	}
}

// dump is every session's records, for a failure message.
func dump(w *watched) string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.dumpLocked()
}

// A client that stops part way through a POST's body: nothing is relayed
// upstream, and the recording of the session the request named says so,
// instead of leaving the request out as if it had never been sent.
func TestBrokenOffBodyIsRecorded(t *testing.T) {
	_, base, w := startProxy(t, answeringUpstream(t, "same").URL, Config{})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"quitter","version":"1"}}}`,
		"User-Agent", "quitter", "Accept", "application/json, text/event-stream")
	readAll(t, resp.Body)

	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	body := `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
	_, _ = io.WriteString(conn, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: quitter\r\nMcp-Session-Id: same\r\nContent-Type: application/json\r\n"+
		"Content-Length: "+strconv.Itoa(len(body)+40)+"\r\n\r\n"+body[:20])
	conn.Close()

	c := w.sessions()[0]
	broke := w.record(t, c.ID, "the broken-off POST on record", func(r mcp.Record) bool {
		return r.Error != nil && strings.Contains(r.Error.Message, "broke off")
	})
	if !strings.Contains(broke.Error.Message, "after 20 of its 86 bytes") || !strings.Contains(broke.Error.Message, "nothing was relayed") {
		t.Errorf("the record says %q, want how much came and that nothing was relayed", broke.Error.Message)
	}
}
