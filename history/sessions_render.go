package history

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// RenderSessions lays the recordings out as an aligned table at most width
// columns wide (0: any width). Each recording's file is given by its whole
// path, never clipped, so it can be copied into mcpscope replay: as the
// last column when every row fits on one line, else on a line of its own
// under the row. A row that still does not fit gives up, in this order,
// the seconds of its start, the duration, the size, and then the end of
// the URL; the counts of requests and errors always stay.
func RenderSessions(infos []SessionInfo, width int) string {
	if len(infos) == 0 {
		return "no recorded sessions\n"
	}
	rows := make([]sessionRow, len(infos))
	for i, s := range infos {
		rows[i] = newSessionRow(s)
	}
	cols := sessionCols{seconds: true, duration: true, size: true}
	if table, grid := renderSessionTable(rows, cols, "", true, 0); width <= 0 || grid <= width {
		return table
	}
	// The paths go under the rows, indented when every one of them fits
	// so: a path is never cut, and a wrapped one is still one word.
	indent := "  "
	for _, r := range rows {
		if len(indent)+ansi.StringWidth(r.path) > width {
			indent = ""
		}
	}
	for _, drop := range []*bool{&cols.seconds, &cols.duration, &cols.size, nil} {
		// Only when no column is left to give up do notes go under
		// their rows, and rows get cut.
		last := 0
		if drop == nil {
			last = width
		}
		table, grid := renderSessionTable(rows, cols, indent, false, last)
		if grid <= width || drop == nil {
			return table
		}
		*drop = false
	}
	return ""
}

// sessionRow is one recording's cells, made safe for a terminal.
type sessionRow struct {
	started                    time.Time
	duration, reqs, errs, size string
	url, path                  string
	// note is why the file reads oddly (a recording that ends without
	// its close), in parentheses after the URL, or after the path where
	// the URL column is too narrow for it; "" for most.
	note string
}

func newSessionRow(s SessionInfo) sessionRow {
	url := sanitize.Line(s.URL)
	switch {
	case s.Folded != "":
		// What they are first: a narrow listing cuts the URL's end, and
		// the URL is that of the run's other sessions.
		url = "(" + foldWords(s.Folded, s.Sessions) + ") " + url
	case s.Client != "":
		url += " (client " + sanitize.Line(s.Client) + ")"
	}
	note := s.Note
	if short := shortEndNote(note); short != "" {
		// The whole sentence is what export and replay say; a row has
		// room for its gist, and at 160 columns the whole listing went
		// to two lines a recording for this one row.
		note = short
	}
	if gist, _, ok := strings.Cut(note, ": "); ok && s.NotRecording {
		// What the file is; what to give instead is Open's to say.
		note = gist
	}
	if note != "" {
		note = "(" + sanitize.Line(note) + ")"
	}
	// The path as the user pastes it into replay or export, quoted as a
	// shell reads it back: with a space or a quote, bare, it pasted as
	// two arguments, and the sanitizer's U+FFFD named no file.
	return sessionRow{started: s.Started, duration: sessionDuration(s.Duration), reqs: fmt.Sprint(s.Requests),
		errs: fmt.Sprint(s.Errors), size: FormatSize(s.Size), url: url, note: note, path: command.ShellPath(s.Path)}
}

// urlCell is the URL column's cell of a row: its URL and then its note.
func (r sessionRow) urlCell() string {
	return strings.TrimSpace(r.url + " " + r.note)
}

// sessionCols says which of the columns that can be left out are shown.
type sessionCols struct{ seconds, duration, size bool }

// renderSessionTable is the table with the given columns, the path as the
// last column (oneLine) or on a line under each row after indent, and the
// width of its widest row. Given a width (paths under the rows), a note
// too wide after its URL goes on a line of its own under the path (cut,
// "(its header says it be…" said nothing), and a row still too wide is
// cut after its URL; paths are kept whole: they are copied, not read.
func renderSessionTable(rows []sessionRow, c sessionCols, indent string, oneLine bool, width int) (string, int) {
	layout := "2006-01-02 15:04:05"
	if !c.seconds {
		layout = "2006-01-02 15:04"
	}
	line := func(started, duration, reqs, errs, size, url, path string) []string {
		l := []string{started}
		if c.duration {
			l = append(l, duration)
		}
		l = append(l, reqs, errs)
		if c.size {
			l = append(l, size)
		}
		l = append(l, url)
		if oneLine {
			l = append(l, path)
		}
		return l
	}
	lines := [][]string{line("STARTED", "DURATION", "REQS", "ERRS", "SIZE", "URL", "FILE")}
	widths := make([]int, len(lines[0]))
	for i, cell := range lines[0] {
		widths[i] = ansi.StringWidth(cell)
	}
	for _, r := range rows {
		// The columns are as wide as their cells, the URL's as its URLs
		// without their notes: one note of 300 columns pushed every
		// other row's path that far right.
		for i, cell := range line(r.started.Format(layout), r.duration, r.reqs, r.errs, r.size, r.url, r.path) {
			widths[i] = max(widths[i], ansi.StringWidth(cell))
		}
	}
	urlCol := len(lines[0]) - 1
	if oneLine {
		urlCol--
	}
	before := 0 // where the URL column begins
	for _, w := range widths[:urlCol] {
		before += w + 2
	}
	under := make([]string, len(rows)) // the notes on a line of their own
	for i, r := range rows {
		url, path := r.urlCell(), r.path
		if oneLine && ansi.StringWidth(url) > widths[urlCol] {
			// A note too wide for the URL column follows the path, the
			// last column: in it, it pushed the row's path out of line
			// with every other row's (mcpscope sessions piped).
			url, path = r.url, path+"  "+r.note
		} else if !oneLine && width > 0 && r.note != "" && before+ansi.StringWidth(url) > width {
			url, under[i] = r.url, r.note
		}
		lines = append(lines, line(r.started.Format(layout), r.duration, r.reqs, r.errs, r.size, url, path))
	}
	var b strings.Builder
	grid := 0
	for i, l := range lines {
		var row strings.Builder
		for j, cell := range l {
			row.WriteString(cell)
			if j < len(l)-1 {
				row.WriteString(strings.Repeat(" ", max(widths[j]-ansi.StringWidth(cell), 0)+2))
			}
		}
		text := strings.TrimRight(row.String(), " ")
		grid = max(grid, ansi.StringWidth(text))
		if !oneLine && width > 0 {
			text = ansi.Truncate(text, width, "…")
		}
		b.WriteString(text + "\n")
		if !oneLine && i > 0 {
			b.WriteString(indent + rows[i-1].path + "\n")
			if n := under[i-1]; n != "" {
				b.WriteString(indent + n + "\n")
			}
		}
	}
	return b.String(), grid
}

// sessionDuration is a session's length in the listing; "-" when the
// recording holds too little to tell, or times that cannot be (describe).
func sessionDuration(d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	return FormatDuration(d)
}
