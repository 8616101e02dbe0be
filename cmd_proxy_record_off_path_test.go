package main

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"slices"
	"strings"
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
	done := make(chan error, 1)
	go func() { done <- execToolsList(h) }()
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

// A session's recording is made off the relay's path, and quitting waits
// for it; a disk that never answers the create (an NFS server gone) must
// not keep ctrl+c from ending the proxy: the session is said as not
// recorded, and its lines still come out.
func TestProxyStopsWhenRecordingCreateHangs(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	h := startHeadless(t, srv.URL, proxyFlags{})
	making, release := make(chan struct{}, 1), make(chan struct{})
	t.Cleanup(func() { close(release) })
	h.run.sessions.create = func(string, time.Time, string, history.Header, history.RecordOptions) (*history.Recorder, error) {
		select {
		case making <- struct{}{}:
		default:
		}
		<-release
		return nil, errors.New("the test's disk")
	}
	if err := execToolsList(h); err != nil {
		t.Fatal(err)
	}
	select {
	case <-making:
	case <-time.After(10 * time.Second):
		t.Fatal("the proxy never began the session's recording")
	}
	// As SIGINT does; the report's error (exit status 1) is its word that
	// a session went unrecorded.
	h.end()
	select {
	case <-h.done:
	case <-time.After(10 * time.Second):
		t.Fatal("the proxy did not stop while the disk did not answer the create of a recording")
	}
	out := h.errw.String()
	for _, want := range []string{"is not recorded: the disk did not answer within 2s", "tools/list", "1 session was not recorded"} {
		if !strings.Contains(out, want) {
			t.Errorf("the proxy's stderr lacks %q:\n%s", want, out)
		}
	}
}

// execToolsList runs exec's tools/list through the headless proxy h.
func execToolsList(h *headless) error {
	cmds, err := parseCommands([]string{"tools/list"})
	if err != nil {
		return err
	}
	cf := connFlags{transport: mcp.TransportAuto, timeout: 10e9, endpointTimeout: 10e9, maxEventSize: 4 << 20}
	return runExec(context.Background(), io.Discard, io.Discard, h.run.base+"/mcp", cmds, &cf, &recordFlags{off: true}, &execFlags{})
}
