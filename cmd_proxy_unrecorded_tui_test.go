package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/ui"
)

// A client session the proxy cannot record (its sessions directory was
// replaced by a file after it started) is said to the TUI, on its status
// bar: it was written to stderr, which the TUI covers.
func TestProxyTUIIsToldASessionIsNotRecorded(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "rec")
	p := tuiProxy(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{listen: "127.0.0.1:0", recordDir: dir})
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if _, errOut, code := run(t, "exec", "--no-record", p.base+"/mcp", "tools/list"); code != exitOK {
			t.Errorf("exec through the proxy: exit %d: %s", code, errOut)
		}
	}()
	deadline := time.After(10 * time.Second)
	for {
		var got ui.Client
		select {
		case got = <-p.sessions.show():
		case <-deadline:
			t.Fatal("the TUI was not told the session is not recorded")
		}
		if got.Records != nil {
			go func() {
				for range got.Records {
				}
			}()
		}
		if got.Notice != "" {
			if !strings.Contains(got.Notice, "is not recorded: recording: cannot create") {
				t.Errorf("notice %q, want the session not recorded and why", got.Notice)
			}
			break
		}
	}
	<-done
}
