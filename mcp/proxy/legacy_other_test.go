package proxy

import (
	"bufio"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// Another client that posts to a legacy session's endpoint (it learned or
// guessed the session id) is relayed, and upstream answers it on that
// session's stream; but what it sent and the clientInfo it names go to a
// session of its own, never into the recording of the client whose stream
// it is, which keeps its name and shows the answer as one to an id its
// client never sent.
func TestAnotherClientsPostToALegacyEndpointIsRecordedApart(t *testing.T) {
	gw := startDemo(t)
	_, base, w := startProxy(t, gw.URL, Config{})
	ctx := bounded(t)

	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/sse", nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("User-Agent", "victim/1")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	stream := bufio.NewReader(resp.Body)
	// readUntil reads the victim's stream up to a data line holding want.
	readUntil := func(want string) string {
		t.Helper()
		for {
			line, err := stream.ReadString('\n')
			if err != nil {
				t.Fatalf("the victim's stream ended before %q: %v", want, err)
			}
			if data, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "data:"); ok && strings.Contains(data, want) {
				return strings.TrimSpace(data)
			}
		}
	}
	endpoint := readUntil("sessionid=")

	post, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+endpoint, strings.NewReader(
		`{"jsonrpc":"2.0","id":77,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"intruder","version":"6"}}}`))
	post.Header.Set("Content-Type", "application/json")
	post.Header.Set("User-Agent", "intruder/6")
	presp, err := http.DefaultClient.Do(post)
	if err != nil {
		t.Fatal(err)
	}
	presp.Body.Close()
	if presp.StatusCode != http.StatusAccepted {
		t.Fatalf("the intruder's POST got %s, want 202 Accepted (relayed)", presp.Status)
	}
	readUntil(`"id":77`)

	victim := w.sessions()[0]
	w.record(t, victim.ID, "the answer to id 77 on the victim's stream", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && strings.Contains(string(r.RPC.Raw), `"id":77`)
	})
	for _, r := range w.records(victim.ID) {
		if r.Kind == mcp.KindSent {
			t.Errorf("the victim's session %d holds a message another client sent: %s", victim.ID, r.RPC.Raw)
		}
		if r.Kind == mcp.KindReceived && strings.Contains(string(r.RPC.Raw), `"id":77`) && r.RPC.Class != mcp.ClassForeign {
			t.Errorf("the answer to the intruder's id 77 is %s in the victim's session, want %s", r.RPC.Class, mcp.ClassForeign)
		}
	}
	if got := victim.Label(); got != "victim/1" {
		t.Errorf("the victim's session is named %q after another client's initialize, want %q", got, "victim/1")
	}
	var other *Client
	w.until(t, "a session of the intruder's own", func() bool {
		for _, c := range w.clients {
			if n, _ := c.Info(); n == "intruder" && c != victim {
				other = c
				return true
			}
		}
		return false
	})
	w.record(t, other.ID, "the intruder's initialize in its own session, saying whose endpoint it used", func(r mcp.Record) bool {
		return r.Kind == mcp.KindDetect && strings.Contains(r.Detect.Reason, "recorded apart, as another client's")
	})
	w.record(t, other.ID, "the intruder's initialize", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && strings.Contains(string(r.RPC.Raw), "intruder")
	})
}
