package main

import (
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// mcpscope sessions counts a recording's requests and errors as the TUI's
// status bar does when it shows that recording: a failed connect (a probe
// that ended its request, then the connect error) is one error, not two.
func TestSessionsCountErrorsAsTheTUIDoes(t *testing.T) {
	dir := stateDir(t)
	closed := "http://" + mcptest.ClosedAddr(t) + "/mcp"
	if _, _, code := run(t, "exec", closed, "tools/list"); code == exitOK {
		t.Fatalf("exec to %s succeeded with nothing listening", closed)
	}
	url := demotest.Start(t, demo.Options{}).URL
	for _, line := range [][]string{{url + "/sse", "tools/call", "nosuch"}, {url + "/mcp", "tools/list"}} {
		run(t, append([]string{"exec"}, line...)...)
	}
	infos, err := history.List(dir)
	if err != nil || len(infos) != 3 {
		t.Fatalf("List = %d recordings, %v; want 3", len(infos), err)
	}
	for _, info := range infos {
		log, _, _, err := history.LoadLog(info.Path)
		if err != nil {
			t.Fatal(err)
		}
		st := log.Stats()
		if info.Errors != st.Errors || info.Requests != st.Requests {
			t.Errorf("%s: sessions counts %d req, %d err; the TUI %d req, %d err", info.URL, info.Requests, info.Errors, st.Requests, st.Errors)
		}
	}
}
