package main

import (
	"bufio"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// exec's ctrl+c through the proxy to a 2025 streamable server closes the
// resumable answer stream of its tools/call, then sends
// notifications/cancelled naming it: the headless lines say both as the
// client's doing, marked "·" as the session's other events are, not "!"
// as failures are. The proxy printed "! stream: the client closed the
// answer stream…" and nothing of the cancel, the call left to close with
// the session.
func TestProxyHeadlessSaysTheClientCancelled(t *testing.T) {
	h, url, sid, resp, drop := slowCallThroughProxy(t, "exec")
	var event string
	for br := bufio.NewReader(resp.Body); !strings.HasSuffix(event, "\n\n"); {
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("the answer stream ended at %q: %v", event, err)
		}
		event += line
	}
	if !strings.Contains(event, "\nid:") && !strings.HasPrefix(event, "id:") {
		t.Fatalf("the answer stream's first event %q has no id the client could resume from", event)
	}
	drop()
	resp.Body.Close()
	h.waitFor("· the client closed the answer stream to tools/call slow id=2 before the answer came")
	clientPost(t, url, sid, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"ctrl+c"}}`)
	h.waitFor("· cancelled tools/call slow id=2: " + mcp.ClientCancelled + ": ctrl+c")
	h.stop()
	if out := h.errw.String(); strings.Contains(out, " ! ") {
		t.Errorf("a line marks the client's cancel a failure:\n%s", out)
	}
}
