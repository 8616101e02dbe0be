package ui

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
)

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
