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
	initializeGivenUp(t, h.run.base, "impatient", held)
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
// the proxy at base and gives up on it when leave says so, which must come
// before any answer: upstream is not to answer it. A client leaving on a
// timer of its own could leave before the proxy had relayed its request;
// one test leaves once upstream holds it, another on a timer, as its
// upstream is never reached.
func initializeGivenUp[T any](t *testing.T, base, name string, leave <-chan T) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"`+name+`","version":"1"}}}`))
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
	case <-leave:
	case err := <-answered:
		t.Fatalf("the initialize ended before the client left (err %v): upstream is not to answer it", err)
	case <-time.After(10 * time.Second):
		t.Fatal("the client was never told to leave: upstream never got the initialize")
	}
	cancel()
	if err := <-answered; err == nil {
		t.Fatal("upstream answered a request it is not to answer")
	}
}
