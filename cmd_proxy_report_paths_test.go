package main

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The proxy's report at 80 columns names a recording whose path is wider
// than the terminal in rows within it, each ending in a backslash, which
// the shell joins back into the one path: the terminal broke the path
// mid-name, and a copy of it pasted as two words.
func TestProxyReportKeepsAPathWiderThanTheTerminalWhole(t *testing.T) {
	t.Setenv("COLUMNS", "80")
	dir := filepath.Join(t.TempDir(), strings.Repeat("recordings-of-the-proxy-", 2))
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{recordDir: dir})
	const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"wide","version":"1"}}}`
	if status, _ := clientPost(t, h.run.base+"/mcp", "", initialize); status/100 != 2 {
		t.Fatalf("initialize through the proxy: %d", status)
	}
	h.stop()
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) != 1 || len(files[0]) <= 80 {
		t.Fatalf("recordings %v, want one wider than 80 columns", files)
	}
	_, report, ok := strings.Cut(h.errw.String(), "1 session recorded:\n")
	if !ok {
		t.Fatalf("the report lists no recording:\n%s", h.errw.String())
	}
	for _, line := range strings.Split(report, "\n") {
		if ansi.StringWidth(line) > 80 {
			t.Errorf("a line of the report is wider than 80 columns: %q\n%s", line, report)
		}
	}
	if joined := strings.ReplaceAll(report, "\\\n", ""); !strings.HasPrefix(joined, "  "+files[0]+"\n    (#1 wide 1)\n") {
		t.Errorf("the report's rows, joined as the shell joins them, are not the path and its client:\n%s", report)
	}
}

// The user's own session (the TUI's o) is named beside its recording's
// path in the report without brackets in brackets: "(you (mcpscope))".
func TestProxyReportNamesTheUsersOwnSession(t *testing.T) {
	dir := t.TempDir()
	s := &proxySessions{pf: &proxyFlags{recordDir: dir}, errw: io.Discard,
		cfg: mcp.Config{URL: demotest.Start(t, demo.Options{}).URL + demo.StreamablePath, Transport: mcp.TransportStreamable}}
	c, err := s.openOwn()
	if err != nil {
		t.Fatal(err)
	}
	s.closeOwn(2*time.Second, nil)
	for range c.Records {
	}
	var out bytes.Buffer
	_ = s.report(&out, 0)
	if strings.Contains(out.String(), "(you (mcpscope))") || !strings.Contains(out.String(), ".jsonl (you, in mcpscope)") {
		t.Errorf("the report names the user's own session otherwise:\n%s", out.String())
	}
}
