package main

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The proxy's report at 80 columns: its sentences ran past the width and
// the terminal broke them mid-word ("ho|lds"), and a recording's path of
// 80 columns and more went on after words. Now each sentence is wrapped
// at its spaces and each path is whole on a line of its own, which a user
// copies, indented as exec's "recorded to:" indents one wider than the
// terminal (only a path the indent alone would wrap goes without it).
func TestProxyReportFitsTheTerminal(t *testing.T) {
	t.Setenv("COLUMNS", "80")
	dir := filepath.Join(t.TempDir(), strings.Repeat("recordings-of-the-proxy-", 3))
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{recordDir: dir})
	const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"wide","version":"1"}}}`
	if status, _ := clientPost(t, h.run.base+"/mcp", "", initialize); status != http.StatusOK {
		t.Fatalf("initialize through the proxy: %d %s", status, http.StatusText(status))
	}
	req, err := http.NewRequest(http.MethodPost, h.run.base+"/mcp", strings.NewReader(initialize))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "http://elsewhere.example")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a request from a page elsewhere got %s, want 403", resp.Status)
	}
	h.stop()
	out := h.errw.String()
	report := out[strings.Index(out, "1 other request was refused"):]
	for _, line := range strings.Split(strings.TrimSuffix(report, "\n"), "\n") {
		if ansi.StringWidth(line) > 80 && !strings.HasPrefix(line, "  "+dir) {
			t.Errorf("a line of the report is wider than 80 columns and no path: %q\n%s", line, report)
		}
	}
	if want := "\n  " + dir + string(filepath.Separator); !strings.Contains(report, want) {
		t.Errorf("the report does not give the recording's path a line of its own, indented:\n%s", report)
	}
	if said := strings.Join(strings.Fields(report), " "); !strings.Contains(said, "so no recording holds them: a page's Origin") {
		t.Errorf("the report's sentence is broken mid-word:\n%s", report)
	}
}
