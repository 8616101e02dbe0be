package ui

import (
	"net"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// "could not connect" at 80 columns was cut after the URL: the reason
// (connection refused) and what to do (is the server started?) were lost.
// It wraps under the keys row now, which stays; at 160 columns it reads
// whole.
func TestLiveCouldNotConnectReadsWhole(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there
	for _, tc := range []struct {
		w, h int
		want []string
	}{
		{80, 24, []string{"connection refused", "is the server started, and is the URL right?"}},
		{160, 45, []string{"connection refused", "is the server started, and is the URL right? (the Docker MCP Gateway: docker mcp gateway run; default port 8811)"}},
	} {
		l := startLive(t, mcp.Config{URL: "http://" + addr + "/mcp"})
		l.tm.Send(tea.WindowSizeMsg{Width: tc.w, Height: tc.h})
		l.waitFor("● failed")
		l.waitFor("connection refused")
		m := l.quit()
		v := ansi.Strip(m.View())
		rows := strings.Split(v, "\n")
		at := -1
		for i, r := range rows {
			if strings.HasPrefix(r, "could not connect: ") {
				at = i
			}
		}
		if at < 1 || !strings.HasPrefix(rows[at-1], "r reconnect") {
			t.Fatalf("%dx%d: no \"could not connect\" row under the keys row:\n%s", tc.w, tc.h, v)
		}
		// The message's rows, up to the status bar, read as one text.
		text := strings.Join(strings.Fields(strings.Join(rows[at:len(rows)-1], " ")), " ")
		for _, w := range tc.want {
			if !strings.Contains(text, w) {
				t.Errorf("%dx%d: the message %q lost %q:\n%s", tc.w, tc.h, text, w, v)
			}
		}
	}
}
