package ui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Drawing the whole screen: the panes placed into rows, the help overlay,
// the question's box, the command line's hint rows and the too-small
// screen.

// hintRows is a hint wrapped between words over the command line's rows
// (the row under it was left blank while the first cut the hint off at 80
// columns), the last row cut if it is longer still.
func (m *Model) hintRows(text string) []string {
	rows := wrapRows(text, max(m.width, 1), max(m.lay.CmdLine.H, 1))
	for i, r := range rows {
		rows[i] = m.com.st.Hint.Render(r)
	}
	return rows
}

// View draws the whole screen.
func (m *Model) View() string {
	if m.width == 0 {
		return "starting…"
	}
	if m.lay.Mode == modeTooSmall {
		quit := m.keys.Quit.Help().Key
		if m.typing() {
			// q is a letter in the input that still has the keys.
			quit = typingQuit
		}
		return m.com.tooSmall(m.width, m.height, quit, m.typing())
	}
	lines := m.body()
	// The command line is padded here so a short line never leaves the
	// frame ragged or shifts the status bar.
	var cl []string
	idle := false // the command line's own rows, not a prompt's or a filter's
	keysRow := "" // the keys row the clients bar took the place of
	// clients: the command line's first row is the clients bar's, drawn
	// once it is known whether it ends with "? help" (below).
	clients := false
	switch {
	case m.ask.open():
		cl = m.ask.inputLines()
	case m.detail.searching():
		cl = m.hintRows(m.detail.searchHint())
	case m.events.typing():
		// The keys the command line's row names (":", "c") are letters of
		// the query now: say what the filter does and how to leave it.
		cl = m.hintRows(m.events.filterHint())
	default:
		idle = !m.cmdline.Focused()
		cl = strings.Split(m.cmdline.View(), "\n")
		if m.showHelp && idle {
			// The pane's keys do nothing under the help, and the box's
			// footer names the help's own keys: said once, inside the
			// box, it fits where a clients bar takes this row.
			cl[0] = ""
		}
		if m.opts.Clients != nil && idle {
			// The command line's first row lists the clients, except while
			// the user types into their own session.
			keysRow, cl[0], clients = cl[0], "", true
		}
	}
	bar, cut, endCut := m.status.draw(true)
	top := 1 // the rows a message to read whole wraps under
	if idle && m.cmdline.holdsHintRow() {
		// A watch-only session's or a replay's reason stays: the session
		// ended there too, and the message wraps below it.
		top = 2
	}
	// The command line's rows the help covers are not drawn (all of them
	// but a proxy's clients bar), and a message cannot wrap into them.
	covered := len(lines) - m.lay.CmdLine.Y
	if n := m.lay.CmdLine.H - top; cut && n > 0 && idle && covered == 0 && len(cl) >= top && blankRows(cl[top:]) {
		// A message is read whole (why a connection failed, a refusal,
		// what y did), and the bar just cut it (wrapWant, without rendering it
		// again): it wraps under the keys row, over the rows cmdRows
		// asked for.
		if rows, rest, ok := m.status.msgRows(n); ok {
			cl, bar = append(cl[:top], rows...), rest
			cut = false
		}
	}
	last := len(cl) - 1
	// A replay's or a watch-only session's reason holds the last row, and
	// the status bar says it is a replay or whose session it is: a message
	// the bar cuts even without the protocol version takes the row while
	// it lasts, the reason back after it. Cut on the bar at 80 columns,
	// "nothing to copy: open a pair or an …" never said how.
	reasonRow := cut && idle && top == 2 && last == top-1 && endCut
	if cut && covered == 0 && last >= 0 && ((ansi.StringWidth(cl[last]) == 0 && !(clients && last == 0)) || reasonRow) && last < m.lay.CmdLine.H {
		// The command line's last row is blank: a status message the bar
		// would cut (a server's refusal, what to do next) is read whole
		// there, and the bar keeps the version and counts.
		if msg, rest, ok := m.status.msgRow(); ok {
			cl[last], bar = msg, rest
		}
	}
	placed := false
	for i := 1; keysRow != "" && i < len(cl) && i < m.lay.CmdLine.H; i++ {
		// The user's own session in a proxy's TUI can send: a row left
		// blank under the clients bar says how (: and c), which it did
		// nowhere once the status that opened it was gone.
		if ansi.StringWidth(cl[i]) == 0 {
			cl[i], placed = keysRow, true
			break
		}
	}
	if clients {
		end := ""
		if keysRow != "" && !placed {
			// The keys row, and its "? help" with it, gave way to the
			// clients bar: the bar ends with it instead where it has
			// room (the clients come first, shortened to make room for
			// it), or a proxy's watcher had no word of the help.
			end = m.barHelp()
		}
		cl[0] = m.clientsBar(end)
	}
	for i := 0; i < m.lay.CmdLine.H-covered; i++ {
		var l string
		if i < len(cl) {
			l = cl[i]
		}
		// painted: an input's placeholder pads with unstyled blanks.
		lines = append(lines, m.com.painted(m.com.fit(l, m.width)))
	}
	lines = append(lines, bar)
	return strings.Join(lines, "\n")
}

// blankRows reports whether every row is empty.
func blankRows(rows []string) bool {
	for _, r := range rows {
		if ansi.StringWidth(r) != 0 {
			return false
		}
	}
	return true
}

// tooSmall is the whole screen when nothing fits, wrapped between words to
// the width (and cut to the height) so the size it needs is read whole on
// the small terminal it is shown on. It is drawn in the theme, every cell
// of it, as every other screen is: in the terminal's own colours it was a
// dark patch in a light theme's window. Where it has room it also says
// that other keys do nothing (handleKey drops them), and, while an input
// holds typed text, that the text is kept.
func (c *common) tooSmall(w, h int, quit string, typing bool) string {
	// Nothing else is drawn, the keys row neither: how to leave is said
	// here, or a newcomer who cannot resize is stuck.
	msg := fmt.Sprintf("terminal too small (need %dx%d, have %dx%d): enlarge it, or press %s to quit", minWidth, minHeight, w, h, quit)
	if w <= 0 || h <= 0 {
		return msg
	}
	lines := wrapWords(msg, w)
	more := msg + "; other keys do nothing until then"
	if typing {
		more += " (what you typed is kept)"
	}
	// Said only whole: a cut "other keys do…" would read as anything.
	if longer := wrapWords(more, w); len(longer) <= h {
		lines = longer
	}
	lines = lines[:min(len(lines), h)]
	for i, l := range lines {
		lines[i] = c.painted(c.fit(c.st.Warning.Render(l), w))
	}
	for len(lines) < h {
		lines = append(lines, c.fit("", w))
	}
	return strings.Join(lines, "\n")
}

// helpHeight is the rows the help overlay takes: the panes' and, while no
// input has the keyboard, the command line's too, which under the help
// held nothing (its footer names the help's keys) and left the box saying
// "more below" over blank rows. A proxy's clients bar keeps its row.
func (m *Model) helpHeight() int {
	h := m.lay.CmdLine.Y
	if m.typing() {
		return h
	}
	h += m.lay.CmdLine.H
	if m.opts.Clients != nil {
		h--
	}
	return h
}

// piece is a pane's line placed at a column.
type piece struct {
	x    int
	text string
}

// body draws the panes (or the help overlay) into the rows above the
// command line.
func (m *Model) body() []string {
	bodyH := m.lay.CmdLine.Y
	if m.showHelp {
		h := m.helpHeight()
		lines := strings.Split(m.com.helpView(m.width, h, m.helpTop), "\n")
		for len(lines) < h {
			lines = append(lines, m.com.fit("", m.width))
		}
		return lines[:h]
	}
	rows := make([][]piece, bodyH)
	place := func(r rect, lines []string) {
		for i, l := range lines {
			if y := r.Y + i; y < bodyH && i < r.H {
				rows[y] = append(rows[y], piece{r.X, l})
			}
		}
	}
	if !m.lay.TabBar.empty() {
		place(m.lay.TabBar, []string{m.tabBar()})
	}
	var box []string
	boxTop := bodyH
	if m.ask.open() {
		box = m.ask.boxLines(m.width, m.askBoxHeight())
		boxTop = bodyH - len(box)
	}
	for p := pane(0); p < paneCount; p++ {
		r := m.lay.paneRect(p, m.slot)
		if r.empty() {
			continue
		}
		// The question's box covers the pane's bottom: the pane closes
		// with its own bottom border above it, where the box drew over
		// that border and left the pane open.
		shown := boxTop - r.Y
		covered := shown >= 2 && shown < r.H
		if l, ok := m.paneOf(p).(shortenable); ok && covered {
			// A list drawn at its full height and cut hid its newest
			// rows, the call the box asks about among them. Drawn
			// short only: not drawn whole first and thrown away.
			place(r, l.viewShort(p == m.focus, shown))
			continue
		}
		view := m.paneView(p, p == m.focus)
		if covered && shown < len(view) {
			view = append(view[:shown-1:shown-1], view[len(view)-1])
		}
		place(r, view)
	}
	if box != nil {
		// The question's box covers the bottom of the panes: it is what
		// needs an answer now.
		for i, l := range box {
			if y := bodyH - len(box) + i; y >= 0 {
				rows[y] = []piece{{0, l}}
			}
		}
	}
	out := make([]string, bodyH)
	for y, ps := range rows {
		slices.SortFunc(ps, func(a, b piece) int { return a.x - b.x })
		var b strings.Builder
		for _, p := range ps {
			b.WriteString(p.text)
		}
		out[y] = b.String()
	}
	return out
}

// askBoxHeight is the most lines the open question's box takes: half the
// panes' height, and never fewer than 5.
func (m *Model) askBoxHeight() int {
	return max(m.lay.CmdLine.Y/2, 5)
}
