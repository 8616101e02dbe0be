package main

import (
	"context"
	"sync/atomic"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/history"
)

// The Go SDK client calls the demo's slow tool through the proxy with a
// progressToken of its own choosing: the recording's tools/call row holds
// its progress, as a replay and export show it. Each progress was a row of
// its own marked "foreign token", and the call showed none.
func TestProxiedClientsOwnProgressTokenFoldsIntoItsCall(t *testing.T) {
	var heard atomic.Int64
	h, cs, ctx := sdkThroughDemoProxy(t, "progress-client", &sdk.ClientOptions{
		ProgressNotificationHandler: func(context.Context, *sdk.ProgressNotificationClientRequest) { heard.Add(1) },
	})
	params := &sdk.CallToolParams{Name: "slow", Arguments: map[string]any{"seconds": 0.05, "steps": 4}}
	params.SetProgressToken("client-token")
	if _, err := cs.CallTool(ctx, params); err != nil {
		t.Fatalf("slow through the proxy: %v", err)
	}
	cs.Close()
	h.stop()
	if heard.Load() == 0 {
		t.Fatal("the client heard no progress through the proxy")
	}
	log := history.NewLog()
	log.Append(readRecording(t, onlyRecording(t, h.dir))...)
	var call *history.Pair
	loose := 0
	for i := range log.PairCount() {
		p := log.Pair(i)
		switch {
		case p.Tool == "slow":
			call = p
		case p.Method == "notifications/progress":
			loose++
		}
	}
	if call == nil || call.State != history.StateOK || call.Notifications != int(heard.Load()) || call.Total != 4 || loose != 0 {
		t.Fatalf("the slow call's row is %+v with %d progress rows apart, want ok holding the %d progress the client heard", call, loose, heard.Load())
	}
}
