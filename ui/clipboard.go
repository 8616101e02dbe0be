package ui

import (
	"bytes"
	"io"

	"github.com/aymanbagabas/go-osc52/v2"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// copyLimit caps what y puts on the clipboard: terminals drop or choke on
// larger OSC 52 sequences, and a base64 blob of 20 MB would stall the screen.
const copyLimit = 1 << 20

// copiedMsg is the outcome of writing the OSC 52 sequence.
type copiedMsg struct {
	what string
	n    int
	err  error
}

func (c copiedMsg) status() (statusLevel, string) {
	if c.err != nil {
		return levelError, "copy failed: " + sanitize.Line(c.err.Error())
	}
	return levelInfo, "copied " + c.what + " (" + history.FormatSize(int64(c.n)) + ") to the clipboard"
}

// copyDetail copies what the detail pane shows (see detailPane.copyText).
func (m *Model) copyDetail() tea.Cmd {
	text, what := m.detail.copyText()
	switch {
	case what == "":
		return m.setStatus(levelWarn, "nothing to copy: open a pair or an event in Detail first (enter)")
	case len(text) > copyLimit:
		return m.setStatus(levelWarn, "not copied: the "+what+" is "+history.FormatSize(int64(len(text)))+
			", more than terminals accept through OSC 52 ("+history.FormatSize(copyLimit)+")")
	}
	return copyCmd(m.clipboard, text, what)
}

// copyCmd writes the OSC 52 clipboard sequence. It runs as a Cmd because
// it is output the renderer knows nothing about; the terminal acts on it
// and draws nothing.
func copyCmd(w io.Writer, text, what string) tea.Cmd {
	return func() tea.Msg {
		var buf bytes.Buffer
		if _, err := osc52.New(text).WriteTo(&buf); err != nil {
			return copiedMsg{err: err}
		}
		_, err := w.Write(buf.Bytes())
		return copiedMsg{what: what, n: len(text), err: err}
	}
}
