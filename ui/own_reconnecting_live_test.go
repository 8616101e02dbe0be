package ui

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The user's own session in a proxy's TUI, on a legacy stream the server
// drops, says on the status line what mcpscope URL says: that it is
// reconnecting on its own, then that it gave up and r reconnects. It said
// nothing: the bar read "◌ reconnecting", then "● closed", and no line
// said why or what to do.
//
// The gateway drops the stream and then holds the first attempt until the
// bar has said it reconnects: attempts refused at once may all be read in
// one batch on a busy machine, their "reconnecting" never drawn.
func TestOwnSessionSaysItsStreamBrokeAndReconnects(t *testing.T) {
	var (
		mu      sync.Mutex
		drop    context.CancelFunc // ends the stream the session opened
		dropped bool
	)
	release := make(chan struct{})
	gw := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		mu.Lock()
		gone := dropped
		if !gone && r.Method == http.MethodGet && drop == nil {
			var ctx context.Context
			ctx, drop = context.WithCancel(r.Context())
			r = r.WithContext(ctx)
		}
		mu.Unlock()
		if !gone {
			gateway.ServeHTTP(w, r)
			return
		}
		// The gateway is gone: each attempt breaks off, the first once
		// released.
		select {
		case <-release:
		case <-r.Context().Done():
		}
		panic(http.ErrAbortHandler)
	})
	l := ownSessionLive(t, mcp.Config{URL: gw.URL + "/sse", Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: 20 * time.Millisecond}, "you (mcpscope)")
	l.waitFor("● open")
	l.tm.Type("i")
	l.waitFor("● initialized")
	l.mark()
	mu.Lock()
	dropped = true
	drop()
	mu.Unlock()
	l.waitFor(": reconnecting on its own")
	close(release)
	l.waitFor("stopped reconnecting on its own after 5 attempts")
	l.waitFor("press r to reconnect")
	l.quit()
}
