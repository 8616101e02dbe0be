package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// A proxied client's recording whose disk did not answer is said as it is
// in the TUI's own session: mid-session, the recording no longer keeping
// up; at the session's end, that it may be incomplete. The proxy's TUI
// said "recording stopped, the file is incomplete: recording to … may be
// incomplete", which contradicts itself and is not known.
func TestProxyClientRecordingUnansweredIsNotSaidIncomplete(t *testing.T) {
	for _, tc := range []struct {
		behind bool
		want   string
	}{
		{true, "the recording stopped keeping up: recording to /rec/alpha.jsonl may be incomplete: the disk did not answer within 2s"},
		{false, "recording to /rec/alpha.jsonl may be incomplete: the disk did not answer within 2s"},
	} {
		m := newProxyModel(t, make(chan Client))
		m.Update(clientMsg{ID: 1, Name: "alpha", Transport: "sse", Records: make(chan []mcp.Record), RecordingPath: "/rec/alpha.jsonl"})
		m.Update(clientMsg{ID: 1, RecordingFailed: &history.Unanswered{Path: "/rec/alpha.jsonl", Wait: 2 * time.Second, Behind: tc.behind}})
		v := ansi.Strip(m.status.view())
		if !strings.Contains(v, tc.want) {
			t.Errorf("behind %v: the status bar says %q, want %q", tc.behind, v, tc.want)
		}
		if strings.Contains(v, "the file is incomplete") {
			t.Errorf("behind %v: the status bar says the file is incomplete, which is not known: %q", tc.behind, v)
		}
		if !m.status.recordingFailed {
			t.Errorf("behind %v: the recording is still shown as recording", tc.behind)
		}
	}
}
