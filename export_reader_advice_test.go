package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The export of a session mcpscope ran advises its reader in words that
// fit either way of running it: the recording does not say whether the
// TUI or exec ran it. It said "run the command again (exec starts a new
// session)" of a session the reader ran in the TUI, where i does it.
func TestExportAdvisesItsReaderForTheTUIAndExec(t *testing.T) {
	dir := stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/list" {
			x.Status(http.StatusNotFound, "text/plain", "session not found")
			return
		}
		x.Default()
	}})
	_, errOut, _ := run(t, "exec", "--transport", "streamable", "--no-get-stream", srv.Endpoint(), "tools/list")
	md, errExp, code := run(t, "export", onlyRecording(t, dir))
	if code != exitOK {
		t.Fatalf("export: exit %d\n%s\n(exec said:\n%s)", code, errExp, errOut)
	}
	const want = "start a new session (i in the TUI; exec starts one each run)"
	if !strings.Contains(md, want) || strings.Contains(md, "exec starts a new session)") || strings.Contains(md, "press i") {
		t.Errorf("the export does not advise a new session in words for both the TUI and exec (%q):\n%.4000s", want, md)
	}
}
