package ui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// eventsPane lists every SSE event as it arrived. With a filter it lists
// the matching ones, found off the update loop (see eventFilter).
type eventsPane struct {
	c      *common
	list   list
	w, h   int
	input  textinput.Model
	filter eventFilter
	grown  grownColumns
	cells  filterCells
}

func newEventsPane(c *common) *eventsPane {
	in := textinput.New()
	in.Prompt = "/ "
	in.Placeholder = "filter by text (" + c.keys.Submit.Help().Key + " keeps it, " + c.keys.Cancel.Help().Key + " clears)"
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

// viewShort is the pane drawn h lines high (see shortenable).
func (e *eventsPane) viewShort(focused bool, h int) []string {
	keepList, keepH := e.list, e.h
	defer func() { e.list, e.h = keepList, keepH }()
	e.h = h
	e.resize()
	return e.view(focused)
}

// filterShown reports whether the filter line takes a row.
func (e *eventsPane) filterShown() bool { return e.input.Focused() || e.filter.active() }

// filterHint says, while the filter input has the keyboard, what it
// matches and the keys that leave it.
func (e *eventsPane) filterHint() string {
	k := e.c.keys
	// The keys first: a narrow terminal cuts the end of the line.
	return k.Submit.Help().Key + " keep filter · " + k.Cancel.Help().Key + " clear filter · " +
		"shows the events whose stream, name, id, comments or data (its first " + history.FormatSize(filterScan) + ") contain the text, in any case"
}

// typing reports whether the filter input has the keyboard.
func (e *eventsPane) typing() bool { return e.input.Focused() }

// openFilter gives the keyboard to the filter input.
func (e *eventsPane) openFilter() tea.Cmd {
	cmd := e.input.Focus()
	e.resize()
	return cmd
}

// count is the number of rows: all events, or the matches found so far.
func (e *eventsPane) count() int {
	if !e.filter.active() {
		return e.c.log.EventCount()
	}
	if !e.filter.current(e.c.log) {
		return 0 // the log was replaced; sync starts over
	}
	return len(e.filter.matches)
}

// eventAt is the record on row i, nil when there is none.
func (e *eventsPane) eventAt(i int) *mcp.Record { return e.c.log.Event(e.logRow(i)) }

// logRow is the row of the Log's events pane that row i shows, or -1.
func (e *eventsPane) logRow(i int) int {
	if !e.filter.active() {
		return i
	}
	if i < 0 || i >= e.count() {
		return -1
	}
	return e.filter.matches[i]
}

// eventRunAt is row i's event and what it stands for besides it (see
// history.Log.EventAndRun).
func (e *eventsPane) eventRunAt(i int) (*mcp.Record, history.EventRun) {
	return e.c.log.EventAndRun(e.logRow(i))
}

// selected is the event under the cursor, or nil.
func (e *eventsPane) selected() *mcp.Record { return e.eventAt(e.list.cursor) }

// selectedRow is the row of the Log's events pane under the cursor, or -1.
func (e *eventsPane) selectedRow() int { return e.logRow(e.list.cursor) }

// setQuery changes the filter and starts finding its matches.
func (e *eventsPane) setQuery(q string) tea.Cmd {
	cmd := e.filter.setQuery(q, e.c.log)
	e.list.follow = true
	e.resize()
	e.list.sync(e.count())
	return cmd
}

// sync follows new events, and has the filter test them.
func (e *eventsPane) sync() tea.Cmd {
	cmd := e.filter.sync(e.c.log)
	e.list.sync(e.count())
	return cmd
}

// filtered takes in a chunk of the filter's matches.
func (e *eventsPane) filtered(msg filterChunkMsg) tea.Cmd {
	cmd := e.filter.apply(msg)
	e.list.sync(e.count())
	return cmd
}

// Update handles the keys of a focused events pane and its filter input.
func (e *eventsPane) Update(msg tea.Msg) tea.Cmd {
	k := e.c.keys
	if e.input.Focused() {
		if km, ok := msg.(tea.KeyMsg); ok {
			switch {
			case key.Matches(km, k.Cancel):
				e.input.Blur()
				e.input.SetValue("")
				return e.setQuery("")
			case key.Matches(km, k.Submit):
				e.keepFilter()
				return nil
			}
		}
		var cmd tea.Cmd
		e.input, cmd = e.input.Update(msg)
		if q := e.input.Value(); q != e.filter.query {
			cmd = tea.Batch(cmd, e.setQuery(q))
		}
		return cmd
	}
	switch msg := msg.(type) {
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, k.Filter):
			return e.openFilter()
		case key.Matches(msg, k.Cancel) && e.filter.active():
			e.input.SetValue("")
			return e.setQuery("")
		default:
			e.list.handleKey(k, msg, e.count())
		}
	case tea.MouseMsg:
		e.list.wheel(msg, e.count())
	}
	return nil
}

// keepFilter leaves the filter input, the filter kept (enter, or tab on
// its way to another pane).
func (e *eventsPane) keepFilter() {
	e.input.Blur()
	e.resize()
}

// click selects the row at screen line y of the pane.
func (e *eventsPane) click(y int) { e.list.selectRow(e.list.offset+y-2, e.count()) }

// view draws the pane, with its filter line when there is one.
func (e *eventsPane) view(focused bool) []string {
	st := e.c.st
	n := e.count()
	inner := e.w - 2
	start, end := e.list.window(n)
	t0 := e.c.log.ConnectedAt()
	// The cells first: the columns are as wide as what is on screen.
	rows := make([]eventCells, 0, max(end-start, 0))
	keepAlives := make([]bool, 0, cap(rows))
	noData := make([]bool, 0, cap(rows))
	idRuns := make([]idRun, 0, cap(rows))
	for i := start; i < end; i++ {
		r, ru := e.eventRunAt(i)
		ev := r.Event
		name := wireLine(shownName(ev), 64)
		var data string
		if e.filter.active() {
			// The match may be a megabyte in: the cell shows it
			// (filteredData), not the same {…"id":… as every other row.
			data = e.cells.of(e.c.log, i, r, e.filter.query, inner)
		} else {
			data = previewData(firstLine(string(ev.Data), 512))
		}
		keepAlive := !ev.Dispatched()
		empty := false
		id := wireLine(ev.ID, 64)
		n, last, newest := ru.N, ru.Last, ru.Newest
		// The Log keeps a run of blocks no EventSource dispatches as one
		// row; the count goes first and the last one's time last, so a
		// narrow pane cuts the least telling part. Only a run's row says
		// it: made for every row, it cost each frame a string a row.
		lastAt := ""
		if n > 1 {
			lastAt = " (last " + sinceConnect(last.Sub(t0)) + ")"
		}
		if keepAlive {
			data = keepAliveData(ev)
			if n > 1 {
				// A run whose blocks differ (`: ping 1` ... `: ping 9`)
				// shows its first and its newest.
				run := "×" + strconv.Itoa(n)
				if data != "" {
					// A block of a line EventSource ignores ("x") shows none.
					run += " " + data
				}
				if newest != nil {
					if to := keepAliveData(newest); to != "" {
						run += " … " + to
					}
				}
				data = run + lastAt
			}
		} else if data == "" {
			// An event with an id and no data primes a stream for
			// resumption (2025-11-25); an empty cell would read as a
			// drawing fault, and "(no data)" alone as a server's slip
			// repeated on every answer. Detail says what priming is.
			data, empty = "(no data)", true
			if r.Event.HasID {
				data = "(priming, no data)"
			}
		}
		run := idRun{}
		if !keepAlive && n > 1 {
			// A run of ids alone: each sets the Last-Event-ID a reconnect
			// sends, so the ID is the newest's, the one in effect, and
			// the first's is said too (when the rows are drawn).
			run = idRun{count: "×" + strconv.Itoa(n), first: id, lastAt: lastAt}
			data = run.count + " (no data)"
		}
		if ru.NewestID != nil {
			// The newest id of the run, keep-alives after it or not.
			id = wireLine(ru.NewestID.ID, 64)
			// A narrow pane, with no ID column, says it after the data.
			empty = empty || keepAlive
		}
		rows = append(rows, eventCells{sinceConnect(r.Time.Sub(t0)), streamLabel(e.c.log, r), name, id,
			history.FormatSize(ru.Bytes), data})
		keepAlives, noData, idRuns = append(keepAlives, keepAlive), append(noData, empty), append(idRuns, run)
	}
	cols := e.grown.columns(e.c.log, inner, rows)
	lines := make([]string, 0, e.list.height+2)
	lines = append(lines, st.Header.Render(cell(cols.row(eventHeader), inner)))
	if n == 0 {
		switch {
		case e.filter.scanning():
			lines = append(lines, st.Hint.Render("filtering…"))
		case e.filter.active():
			lines = append(lines, st.Hint.Render("no event matches the filter"))
		case e.c.replay && e.c.replayDone:
			lines = append(lines, st.Hint.Render("no events in this recording"))
		case e.c.proxied() && e.c.log.Stats().State == mcp.StateClosed:
			// "yet" promised more from a client session that ended (an
			// upstream that refused it, a 502): none can come.
			lines = append(lines, st.Hint.Render("no events: the session ended without any"))
		default:
			lines = append(lines, st.Hint.Render("no events yet"))
		}
	}
	for j, cells := range rows {
		i := start + j
		switch run := idRuns[j]; {
		case run.first != "" && cols.id == 0:
			// The ids before when the newest came, which a narrow pane
			// cuts first.
			cells.data = fitIDs(run.count+" ids ", []string{run.first, cells.id}, cols.data) + run.lastAt
		case run.first != "":
			cells.data = fitIDs(run.count+" (no data) from id ", []string{run.first}, cols.data) + run.lastAt
		case noData[j] && cells.id != "" && cols.id == 0:
			// A narrow pane has no ID column. As in the column, a long
			// id keeps its end, which tells the stream's events apart
			// (…_0, …_1); the cell's end cut made them all read alike.
			cells.data = fitIDs(cells.data+" id ", []string{cells.id}, cols.data)
		}
		text := cols.row(cells)
		if q := e.filter.query; e.filter.active() && !containsFold(cell(text, inner), q) {
			// The match is past where the data cell is cut: the rows read
			// alike ({…"method":"notif…), none of them showing the text
			// they were found by.
			cells.data = dataAtMatch(cells.data, q, cols.data)
			text = cols.row(cells)
		}
		style := st.Row
		switch {
		case i == e.list.cursor && focused:
			style = st.SelectedRow
			text = cell(text, inner)
		case i == e.list.cursor:
			style = st.Dim.Reverse(true)
			text = cell(text, inner)
		case keepAlives[j]:
			// Cut here, as the frame would, but by cell: never just after
			// a run's own … (first … newest) with another.
			style, text = st.Dim, cell(text, inner)
		}
		lines = append(lines, style.Render(text))
	}
	if e.filterShown() {
		for len(lines) < e.h-3 {
			lines = append(lines, "")
		}
		if e.input.Focused() {
			lines = append(lines, e.c.painted(e.input.View())) // its placeholder pads with unstyled blanks
		} else {
			lines = append(lines, st.Key.Render("/ ")+st.Row.Render(sanitize.Line(e.filter.query))+st.Hint.Render("  ("+e.c.keys.Filter.Help().Key+" edits, "+e.c.keys.Cancel.Help().Key+" clears)"))
		}
	}
	rowCount, events := e.c.log.EventCount(), e.c.log.Stats().Events
	// Events, as the status bar counts them ("190 ev"), and the rows
	// when runs of keep-alives fold them: the rows alone ("Raw events
	// 8") read as a count of events beside the status bar's 190.
	title := "Raw events " + strconv.Itoa(events)
	if rowCount != events {
		title += " in " + plural(rowCount, "row")
	}
	switch {
	case e.filter.scanning() && e.filter.current(e.c.log):
		done, total := e.filter.progress()
		// The matches found so far are the rows; the title says how far
		// the scan got, short enough for a narrow pane.
		title = "Raw events · filtering… " + strconv.Itoa(done) + " of " + strconv.Itoa(total) + " scanned"
	case e.filter.active():
		of := strconv.Itoa(rowCount)
		if rowCount != events {
			of += " rows"
		}
		title = "Raw events " + strconv.Itoa(n) + " of " + of + " match"
	}
	return e.c.frame(title, lines, e.w, e.h, focused)
}

// jsonrpcHeads are how nearly every message's data begins; as the start of
// a narrow DATA cell it made every row read the same.
var jsonrpcHeads = []string{`{"jsonrpc":"2.0",`, `{"jsonrpc": "2.0", `}

// previewData is an event's data as its row shows it: a leading
// "jsonrpc":"2.0" member is left out, marked with …, so the cell starts
// with what tells the rows apart (the method, the id). Detail shows the
// bytes as they came, and the filter searches them.
func previewData(data string) string {
	for _, h := range jsonrpcHeads {
		if rest, ok := strings.CutPrefix(data, h); ok {
			return "{…" + rest
		}
	}
	return data
}

// keepAliveData is the DATA cell of a keep-alive: its first comment, else
// its retry field; a line EventSource ignores ("x") has none.
func keepAliveData(ev *mcp.SSEEvent) string {
	switch {
	case len(ev.Comments) > 0:
		return ": " + firstLine(ev.Comments[0], 512)
	case ev.Retry != "":
		return "retry: " + wireLine(ev.Retry, 32)
	}
	return ""
}

// shownName is what the EVENT column says of ev, before it is made safe
// to draw: its name, "message" for an unnamed event (what EventSource
// dispatches it as), and for a block no EventSource dispatches what it
// holds, or that the stream stopped inside it. The filter matches it, so a row reading "message" is found by it.
func shownName(ev *mcp.SSEEvent) string {
	switch {
	case ev.Unparsed():
		// The stream stopped inside it: "(comment)" called the start of
		// an answer, cut off, a comment.
		return "(cut off)"
	case !ev.Dispatched() && len(ev.Comments) == 0 && ev.Retry != "":
		return "(retry)"
	case !ev.Dispatched():
		return "(comment)"
	case ev.Name == "":
		return "message"
	case ev.Name[0] > ' ' && ev.Name[0] < 0x7f, strings.TrimSpace(wireLine(ev.Name, 64)) != "":
		// A printable first byte shows as itself: the filter asks this
		// of every event, and only a name opening in a control or a
		// blank is made safe to see what it shows.
		return ev.Name
	}
	// Its first bytes are all controls (or blanks): the row shows what
	// follows them, or, for a name of nothing else, says so; a row and a
	// heading with no name read as a message's. Made safe here, where
	// its drawing cuts it: cut first, a real name past 64 bytes of
	// escapes was cut away.
	if name := strings.TrimSpace(sanitize.Line(clip.Prefix(ev.Name, maxShownName))); name != "" {
		return name
	}
	return "(controls)"
}

// maxShownName bounds what of an event's name is read for what it shows:
// a name can be as large as an event, and rows are drawn every frame.
const maxShownName = 4096

// idRun is what the row of a run of ids alone says besides its cells: how
// many, the first's id, and when the newest came.
type idRun struct{ count, first, lastAt string }

// fitIDs is lead followed by ids, a space between them, in room cells: as
// in the ID column, a long id keeps its end, which tells a stream's events
// apart (…_0, …_1), where cutting the end made them all read alike.
func fitIDs(lead string, ids []string, room int) string {
	each := (room - ansi.StringWidth(lead) - (len(ids) - 1)) / len(ids)
	for k, id := range ids {
		if k > 0 {
			lead += " "
		}
		lead += cutID(id, each)
	}
	return lead
}
