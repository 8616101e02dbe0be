package main

import (
	"context"
	"io"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client's session is recorded off the relay's path: exec's initialize
// (after its server/discover probe, the request its session starts on)
// is answered while the session's recording is still being made, and
// the recording, once made, holds every request of the session in order.
func TestProxyRecordingMadeOffPath(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	h := startHeadless(t, srv.URL, proxyFlags{})
	making, made := make(chan struct{}, 1), make(chan struct{})
	h.run.sessions.create = func(dir string, started time.Time, host string, hd history.Header, opts history.RecordOptions) (*history.Recorder, error) {
		making <- struct{}{}
		<-made
		return history.CreateIn(dir, started, host, hd, opts)
	}
	cmds, err := parseCommands([]string{"tools/list"})
	if err != nil {
		t.Fatal(err)
	}
	cf := connFlags{transport: mcp.TransportAuto, timeout: 10e9, endpointTimeout: 10e9, maxEventSize: 4 << 20}
	done := make(chan error, 1)
	go func() {
		done <- runExec(context.Background(), io.Discard, io.Discard, h.run.base+"/mcp", cmds, &cf, &recordFlags{off: true}, &execFlags{})
	}()
	select {
	case <-making:
	case <-time.After(10 * time.Second):
		t.Fatal("the proxy never began the session's recording")
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		close(made)
		h.stop()
		t.Fatal("exec waited for the proxy to make its session's recording")
	}
	close(made)
	h.stop()
	paths, err := filepath.Glob(filepath.Join(h.dir, "*.jsonl"))
	if err != nil || len(paths) != 1 {
		t.Fatalf("want one recording, got %v (%v)", paths, err)
	}
	var sent []string
	for _, r := range readRecording(t, paths[0]) {
		if r.Kind == mcp.KindSent && r.RPC != nil {
			sent = append(sent, r.RPC.Method)
		}
	}
	want := []string{"server/discover", "initialize", "notifications/initialized", "tools/list"}
	if !slices.Equal(sent, want) {
		t.Errorf("the recording holds the client's requests %q, want %q", sent, want)
	}
}
