package proxy

import (
	"testing"
)

// The proxy relays the client's User-Agent as it came, and adds none of its
// own: a client that sent none reaches upstream without one, not as
// Go-http-client/1.1, so upstream sees the clients that are there.
func TestUserAgentPassesThroughUnchanged(t *testing.T) {
	var up headerLog
	ts := up.server(t, jsonOK)
	_, base, _ := startProxy(t, ts.URL, Config{})
	msg := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`
	readAll(t, rawPost(t, base+"/mcp", msg, "User-Agent", "client-x/1.0").Body)
	readAll(t, rawPost(t, base+"/mcp", msg, "User-Agent", "").Body)
	seen := up.all()
	if len(seen) != 2 {
		t.Fatalf("upstream saw %d requests, want 2", len(seen))
	}
	if got := seen[0].Values("User-Agent"); len(got) != 1 || got[0] != "client-x/1.0" {
		t.Errorf("the client's User-Agent went upstream as %q, want client-x/1.0 alone", got)
	}
	if got := seen[1].Values("User-Agent"); len(got) != 0 {
		t.Errorf("a client without a User-Agent went upstream with %q, want none", got)
	}
}
