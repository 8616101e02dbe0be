package main

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A client that hung up before upstream answered its initialize (upstream
// slow, the client's timeout short) was filed with the sessions upstream
// never answered (down, not reached), in their one recording and the
// stop's report, though its own lines said the client left. It is told
// apart: its lines and the report say the client left.
func TestProxyHeadlessFilesAClientThatLeftBeforeAnAnswerAsLeft(t *testing.T) {
	stateDir(t)
	url, release := heldUpstream(t, "slow", func(r *http.Request) bool { return r.Method == http.MethodPost })
	defer release()
	h := startHeadless(t, url+"/mcp", proxyFlags{})
	initializeGivenUp(t, h.run.base, "impatient", 200*time.Millisecond)
	h.waitFor("#1 impatient 1 · streamable · closed")
	h.stop()
	out := h.errw.String()
	recording := onlyRecording(t, h.dir)
	if strings.Contains(out, "nothing answered by upstream") || strings.Contains(recording, "never-answered") ||
		!strings.Contains(out, "1 session recorded:\n  "+recording+" (#1 impatient 1)") {
		t.Errorf("a client that left is filed as upstream never answering (%s):\n%s", recording, out)
	}
	if !strings.Contains(out, "· closed: the client left before upstream's answer to its initialize came") {
		t.Errorf("the session's end does not say the client left:\n%s", out)
	}
}

// initializeGivenUp sends an initialize as the client named name through
// the proxy at base and gives up on it after wait, which it must take:
// upstream is not to answer it.
func initializeGivenUp(t *testing.T, base, name string, wait time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"`+name+`","version":"1"}}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
		t.Fatal("upstream answered a request it is not to answer")
	}
}
