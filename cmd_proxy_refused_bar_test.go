package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A page's POST that the proxy refuses (403, its Origin is not local) is
// said on the TUI's status bar at 80 columns as one whole sentence that
// says "refused" once. It was "08:32:55 refused POST /mcp from
// 127.0.0.1:45448 with 403: refused a request from Origin …", cut before
// it said why.
func TestProxyRefusalNoticeReadsWholeAt80Columns(t *testing.T) {
	m, run := proxyTUI(t, demotest.Start(t, demo.Options{}).URL+demo.StreamablePath)
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	for range 3 {
		req, err := http.NewRequest(http.MethodPost, run.base+"/mcp", strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Origin", "http://evil.example")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Fatalf("a page's Origin http://evil.example: %d, want 403", resp.StatusCode)
		}
	}
	want := "refused POST /mcp: its Origin is not local (403)"
	bar := screenLine(quitOnceDrawn(t, tm, "403"), "403")
	if !strings.Contains(bar, want) || strings.Count(bar, "refused") != 1 {
		t.Errorf("at 80x24 the status bar says %q, want %q whole, saying refused once", bar, want)
	}
}
