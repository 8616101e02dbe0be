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
	// The client leaves once upstream holds its initialize: a timeout of
	// its own (200ms) could run out before the proxy had relayed it.
	held := make(chan struct{}, 1)
	url, release := heldUpstream(t, "slow", func(r *http.Request) bool {
		if r.Method != http.MethodPost {
			return false
		}
		select {
		case held <- struct{}{}:
		default:
		}
		return true
	})
	defer release()
	h := startHeadless(t, url+"/mcp", proxyFlags{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, h.run.base+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"impatient","version":"1"}}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	answered := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		answered <- err
	}()
	select {
	case <-held:
	case <-time.After(10 * time.Second):
		t.Fatal("upstream never got the initialize")
	}
	cancel()
	if err := <-answered; err == nil {
		t.Fatal("upstream answered a request it holds")
	}
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
