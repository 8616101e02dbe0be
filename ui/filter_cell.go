package ui

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// filterCells keeps the filtered rows' DATA cells (filteredData) while
// the log, the query and the width stay: finding where a match lies up to
// a megabyte into a row's data, or that it lies nowhere in it (a row found
// by its name), took a frame 40 ms over a screen of 1 MiB events, on
// every frame. A logged event never changes: a cell is keyed by its row
// and its record's seq (a row of keep-alives shows its newest; a recording
// of two sessions numbers each from 1), not by the event, which would keep
// a replay's megabytes alive past its record cache.
type filterCells struct {
	log   *history.Log
	query string
	w     int
	cell  map[cellAt]string
}

// cellAt names a filtered row's cell: its row and its record's seq.
type cellAt struct {
	row int
	seq int64
}

// of is the cell of row's record r for query at w cells.
func (f *filterCells) of(log *history.Log, row int, r *mcp.Record, query string, w int) string {
	if f.cell == nil || f.log != log || f.query != query || f.w != w || len(f.cell) >= filterCellsMost {
		// Another log (a replay started over, another proxied client),
		// query or width, or scrolled over many rows: start over.
		f.log, f.query, f.w, f.cell = log, query, w, make(map[cellAt]string)
	}
	at := cellAt{row, r.Seq}
	if s, ok := f.cell[at]; ok {
		return s
	}
	s := filteredData(string(r.Event.Data), query, w)
	f.cell[at] = s
	return s
}

// filterCellsMost bounds the cells kept: a few screens of rows.
const filterCellsMost = 1024

// filteredData is a filtered row's DATA cell before it is fitted
// (dataAtMatch): the line of the event's data where q first occurs within
// the filter's filterScan bytes, around the match, made safe to draw, or
// its first line when q is not in the data (the row matched by its name
// or id). Only a window about the match is cut, searched for line breaks
// and made safe: a row's megabyte, taken whole on every frame, would cost
// a frame milliseconds a row.
func filteredData(data, q string, w int) string {
	win := matchWindow(clip.Prefix(data, filterScan), q, w)
	cut := false
	if i := indexFold(win, q); i > 0 {
		if k := strings.LastIndexAny(win[:i], "\r\n"); k >= 0 {
			win, cut = win[k+1:], true
		}
	}
	shown := previewData(sanitize.Line(clip.FirstLine(win)))
	if cut {
		return "…" + shown
	}
	return shown
}

// dataAtMatch is a DATA cell of w cells that shows where q first occurs in
// data: the cell starts with … a little before the match, so the text a
// filter found the row by is on screen with what leads up to it. A cell
// that holds no match is data as it is.
func dataAtMatch(data, q string, w int) string {
	i := indexFold(data, q)
	if i <= 0 {
		return data
	}
	lead := max(min(w/3, w-1-ansi.StringWidth(q)), 0)
	start := i
	for start > 0 {
		_, size := utf8.DecodeLastRuneInString(data[:start])
		if ansi.StringWidth(data[start-size:i]) > lead {
			break
		}
		start -= size
	}
	if start == 0 {
		return data
	}
	return "…" + data[start:]
}

// matchWindow is the part of a filtered row's data that a cell w wide can
// show of where q first occurs (the start when q is not in it): each row's
// filterScan bytes, measured and cut on every frame, made a frame with the
// filter on cost several times one with it off. A cell shows at most w
// columns, and a column takes a few bytes at most but for a grapheme of
// many marks, which shows less of the row; the window is cut short before
// the match with "…", which dataAtMatch keeps.
func matchWindow(data, q string, w int) string {
	span := 4 * w
	i := max(indexFold(data, q), 0)
	from := 0
	if i > span {
		from = i - span
		for from < i && !utf8.RuneStart(data[from]) {
			from++
		}
	}
	to := min(len(data), i+len(q)+span)
	for to < len(data) && !utf8.RuneStart(data[to]) {
		to++
	}
	if from == 0 {
		return data[:to]
	}
	return "…" + data[from:to]
}
