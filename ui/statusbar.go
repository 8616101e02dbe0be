package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/mcpscope/mcpscope/mcp"
)

// statusBar is the bottom line: where we are connected, how, what state
// the session is in, counts, the recording, and the transient message.
type statusBar struct {
	c *common
	w int

	url, transport, recording, note string
	msg                             *statusLine
	ended                           bool
	replay                          string // position and speed while replaying
}

func newStatusBar(c *common, opts Options) *statusBar {
	return &statusBar{c: c, url: opts.URL, transport: opts.Transport, recording: opts.RecordingPath, note: opts.Note}
}

// SetSize sets the width.
func (s *statusBar) SetSize(w int) { s.w = w }

func (s *statusBar) view() string {
	st := s.c.st
	stats := s.c.log.Stats()
	sep := st.StatusBar.Render(" · ")
	var parts []string

	transport := stats.Transport
	if transport == "" {
		transport = s.transport
	}
	if transport == "" {
		transport = "SSE"
	}
	badge := strings.ToUpper(wireLine(transport, 16))
	if s.c.replay {
		badge = "REPLAY " + badge
	}
	line := st.StatusKey.Render(badge) + st.StatusBar.Render(" ")
	if s.replay != "" {
		line += st.StatusValue.Render(s.replay) + st.StatusBar.Render(" ")
	}
	line += s.stateView(stats.State)

	switch {
	case s.msg != nil:
		parts = append(parts, s.levelStyle(s.msg.level).Render(s.msg.text))
	case s.note != "":
		parts = append(parts, st.Info.Render(SanitizeLine(s.note)))
	}
	url := stats.URL
	if url == "" {
		url = s.url
	}
	if url != "" {
		parts = append(parts, st.StatusBar.Render(wireLine(url, 512)))
	}
	if stats.SessionID != "" {
		id := wireLine(stats.SessionID, 128)
		if len([]rune(id)) > 12 {
			id = string([]rune(id)[:12]) + "…"
		}
		parts = append(parts, st.StatusBar.Render("session ")+st.Row.Render(id))
	}
	counts := fmt.Sprintf("%d req", stats.Requests)
	if stats.Pending > 0 {
		counts += fmt.Sprintf(" %d pending", stats.Pending)
	}
	parts = append(parts, st.StatusBar.Render(counts))
	if stats.Errors > 0 {
		parts = append(parts, st.Error.Render(fmt.Sprintf("%d err", stats.Errors)))
	}
	if stats.Foreign > 0 {
		parts = append(parts, st.Warning.Render(fmt.Sprintf("%d foreign", stats.Foreign)))
	}
	parts = append(parts, st.StatusBar.Render(fmt.Sprintf("%d ev %s", stats.Events, sizeString(stats.Bytes))))
	if s.recording != "" {
		parts = append(parts, st.StatusBar.Render("rec ")+st.Row.Render(SanitizeLine(s.recording)))
	}
	parts = append(parts, st.Key.Render("?")+st.StatusBar.Render(" help"))
	line += st.StatusBar.Render(" ") + strings.Join(parts, sep)
	return s.c.fit(line, s.w)
}

// stateView shows the connection state, coloured by how healthy it is.
func (s *statusBar) stateView(state string) string {
	st := s.c.st
	if s.ended && !s.c.replay {
		return st.Error.Render("● ended")
	}
	switch state {
	case "":
		return st.Dim.Render("○ starting")
	case mcp.StateOpen, mcp.StateInitialized:
		return st.Success.Render("● " + state)
	case mcp.StateConnecting, mcp.StateReconnecting:
		return st.Warning.Render("◌ " + state)
	}
	return st.Error.Render("● " + wireLine(state, 32))
}

func (s *statusBar) levelStyle(l statusLevel) lipgloss.Style {
	switch l {
	case levelError:
		return s.c.st.Error
	case levelWarn:
		return s.c.st.Warning
	}
	return s.c.st.Info
}
