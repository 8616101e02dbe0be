package ui

import (
	"bytes"
	"io"
	"strings"

	"github.com/aymanbagabas/go-osc52/v2"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
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
		// What was done first, then the caveat and the command to run:
		// "tmux copies only with set -g set-clipboard on: sent it …" left
		// the user guessing whether it was copied and what to type. The
		// command's no-break spaces keep it on one row when the message
		// wraps (spaced makes them spaces on the screen).
		return levelWarn, "copied " + what + " (inside tmux it reaches the clipboard only with: " +
			unbroken("tmux set -g set-clipboard on") + ")"
	}
	if c.n < c.total {
		return levelWarn, "copied the first " + history.FormatSize(int64(c.n)) + " of the " + c.what + " (" +
			history.FormatSize(int64(c.total)) + "): terminals take no more through OSC 52"
	}
	return levelInfo, "copied " + c.what + " (" + history.FormatSize(int64(c.n)) + ") to the clipboard"
}

// copySelected copies the row the focused pane has selected, Pairs' or
// Raw events', and what Detail shows from any other pane; at most
// copyLimit bytes of it. It copied Detail's pair from Pairs, where another
// row was highlighted (notifications/initialized, while Detail still held
// initialize), and said only "the response JSON", not whose.
func (m *Model) copySelected() tea.Cmd {
	p, ev := m.detail.selection()
	switch {
	case m.focus == panePairs && m.pairs.selected() != nil:
		p, ev = m.pairs.selected(), nil
	case m.focus == paneEvents && m.events.selected() != nil:
		p, ev = nil, m.events.selected()
	}
	text, what := copyText(p, ev, m.detail.pretty)
	if what == "" {
		if m.focus == panePairs || m.focus == paneEvents {
			return m.setStatus(levelWarn, "nothing to copy: the pane has no row yet")
		}
		return m.setStatus(levelWarn, "nothing to copy: open a pair or an event in Detail first ("+m.keys.Open.Help().Key+")")
	}
	return copyCmd(m.clipboard, clip.Prefix(text, copyLimit), len(text), what, m.tmux)
}

// copyText is what y puts on the clipboard of pair p or event ev: the
// answer's JSON (or the request's while there is none), or the event's
// data; and what it is, a pair's named by its method and id.
func copyText(p *history.Pair, ev *mcp.Record, pretty bool) (string, string) {
	switch {
	case p != nil && p.Response != nil && p.Response.RPC != nil:
		return string(p.Response.RPC.Raw), "response JSON" + copiedOf(p)
	case p != nil && p.Request != nil && p.Request.RPC != nil:
		// Named as Detail titles it: "copied request JSON" on
		// notifications/initialized read as the wrong row copied.
		return string(p.Request.RPC.Raw), strings.ToLower(requestTitle(p)) + " JSON" + copiedOf(p)
	case p != nil && p.Reply != nil && p.Reply.RPC != nil:
		return string(p.Reply.RPC.Raw), "reply JSON" + copiedOf(p)
	case ev != nil && ev.Event != nil && (!pretty || ev.Event.Unparsed() || len(ev.Event.Data) == 0):
		// A block the stream stopped inside has no data: its bytes are
		// what Detail shows of it either way. So has a priming event
		// (an id alone) or a comment: "copied the event data (0 B)"
		// put nothing on the clipboard.
		return string(ev.Event.Raw), "raw event"
	case ev != nil && ev.Event != nil:
		return string(ev.Event.Data), "event data"
	}
	return "", ""
}

// copiedOf names the pair a copy came from, as its Pairs row does.
func copiedOf(p *history.Pair) string {
	of := " of " + pairTitle(p)
	if p.ID != "" {
		of += ", id " + wireLine(p.ID, 64)
	}
	return of
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
