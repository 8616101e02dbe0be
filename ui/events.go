package ui

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// filterScan is how much of each event the filter looks at: enough for any
// method name or id, and it bounds a keystroke's cost on huge events.
const filterScan = 4 << 10

// eventsPane lists every SSE event as it arrived. With a filter it lists
// the matching ones; matches are found incrementally as events arrive.
type eventsPane struct {
	c     *common
	list  list
	w, h  int
	input textinput.Model

	query   string       // the filter in effect, "" for none
	matches []int        // indexes of matching events
	scanned int          // events already tested against query
	log     *history.Log // the log matches belong to (a replay restart swaps it)
}

func newEventsPane(c *common) *eventsPane {
	in := textinput.New()
	in.Prompt = "/ "
	in.Placeholder = "filter by text (enter keeps it, esc clears)"
	in.CharLimit = 256
	styleInput(&in, c.st.TextInput)
	return &eventsPane{c: c, list: newList(), input: in}
}

// SetSize sets the outer size; the border and header take room, and the
// filter line too when there is one.
func (e *eventsPane) SetSize(w, h int) {
	e.w, e.h = w, h
	e.input.Width = max(w-6, 1)
	e.resize()
}

func (e *eventsPane) resize() {
	rows := e.h - 3
	if e.filterShown() {
		rows--
	}
	e.list.height = max(rows, 1)
	e.list.clamp(e.count())
}

// filterShown reports whether the filter line takes a row.
func (e *eventsPane) filterShown() bool { return e.input.Focused() || e.query != "" }

// typing reports whether the filter input has the keyboard.
func (e *eventsPane) typing() bool { return e.input.Focused() }

// openFilter gives the keyboard to the filter input.
func (e *eventsPane) openFilter() tea.Cmd {
	cmd := e.input.Focus()
	e.resize()
	return cmd
}

// count is the number of rows: all events, or the matching ones.
func (e *eventsPane) count() int {
	if e.query == "" {
		return e.c.log.EventCount()
	}
	e.scan()
	return len(e.matches)
}

// eventAt is the record on row i.
func (e *eventsPane) eventAt(i int) *mcp.Record {
	if e.query == "" {
		return e.c.log.Event(i)
	}
	if i < 0 || i >= len(e.matches) {
		return nil
	}
	return e.c.log.Event(e.matches[i])
}

// repeats is how many identical keep-alives row i stands for, and when the
// newest arrived.
func (e *eventsPane) repeats(i int) (int, time.Time) {
	if e.query != "" {
		if i < 0 || i >= len(e.matches) {
			return 0, time.Time{}
		}
		i = e.matches[i]
	}
	return e.c.log.EventRepeats(i)
}

// selected is the event under the cursor, or nil.
func (e *eventsPane) selected() *mcp.Record { return e.eventAt(e.list.cursor) }

// scan tests the events that arrived since the last scan.
func (e *eventsPane) scan() {
	log := e.c.log
	if e.log != log {
		e.log, e.matches, e.scanned = log, e.matches[:0], 0
	}
	for ; e.scanned < log.EventCount(); e.scanned++ {
		if eventMatches(log.Event(e.scanned), e.query) {
			e.matches = append(e.matches, e.scanned)
		}
	}
}

// setQuery changes the filter and finds its matches.
func (e *eventsPane) setQuery(q string) {
	if narrows(e.query, q) && e.log == e.c.log {
		// Typing on: only what matched so far can match now.
		kept := e.matches[:0]
		for _, i := range e.matches {
			if eventMatches(e.log.Event(i), q) {
				kept = append(kept, i)
			}
		}
		e.matches = kept
	} else {
		e.matches, e.scanned = e.matches[:0], 0
	}
	e.query = q
	e.list.follow = true
	e.resize()
	e.list.sync(e.count())
}

// narrows reports whether every text matching q also matches old: q extends
// old. That holds for ASCII queries only: a window of the text matching an
// ASCII query is ASCII too, so its start matches old; with other runes,
// case folding can change lengths (the Kelvin sign is k).
func narrows(old, q string) bool {
	if old == "" || !strings.HasPrefix(q, old) {
		return false
	}
	for i := 0; i < len(q); i++ {
		if q[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// eventMatches reports whether the event's name, id, comments or data
// contain q, ignoring case.
func eventMatches(r *mcp.Record, q string) bool {
	ev := r.Event
	if ev == nil {
		return false
	}
	if containsFold(ev.Name, q) || containsFold(ev.ID, q) || containsFold(clip(string(ev.Data), filterScan), q) {
		return true
	}
	for _, c := range ev.Comments {
		if containsFold(clip(c, filterScan), q) {
			return true
		}
	}
	return false
}

// sync follows new events.
func (e *eventsPane) sync() { e.list.sync(e.count()) }

// Update handles the keys of a focused events pane and its filter input.
func (e *eventsPane) Update(msg tea.Msg) tea.Cmd {
	k := e.c.keys
	if e.input.Focused() {
		if km, ok := msg.(tea.KeyMsg); ok {
			switch {
			case key.Matches(km, k.Cancel):
				e.input.Blur()
				e.input.SetValue("")
				e.setQuery("")
				return nil
			case key.Matches(km, k.Submit):
				e.input.Blur()
				e.resize()
				return nil
			}
		}
		var cmd tea.Cmd
		e.input, cmd = e.input.Update(msg)
		if q := e.input.Value(); q != e.query {
			e.setQuery(q)
		}
		return cmd
	}
	switch msg := msg.(type) {
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, k.Filter):
			return e.openFilter()
		case key.Matches(msg, k.Cancel) && e.query != "":
			e.input.SetValue("")
			e.setQuery("")
		default:
			e.list.handleKey(k, msg, e.count())
		}
	case tea.MouseMsg:
		e.list.wheel(msg, e.count())
	}
	return nil
}

// click selects the row at screen line y of the pane.
func (e *eventsPane) click(y int) { e.list.selectRow(e.list.offset+y-2, e.count()) }

// view draws the pane, with its filter line when there is one.
func (e *eventsPane) view(focused bool) []string {
	st := e.c.st
	n := e.count()
	inner := e.w - 2
	dataW := max(inner-9-1-10-1-6-1-9-1, 1)
	lines := make([]string, 0, e.list.height+2)
	lines = append(lines, st.Header.Render(cell("TIME", 9)+" "+cell("EVENT", 10)+" "+cell("ID", 6)+" "+rcell("SIZE", 9)+" "+cell("DATA", dataW)))
	if n == 0 {
		switch {
		case e.query != "":
			lines = append(lines, st.Hint.Render("no event matches the filter"))
		default:
			lines = append(lines, st.Hint.Render("no events yet"))
		}
	}
	start, end := e.list.window(n)
	t0 := e.c.log.ConnectedAt()
	for i := start; i < end; i++ {
		r := e.eventAt(i)
		ev := r.Event
		name, data := wireLine(ev.Name, 64), firstLine(string(ev.Data), 512)
		keepAlive := !ev.Dispatched()
		if keepAlive {
			name = "(comment)"
			if len(ev.Comments) > 0 {
				data = ": " + firstLine(ev.Comments[0], 512)
				if n, last := e.repeats(i); n > 1 {
					// The Log keeps a run of identical keep-alives as one row.
					data += " ×" + strconv.Itoa(n) + " until " + sinceConnect(last.Sub(t0))
				}
			} else if ev.Retry != "" {
				name, data = "(retry)", "retry: "+wireLine(ev.Retry, 32)
			}
		} else if name == "" {
			name = "message"
		}
		text := cell(sinceConnect(r.Time.Sub(t0)), 9) + " " + cell(name, 10) + " " + cell(wireLine(ev.ID, 64), 6) + " " +
			rcell(history.FormatSize(int64(len(ev.Raw))), 9) + " " + data
		style := st.Row
		switch {
		case i == e.list.cursor && focused:
			style = st.SelectedRow
			text = cell(text, inner)
		case i == e.list.cursor:
			style = st.Dim.Reverse(true)
			text = cell(text, inner)
		case keepAlive:
			style = st.Dim
		}
		lines = append(lines, style.Render(text))
	}
	if e.filterShown() {
		for len(lines) < e.h-3 {
			lines = append(lines, "")
		}
		if e.input.Focused() {
			lines = append(lines, e.input.View())
		} else {
			lines = append(lines, st.Key.Render("/ ")+st.Row.Render(SanitizeLine(e.query))+st.Hint.Render("  (/ edits, esc clears)"))
		}
	}
	title := "Raw events " + strconv.Itoa(e.c.log.EventCount())
	if e.query != "" {
		title = "Raw events " + strconv.Itoa(n) + " of " + strconv.Itoa(e.c.log.EventCount()) + " match"
	}
	return e.c.frame(title, lines, e.w, e.h, focused)
}
