package ui

import (
	"bytes"
	"io"

	"github.com/aymanbagabas/go-osc52/v2"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// copyLimit caps what y puts on the clipboard: terminals drop or choke on
// larger OSC 52 sequences, and a base64 blob of 20 MB would stall the screen.
const copyLimit = 1 << 20

// copiedMsg is the outcome of writing the OSC 52 sequence.
type copiedMsg struct {
	what     string
	n, total int // bytes copied, and bytes there were
	err      error
	// tmux is whether the sequence went to a tmux pane (see Model.tmux).
	tmux bool
}

func (c copiedMsg) status() (statusLevel, string) {
	if c.err != nil {
		return levelError, "copy failed: " + sanitize.Line(c.err.Error())
	}
	if c.tmux {
		// tmux drops an application's OSC 52 unless set-clipboard is on,
		// and its default is external: "copied" was a claim nothing
		// here can check, and in a default tmux nothing was copied.
		what := "the " + c.what + " (" + history.FormatSize(int64(c.n)) + ")"
		if c.n < c.total {
			what = "the first " + history.FormatSize(int64(c.n)) + " of the " + c.what + " (" +
				history.FormatSize(int64(c.total)) + "; OSC 52 takes no more)"
		}
		// The command first: at the end of the message a wrap split it,
		// "set -g" on one row and "set-clipboard on" on the next.
		return levelWarn, "tmux copies only with set -g set-clipboard on: sent it " + what
	}
	if c.n < c.total {
		return levelWarn, "copied the first " + history.FormatSize(int64(c.n)) + " of the " + c.what + " (" +
			history.FormatSize(int64(c.total)) + "): terminals take no more through OSC 52"
	}
	return levelInfo, "copied " + c.what + " (" + history.FormatSize(int64(c.n)) + ") to the clipboard"
}

// copyDetail copies what the detail pane shows (see detailPane.copyText),
// at most copyLimit bytes of it.
func (m *Model) copyDetail() tea.Cmd {
	text, what := m.detail.copyText()
	if what == "" {
		return m.setStatus(levelWarn, "nothing to copy: open a pair or an event in Detail first ("+m.keys.Open.Help().Key+")")
	}
	return copyCmd(m.clipboard, clip.Prefix(text, copyLimit), len(text), what, m.tmux)
}

// copyCmd writes the OSC 52 clipboard sequence. It runs as a Cmd because
// it is output the renderer knows nothing about (the terminal acts on it
// and draws nothing), and so that encoding a megabyte happens off the
// update loop.
func copyCmd(w io.Writer, text string, total int, what string, tmux bool) tea.Cmd {
	return func() tea.Msg {
		var buf bytes.Buffer
		if _, err := osc52.New(text).WriteTo(&buf); err != nil {
			return copiedMsg{err: err}
		}
		_, err := w.Write(buf.Bytes())
		return copiedMsg{what: what, n: len(text), total: total, err: err, tmux: tmux}
	}
}
