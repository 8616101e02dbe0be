package main

import (
	"context"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A proxy run's one recording of the sessions upstream never answered
// holds several clients' sessions, their seqs each starting again: re-run
// with --against, they were sent as one session (every initialize again
// in it) and each answer compared with another client's. The re-run is
// refused, saying what the file holds and how to read it instead.
func TestRerunRefusesARecordingOfManyClients(t *testing.T) {
	stateDir(t)
	h := startHeadless(t, "http://"+mcptest.ClosedAddr(t)+"/mcp", proxyFlags{})
	for range 2 {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, err := sdk.NewClient(&sdk.Implementation{Name: "retrier", Version: "1"}, nil).Connect(ctx,
			&sdk.StreamableClientTransport{Endpoint: h.run.base + "/mcp", MaxRetries: -1, DisableStandaloneSSE: true}, nil)
		cancel()
		if err == nil {
			t.Fatal("the client connected through a proxy to nothing")
		}
	}
	h.stop()
	recording := onlyRecording(t, h.dir)
	srv := demotest.Start(t, demo.Options{})
	out, errOut, code := run(t, "replay", recording, "--against", srv.MCPURL())
	if code != exitUsage || !strings.Contains(errOut, "holds 2 sessions upstream never answered, recorded together by a proxy run") ||
		!strings.Contains(errOut, "replay it without --against, or export it") {
		t.Errorf("re-running a recording of two clients: exit %d, want %d and why:\nstdout:\n%s\nstderr:\n%s", code, exitUsage, out, errOut)
	}
}
