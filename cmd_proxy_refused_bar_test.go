package main

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/ui"
)

// A page's POST that the proxy refuses (403, its Origin is not local) is
// said on the TUI's status bar at 80 columns as one whole sentence that
// says "refused" once. It was "08:32:55 refused POST /mcp from
// 127.0.0.1:45448 with 403: refused a request from Origin …", cut before
// it said why.
func TestProxyRefusalNoticeReadsWholeAt80Columns(t *testing.T) {
	t.Setenv("MCPSCOPE_CONFIG_DIR", t.TempDir())
	gw, err := demo.Start("127.0.0.1:0", demo.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { gw.Close() })
	pf := proxyFlags{listen: "127.0.0.1:0", noRecord: true}
	cf := &connFlags{}
	cf.registerProxy(&cobra.Command{})
	run, err := startProxyRun(gw.MCPURL(), cf, &pf, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	styles, err := loadStyles("")
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, ui.New(run.uiOptions(styles)), teatest.WithInitialTermSize(80, 24))
	t.Cleanup(run.finishTUI)
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
	var seen bytes.Buffer
	out := io.TeeReader(tm.Output(), &seen)
	teatest.WaitFor(t, out, func([]byte) bool { return strings.Contains(ansi.Strip(seen.String()), "403") },
		teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	view := ansi.Strip(tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).View())
	var bar string
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, "403") {
			bar = l
		}
	}
	if !strings.Contains(bar, want) || strings.Count(bar, "refused") != 1 {
		t.Errorf("at 80x24 the status bar says %q, want %q whole, saying refused once", strings.TrimSpace(bar), want)
	}
}
