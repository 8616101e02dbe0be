package ui

import (
	"errors"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// The proxy says a client's recording stopped (the disk filled): while that
// client is shown the status bar says the file is incomplete ("✗ rec"),
// another client's recording still shows "● rec", and switching back shows
// the failure again. It went on showing "● rec" for every client.
func TestProxyClientRecordingFailedIsOnTheStatusBar(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(clientMsg{ID: 1, Name: "alpha", Transport: "sse", Records: make(chan []mcp.Record), RecordingPath: "/rec/alpha.jsonl"})
	m.Update(clientMsg{ID: 2, Name: "beta", Transport: "streamable", Records: make(chan []mcp.Record), RecordingPath: "/rec/beta.jsonl"})
	m.Update(clientMsg{ID: 1, RecordingFailed: errors.New("recording: cannot write to /rec/alpha.jsonl: no space left on device")})
	if v := m.status.view(); !strings.Contains(v, "recording stopped, the file is incomplete: recording: cannot write to /rec/alpha.jsonl: no space left on device") {
		t.Errorf("the status bar does not say the shown client's recording stopped: %q", v)
	}
	if !m.status.recordingFailed || m.com.recording != "" {
		t.Errorf("recordingFailed %v, recording %q: want the shown recording marked failed", m.status.recordingFailed, m.com.recording)
	}
	press(m, "]")
	if m.status.recordingFailed || m.com.recording != "/rec/beta.jsonl" {
		t.Errorf("beta's recording is fine, but: recordingFailed %v, recording %q", m.status.recordingFailed, m.com.recording)
	}
	press(m, "[")
	if !m.status.recordingFailed {
		t.Error("back on alpha, its recording is no longer shown as failed")
	}
	if m.clients.feeds[0].title() != "alpha · sse" {
		t.Errorf("the failure renamed the client to %q", m.clients.feeds[0].title())
	}
}
