package proxy

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/urlpass"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client whose Origin is a URL with a password (no browser sends one, a
// hostile client may) is refused as any foreign Origin is, and neither
// the answer nor the watcher's line quotes the password: the refusal's
// words quoted the Origin whole, onto the screen and stderr.
func TestRefusedOriginsPasswordIsMasked(t *testing.T) {
	fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	refused := make(chan Refusal, 1)
	_, base, _ := startProxy(t, fake.URL, Config{OnRefused: func(rf Refusal) { refused <- rf }})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, "Origin", "http://bob:hunter2@evil.example")
	body := readAll(t, resp.Body)
	want := `"http://bob:` + urlpass.Masked + `@evil.example"`
	if resp.StatusCode != http.StatusForbidden || strings.Contains(body, "hunter2") || !strings.Contains(body, want) {
		t.Errorf("the client got %s %q, want 403 quoting the Origin as %s", resp.Status, body, want)
	}
	select {
	case rf := <-refused:
		if strings.Contains(rf.Why, "hunter2") || !strings.Contains(rf.Why, want) {
			t.Errorf("the watcher was told %q, want the Origin quoted as %s", rf.Why, want)
		}
	case <-bounded(t).Done():
		t.Fatal("the watcher was not told of the refused Origin")
	}
}
