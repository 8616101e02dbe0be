package proxy

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A stateless client that sends server/discover again, on a connection of
// its own, while a request of its own still relays is the same client
// going on (an SDK renegotiating its version): its session is not ended
// for a new client's, and the discover and the request's answer are
// recorded in it. Only a session with nothing relaying and no connection
// open is taken for a client that left (endGoneFor).
func TestStatelessRediscoverWithARequestRelayingStaysOneSession(t *testing.T) {
	arrived := make(chan struct{}, 1)
	release := make(chan struct{})
	var released sync.Once
	let := func() { released.Do(func() { close(release) }) }
	up := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		if r.Header.Get("Mcp-Method") == "tools/list" {
			arrived <- struct{}{}
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}
		gateway.ServeHTTP(w, r)
	})
	t.Cleanup(let)
	_, base, w := startProxy(t, up.URL+demo.StatelessPath, Config{})
	ua := []string{"User-Agent", "rediscover/1"}
	readAll(t, rawPost(t, base+"/mcp", request2026("1", discover, "", "again"), headers2026(discover, ua...)...).Body)
	c := w.clientWith(t, "the first discover answered", answerOf(discover))
	listed := make(chan *http.Response, 1)
	go func() {
		req, err := http.NewRequestWithContext(bounded(t), http.MethodPost, base+"/mcp", strings.NewReader(request2026("2", "tools/list", "", "again")))
		if err != nil {
			listed <- nil
			return
		}
		req.Header.Set("Content-Type", "application/json")
		hs := headers2026("tools/list", ua...)
		for i := 0; i+1 < len(hs); i += 2 {
			req.Header.Set(hs[i], hs[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			resp = nil
		}
		listed <- resp
	}()
	select {
	case <-arrived:
	case <-bounded(t).Done():
		t.Fatal("the tools/list never reached upstream")
	}
	readAll(t, rawPost(t, base+"/mcp", request2026("3", discover, "", "again"), headers2026(discover, append(ua, "Connection", "close")...)...).Body)
	let()
	resp := <-listed
	if resp == nil {
		t.Fatal("the tools/list failed")
	}
	readAll(t, resp.Body)
	w.until(t, "the tools/list and both discovers answered in the session", func() bool {
		return w.countLocked(c.ID, answerOf(discover)) == 2 && w.countLocked(c.ID, answerOf("tools/list")) == 1
	})
	if n := len(w.sessions()); n != 1 {
		t.Errorf("one client's requests went into %d sessions, want 1:\n%s", n, w.dump())
	}
}
