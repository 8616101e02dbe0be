package proxy

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client that sends notifications/initialized with no initialize before
// it, which upstream accepts, had its session's state read "the client
// finished the handshake": there was no handshake. The state now says the
// client skipped initialize, on either transport; one that did initialize
// still reads as it did.
func TestInitializedWithoutInitializeSaysSo(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	initialized := `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	accept := []string{"Accept", "application/json, text/event-stream"}
	readAll(t, rawPost(t, base+"/mcp", initialized, append(accept, "User-Agent", "skipper")...).Body)
	legacy := endpointData(t, base)
	readAll(t, rawPost(t, base+legacy, initialized, "User-Agent", "legacy-skipper").Body)
	for _, transport := range []string{mcp.TransportStreamable, mcp.TransportSSE} {
		c := w.clientWith(t, "the "+transport+" client that sent initialized", func(r mcp.Record) bool {
			return r.State != nil && r.State.State == mcp.StateInitialized && r.State.Transport == transport
		})
		st := w.record(t, c.ID, "its initialized state", func(r mcp.Record) bool {
			return r.State != nil && r.State.State == mcp.StateInitialized
		})
		if want := "the client sent initialized with no initialize before it"; !strings.Contains(st.State.Detail, want) {
			t.Errorf("%s: the state says %q, want it to say %q", transport, st.State.Detail, want)
		}
	}
	rawSession(t, base, "2025-11-25")
	c := w.clientWith(t, "the client that initialized", func(r mcp.Record) bool {
		return r.RPC != nil && r.RPC.Method == "initialize"
	})
	st := w.record(t, c.ID, "its initialized state", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateInitialized
	})
	if st.State.Detail != "the client finished the handshake" {
		t.Errorf("a client that initialized: the state says %q", st.State.Detail)
	}
}
