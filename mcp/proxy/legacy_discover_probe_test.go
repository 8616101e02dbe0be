package proxy

import (
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The official Go SDK over its SSE transport asks server/discover first
// and initializes once the legacy server refuses it: the refusal is the
// answer to "which era?", a probe, as on streamable HTTP. The recording
// counts no error for it and reads its row probe, and a re-run leaves it
// out; it read "✗ rpc error", ERRS 1 in sessions, and replay --against
// compared it with the server's initialize result.
func TestLegacySDKDiscoverIsAProbe(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	p := newRecordingProxy(t, gw.URL, func(*Client) history.RecordOptions { return history.RecordOptions{} })
	base := startServer(t, p.Proxy)
	cs := sdkConnect(t, "sse-agent", &sdk.SSEClientTransport{Endpoint: base + "/sse"})
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatal(err)
	}
	cs.Close()
	p.w.until(t, "the session's records to end", func() bool { return p.w.ended[1] })
	paths := p.closeAndWait()
	discovers := p.w.count(1, func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "server/discover"
	})
	if discovers != 1 {
		t.Fatalf("the client sent %d server/discover, want its one probe:\n%s", discovers, p.w.dump())
	}
	log, _ := replayed(t, paths[0])
	for i := 0; i < log.PairCount(); i++ {
		if pr := log.Pair(i); pr.Method == "server/discover" && pr.State != history.StateProbe {
			t.Errorf("the server/discover reads %s, want %s", pr.State, history.StateProbe)
		}
	}
	if n := log.Stats().Errors; n != 0 {
		t.Errorf("the log counts %d errors, want none for a refused probe\n%s", n, p.w.dump())
	}
	infos, err := history.List(p.dir)
	if err != nil || len(infos) != 1 {
		t.Fatalf("sessions lists %d (%v), want the one recording", len(infos), err)
	}
	if infos[0].Errors != 0 {
		t.Errorf("sessions lists ERRS %d, want 0 for a refused probe", infos[0].Errors)
	}
}
