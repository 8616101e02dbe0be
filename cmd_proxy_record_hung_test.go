package main

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

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
	cmds, err := parseCommands([]string{"tools/list"})
	if err != nil {
		t.Fatal(err)
	}
	cf := connFlags{transport: mcp.TransportAuto, timeout: 10e9, endpointTimeout: 10e9, maxEventSize: 4 << 20}
	if err := runExec(context.Background(), io.Discard, io.Discard, h.run.base+"/mcp", cmds, &cf, &recordFlags{off: true}, &execFlags{}); err != nil {
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
